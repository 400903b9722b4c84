import { randomUUID } from 'node:crypto';
import { type SecretBox } from '@api/security/crypto';
import { type Database } from '../database';
import { type OAuthStatesTable } from '../schema';
import { hashSecret, newToken } from './panelSessionsRepository';
import { type OAuthTokens } from './sessionsRepository';

/** Sign-ins in progress one session may hold (a new one ends the oldest). */
export const MAX_SIGN_INS_PER_SESSION = 3;

/** The sign-in a callback completes: which session started it, and whose CRM tokens it stores. */
export interface SignIn {
  familyId: string;
  systemKey: string;
  /** The owner key of the CRM tokens (session_families.crm_owner). */
  userId: string;
}

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
  Pick<OAuthStatesTable, 'ticket_hash' | 'binding_hash' | 'confirm_hash' | 'held_enc'>
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
      ...secrets,
      expires_at: at + ttlMs,
      created_at: at,
    })
    .execute();
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
export function createOAuthStatesRepository(database: Database, box: SecretBox, now: () => number) {
  const { db } = database;
  return {
    ...heldSignIns(database, box, now),

    /**
     * A new sign-in of the session; its oldest ones beyond `MAX_SIGN_INS_PER_SESSION` and every
     * expired one go, so a session (even one nobody verified) holds a bounded few.
     */
    async createTicket(signIn: SignIn, ttlMs: number): Promise<string> {
      const at = now();
      const ticket = newToken();
      await db.deleteFrom('oauth_states').where('expires_at', '<=', at).execute();
      const kept = await db
        .selectFrom('oauth_states')
        .select('id')
        .where('family_id', '=', signIn.familyId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(MAX_SIGN_INS_PER_SESSION - 1)
        .execute();
      let older = db.deleteFrom('oauth_states').where('family_id', '=', signIn.familyId);
      if (kept.length > 0)
        older = older.where(
          'id',
          'not in',
          kept.map((row) => row.id),
        );
      await older.execute();
      await insertSignIn(database, signIn, at, ttlMs, { ticket_hash: hashSecret(ticket) });
      return ticket;
    },

    /**
     * Opens a ticket once: answers the state for the CRM, the value of the window's cookie, the
     * window's own secret and the sign-in it belongs to.
     */
    async bindTicket(ticket: string): Promise<OpenedSignIn | null> {
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
        .returning(['family_id', 'system_key', 'user_id'])
        .execute();
      const row = rows[0];
      if (!row) return null;
      return {
        state,
        binding,
        windowProof,
        signIn: { familyId: row.family_id, systemKey: row.system_key, userId: row.user_id },
      };
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
    ): Promise<SignIn | null> {
      let query = db
        .deleteFrom('oauth_states')
        .where('binding_hash', '=', hashSecret(binding))
        .where('window_hash', '=', hashSecret(windowProof))
        .where('confirm_hash', 'is', null)
        .where('expires_at', '>', now());
      if (state !== null) query = query.where('state_hash', '=', hashSecret(state));
      const rows = await query.returning(['family_id', 'system_key', 'user_id']).execute();
      const row = rows[0];
      return row
        ? { familyId: row.family_id, systemKey: row.system_key, userId: row.user_id }
        : null;
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
        .select(['family_id', 'system_key', 'user_id', 'held_enc'])
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
        .returning(['family_id', 'system_key', 'user_id', 'held_enc'])
        .execute();
      return rows[0] ? open(rows[0]) : null;
    },
  };

  function open(row: {
    family_id: string;
    system_key: string;
    user_id: string;
    held_enc: string | null;
  }): { signIn: SignIn; held: HeldSignIn } | null {
    const signIn = { familyId: row.family_id, systemKey: row.system_key, userId: row.user_id };
    if (!row.held_enc) return null;
    const held = JSON.parse(box.decrypt(row.held_enc, heldContext(signIn))) as HeldSignIn;
    return { signIn, held };
  }
}

export type OAuthStatesRepository = ReturnType<typeof createOAuthStatesRepository>;
