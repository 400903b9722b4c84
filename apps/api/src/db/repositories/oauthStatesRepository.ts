import { randomUUID } from 'node:crypto';
import { type SecretBox } from '@api/security/crypto';
import { type Database } from '../database';
import { type OAuthStatesTable } from '../schema';
import { hashSecret, newToken } from './panelSessionsRepository';
import { type CrmUserSource, type OAuthTokens } from './sessionsRepository';
import { type RepositoryContext } from './context';

/** Sign-ins in progress one session may hold (a new one ends the oldest). */
export const MAX_SIGN_INS_PER_SESSION = 3;
/** How long a tab's "under way" marker lasts when its caller names no time (the api's sign-in TTL). */
const DEFAULT_TAB_TTL_MS = 10 * 60_000;

/** The sign-in a callback completes: which session started it, and whose CRM tokens it stores. */
export interface SignIn {
  familyId: string;
  systemKey: string;
  /** The owner key of the CRM tokens (session_families.crm_owner). */
  userId: string;
  /** A sign-in in a tab of its own (a frame that may not open windows); absent: the window's. */
  tab?: TabSignIn;
}

/**
 * A sign-in the attendant makes in a tab of their own: it ends parked, and only the panel session
 * that started it, holding the single-use redeem code, makes it count.
 */
export interface TabSignIn {
  /** SHA-256 of the redeem code the framed panel holds (never in a URL). */
  redeemHash: string;
  /** Where the tab's last page leads back to (the page the panel was framed in), if known. */
  returnTo: string | null;
}

/** Who the CRM user of a sign-in is, once known. */
export interface SignInChoice {
  userId: string;
  source: CrmUserSource;
  name: string | null;
}

/** A tab's sign-in, done and waiting for its panel to redeem it. */
export interface ParkedSignIn extends HeldSignIn {
  choice: SignInChoice;
}

/**
 * What redeeming a tab's sign-in finds: nothing (gone, expired, another session's), not yet, done,
 * or refused in the tab (why, as the tab said it).
 */
export type RedeemOutcome =
  | { kind: 'gone' }
  | { kind: 'waiting' }
  | { kind: 'done'; signIn: SignIn; parked: ParkedSignIn }
  | { kind: 'failed'; failure: string };

/** A sign-in whose code was exchanged, waiting for the attendant to confirm who they are. */
export interface HeldSignIn {
  tokens: OAuthTokens;
  /** The account ids to bind credentials saved before any sign-in to (null: already bound). */
  bindIds: string[] | null;
}

/** What `auth/begin` gives the window: the state for the CRM, its cookie and its own secret. */
export interface OpenedSignIn {
  state: string;
  binding: string;
  windowProof: string;
  signIn: SignIn;
}

type SignInSecrets = Partial<
  Pick<
    OAuthStatesTable,
    'ticket_hash' | 'binding_hash' | 'confirm_hash' | 'held_enc' | 'agent_hash' | 'failure'
  >
>;

/** A new row of a sign-in: its secrets as given, every other one empty. */
async function insertSignIn(
  database: Database,
  signIn: SignIn,
  at: number,
  ttlMs: number,
  secrets: SignInSecrets,
): Promise<void> {
  await database.db
    .insertInto('oauth_states')
    .values({
      id: randomUUID(),
      family_id: signIn.familyId,
      system_key: signIn.systemKey,
      user_id: signIn.userId,
      ticket_hash: null,
      state_hash: null,
      binding_hash: null,
      window_hash: null,
      confirm_hash: null,
      held_enc: null,
      agent_hash: null,
      redeem_hash: signIn.tab?.redeemHash ?? null,
      return_to: signIn.tab?.returnTo ?? null,
      failure: null,
      ...secrets,
      expires_at: at + ttlMs,
      created_at: at,
    })
    .execute();
}

/** The columns a sign-in is read back from. */
const SIGN_IN_COLUMNS = ['family_id', 'system_key', 'user_id', 'redeem_hash', 'return_to'] as const;

function signInOf(row: {
  family_id: string;
  system_key: string;
  user_id: string;
  redeem_hash: string | null;
  return_to: string | null;
}): SignIn {
  const signIn: SignIn = {
    familyId: row.family_id,
    systemKey: row.system_key,
    userId: row.user_id,
  };
  if (row.redeem_hash) signIn.tab = { redeemHash: row.redeem_hash, returnTo: row.return_to };
  return signIn;
}

const heldContext = (signIn: SignIn): string =>
  JSON.stringify(['held-sign-in', signIn.familyId, signIn.systemKey, signIn.userId]);

/**
 * Sign-ins in progress. `auth/start` (a session) makes a ticket; the sign-in window opens
 * `auth/begin?ticket=` (single use), which binds it to that window's cookie, gives the window a
 * secret of its own (kept in its sessionStorage) and picks the `state`; the callback must come
 * back in the same browser (the cookie) and in that same window (its secret), with that state
 * when the CRM sends one. A sign-in the attendant must still confirm is held here, its tokens
 * sealed, until the confirmation page of that window answers. Only SHA-256 of ticket, state,
 * cookie value and the two window secrets are stored.
 */
export function createOAuthStatesRepository({
  database,
  box,
  now,
}: Pick<RepositoryContext, 'database' | 'box' | 'now'>) {
  const { db } = database;

  /** Every row of one tab's sign-in of session `familyId`. */
  const forget = async (familyId: string, redeemHash: string): Promise<void> => {
    await db
      .deleteFrom('oauth_states')
      .where('redeem_hash', '=', redeemHash)
      .where('family_id', '=', familyId)
      .execute();
  };

  /**
   * Makes room for a new sign-in of the session: its oldest ones beyond
   * `MAX_SIGN_INS_PER_SESSION` and every expired one go, so a session (even one nobody verified)
   * holds a bounded few.
   */
  const makeRoom = async (familyId: string, at: number): Promise<void> => {
    await db.deleteFrom('oauth_states').where('expires_at', '<=', at).execute();
    const kept = await db
      .selectFrom('oauth_states')
      .select('id')
      .where('family_id', '=', familyId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(MAX_SIGN_INS_PER_SESSION - 1)
      .execute();
    let older = db.deleteFrom('oauth_states').where('family_id', '=', familyId);
    if (kept.length > 0)
      older = older.where(
        'id',
        'not in',
        kept.map((row) => row.id),
      );
    await older.execute();
  };

  return {
    ...heldSignIns(database, box, now),

    /** A new sign-in of the session in the window the panel opens; answers its ticket. */
    async createTicket(signIn: SignIn, ttlMs: number): Promise<string> {
      const at = now();
      const ticket = newToken();
      await makeRoom(signIn.familyId, at);
      await insertSignIn(database, signIn, at, ttlMs, { ticket_hash: hashSecret(ticket) });
      return ticket;
    },

    /**
     * A new sign-in of the session in a tab of its own: the ticket opens only in a browser with
     * the `userAgent` of the panel that asked, and the single-use redeem code (for the panel,
     * never in a URL) is how the panel makes it count once the tab is done.
     */
    async createTabTicket(
      signIn: Omit<SignIn, 'tab'>,
      ttlMs: number,
      tab: { userAgent: string; returnTo: string | null },
    ): Promise<{ ticket: string; redeem: string }> {
      const at = now();
      const ticket = newToken();
      const redeem = newToken();
      await makeRoom(signIn.familyId, at);
      await insertSignIn(
        database,
        { ...signIn, tab: { redeemHash: hashSecret(redeem), returnTo: tab.returnTo } },
        at,
        ttlMs,
        { ticket_hash: hashSecret(ticket), agent_hash: hashSecret(tab.userAgent) },
      );
      return { ticket, redeem };
    },

    /**
     * A tab's ticket opened by a browser of another User-Agent than the panel that asked for it:
     * spent at once (a forwarded link signs nobody in); true when that is what happened.
     */
    async refuseOtherBrowser(ticket: string, userAgent: string): Promise<boolean> {
      const spent = await db
        .deleteFrom('oauth_states')
        .where('ticket_hash', '=', hashSecret(ticket))
        .where('agent_hash', 'is not', null)
        .where('agent_hash', '!=', hashSecret(userAgent))
        .returning('id')
        .execute();
      return spent.length > 0;
    },

    /**
     * Opens a ticket once: answers the state for the CRM, the value of the window's cookie, the
     * window's own secret and the sign-in it belongs to. A tab's ticket opens only in a browser
     * of the User-Agent that asked for it.
     */
    async bindTicket(ticket: string, userAgent = ''): Promise<OpenedSignIn | null> {
      const state = newToken();
      const binding = newToken();
      const windowProof = newToken();
      const rows = await db
        .updateTable('oauth_states')
        .set({
          ticket_hash: null,
          state_hash: hashSecret(state),
          binding_hash: hashSecret(binding),
          window_hash: hashSecret(windowProof),
        })
        .where('ticket_hash', '=', hashSecret(ticket))
        .where('expires_at', '>', now())
        .where((eb) =>
          eb.or([eb('agent_hash', 'is', null), eb('agent_hash', '=', hashSecret(userAgent))]),
        )
        .returning([...SIGN_IN_COLUMNS])
        .execute();
      const row = rows[0];
      if (!row) return null;
      return { state, binding, windowProof, signIn: signInOf(row) };
    },

    /**
     * One use: the callback of the browser holding `binding`, in the window holding `windowProof`.
     * With a state, the state must belong to that same sign-in; without one (RD does not echo it),
     * the cookie and the window's secret are the proof.
     */
    async consume(
      binding: string,
      windowProof: string,
      state: string | null,
      ttlMs = DEFAULT_TAB_TTL_MS,
    ): Promise<SignIn | null> {
      let query = db
        .deleteFrom('oauth_states')
        .where('binding_hash', '=', hashSecret(binding))
        .where('window_hash', '=', hashSecret(windowProof))
        .where('confirm_hash', 'is', null)
        .where('expires_at', '>', now());
      if (state !== null) query = query.where('state_hash', '=', hashSecret(state));
      const rows = await query.returning([...SIGN_IN_COLUMNS]).execute();
      const row = rows[0];
      if (!row) return null;
      const signIn = signInOf(row);
      // A tab's sign-in stays known to its panel while the code is exchanged and the attendant
      // confirms who they are: a row with no secret left says "under way" until it is parked.
      if (signIn.tab) await insertSignIn(database, signIn, now(), ttlMs, {});
      return signIn;
    },

    /** A tab's finished sign-in, sealed, until its panel redeems it (or it expires). */
    async park(signIn: SignIn, parked: ParkedSignIn, ttlMs: number): Promise<void> {
      await insertSignIn(database, signIn, now(), ttlMs, {
        held_enc: box.encrypt(JSON.stringify(parked), heldContext(signIn)),
      });
    },

    /**
     * A tab's sign-in the tab refused once the CRM had answered (consent denied, a token of
     * another account, an e-mail no user has): its "under way" marker becomes the reason, which
     * its panel reads at the next redeem instead of waiting until the code expires.
     */
    async failTab(signIn: SignIn, failure: string, ttlMs = DEFAULT_TAB_TTL_MS): Promise<void> {
      if (!signIn.tab) return;
      await forget(signIn.familyId, signIn.tab.redeemHash);
      await insertSignIn(database, signIn, now(), ttlMs, { failure });
    },

    /**
     * The panel session `familyId` redeems its tab's sign-in with the code it was given: done
     * (once: the parked sign-in is gone from the store), refused in the tab (once, with why),
     * still under way, or nothing for this session (another session's code finds nothing,
     * exactly as a wrong or expired one).
     */
    async redeem(familyId: string, redeem: string): Promise<RedeemOutcome> {
      const at = now();
      const mine = db
        .selectFrom('oauth_states')
        .select(['id', 'binding_hash', 'confirm_hash', 'ticket_hash', 'held_enc', 'failure'])
        .where('redeem_hash', '=', hashSecret(redeem))
        .where('family_id', '=', familyId)
        .where('expires_at', '>', at);
      const rows = await mine.execute();
      const done = rows.find(
        (row) => row.held_enc !== null && row.binding_hash === null && row.confirm_hash === null,
      );
      const failed = rows.find((row) => row.failure !== null)?.failure;
      if (!done && failed) {
        await forget(familyId, hashSecret(redeem));
        return { kind: 'failed', failure: failed };
      }
      if (!done) return rows.length > 0 ? { kind: 'waiting' } : { kind: 'gone' };
      const taken = await db
        .deleteFrom('oauth_states')
        .where('id', '=', done.id)
        .where('family_id', '=', familyId)
        .returning([...SIGN_IN_COLUMNS, 'held_enc'])
        .execute();
      const row = taken[0];
      if (!row?.held_enc) return { kind: 'gone' };
      await forget(familyId, hashSecret(redeem));
      const signIn = signInOf(row);
      const parked = JSON.parse(box.decrypt(row.held_enc, heldContext(signIn))) as ParkedSignIn;
      return { kind: 'done', signIn, parked };
    },
  };
}

/** The held half of the store: a sign-in waiting for its confirmation page. */
function heldSignIns(database: Database, box: SecretBox, now: () => number) {
  const { db } = database;
  return {
    /**
     * Holds an exchanged sign-in for its confirmation page (in the same browser: `binding`);
     * answers the page's single-use secret. Nothing of it is bound to a session yet.
     */
    async hold(signIn: SignIn, binding: string, held: HeldSignIn, ttlMs: number): Promise<string> {
      const at = now();
      const confirm = newToken();
      await insertSignIn(database, signIn, at, ttlMs, {
        binding_hash: hashSecret(binding),
        confirm_hash: hashSecret(confirm),
        held_enc: box.encrypt(JSON.stringify(held), heldContext(signIn)),
      });
      return confirm;
    },

    /** Reads a held sign-in (the confirmation page shown again); null when gone or expired. */
    async peek(
      binding: string,
      confirm: string,
    ): Promise<{ signIn: SignIn; held: HeldSignIn } | null> {
      const row = await db
        .selectFrom('oauth_states')
        .select([...SIGN_IN_COLUMNS, 'held_enc'])
        .where('binding_hash', '=', hashSecret(binding))
        .where('confirm_hash', '=', hashSecret(confirm))
        .where('expires_at', '>', now())
        .executeTakeFirst();
      return row ? open(row) : null;
    },

    /** One use: the confirmed sign-in, gone from the store. */
    async take(
      binding: string,
      confirm: string,
    ): Promise<{ signIn: SignIn; held: HeldSignIn } | null> {
      const rows = await db
        .deleteFrom('oauth_states')
        .where('binding_hash', '=', hashSecret(binding))
        .where('confirm_hash', '=', hashSecret(confirm))
        .where('expires_at', '>', now())
        .returning([...SIGN_IN_COLUMNS, 'held_enc'])
        .execute();
      return rows[0] ? open(rows[0]) : null;
    },
  };

  function open(
    row: Parameters<typeof signInOf>[0] & { held_enc: string | null },
  ): { signIn: SignIn; held: HeldSignIn } | null {
    const signIn = signInOf(row);
    if (!row.held_enc) return null;
    const held = JSON.parse(box.decrypt(row.held_enc, heldContext(signIn))) as HeldSignIn;
    return { signIn, held };
  }
}

export type OAuthStatesRepository = ReturnType<typeof createOAuthStatesRepository>;
