import { type FastifyBaseLogger } from 'fastify';
import { type ReferenceCache } from '@api/crm/cache';
import { type CrmClient } from '@api/crm/crmClient';
import { type CrmLists } from '@api/crm/lists';
import { type PanelSession } from '@api/db/repositories/panelSessionsRepository';
import {
  type CrmUserChoice,
  type CrmUserSource,
  type Identity,
  type SessionsRepository,
  type StoredSession,
  type V1Profile,
} from '@api/db/repositories/sessionsRepository';
import { ApiError, crmUserRequired, identityError, sessionMissing } from '@api/errors';
import { isRecord } from '@api/http';
import { API_MESSAGES } from '@api/messages';

// Who the attendant is in the RD Station CRM, from RD's documented calls only. An OAuth token
// names no user (no userinfo, no /users/me; the token answer has no user either), so the api
// reads GET /users (filter `is:active`, the only documented filters are is:active and
// is:visible, no sort) and either finds the one user an e-mail RD or the host verified belongs
// to, or lets the attendant say who they are. GET /users/{id} then builds the profile.

/** A CRM v2 user as GET /users and GET /users/{id} describe it (the fields the panel uses). */
export interface CrmUser {
  id: string;
  name: string;
  email: string;
}

/** An e-mail someone other than the attendant vouched for (as they wrote it), and who. */
export interface VerifiedEmail {
  email: string;
  source: Exclude<CrmUserSource, 'attendant-claim'>;
}

export type CrmUserState =
  /** No CRM sign-in for this session's owner. */
  | { kind: 'signed-out' }
  /** Only an API v1 token: it reaches no v2 call, so there is no v2 user to find or choose. */
  | { kind: 'v1-only'; v1: V1Profile }
  | { kind: 'required'; stored: StoredSession }
  | { kind: 'chosen'; choice: CrmUserChoice; stored: StoredSession };

export interface CrmUserDirectoryDeps {
  sessions: SessionsRepository;
  crm: CrmClient;
  cache: ReferenceCache;
  lists: CrmLists;
}

const ACTIVE_USERS_KEY = 'identity:active-users';

/** Whether two e-mails are one address: RD, the host and a v1 token's check may differ in case. */
export const sameEmail = (a: string, b: string): boolean =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The e-mails that vouch for who the attendant is, RD's own check of a v1 token first, then the
 * host's signature; a blank one vouches for nothing.
 */
export function verifiedEmails(
  v1Email: string | null | undefined,
  hostEmail: string | null | undefined,
): VerifiedEmail[] {
  const emails: VerifiedEmail[] = [];
  if (v1Email && v1Email.trim() !== '') emails.push({ email: v1Email, source: 'v1-token' });
  if (hostEmail && hostEmail.trim() !== '')
    emails.push({ email: hostEmail, source: 'host-signed-email' });
  return emails;
}

/** The users whose e-mail is `email`. */
export const usersWithEmail = (users: readonly CrmUser[], email: string): CrmUser[] =>
  users.filter((user) => sameEmail(user.email, email));

/**
 * The one user a verified e-mail belongs to, with who vouched for it: the first e-mail that
 * exactly one user has decides; one nobody has, or several share, decides nothing.
 */
export function userOfVerifiedEmail(
  users: readonly CrmUser[],
  emails: readonly VerifiedEmail[],
): { user: CrmUser; source: VerifiedEmail['source'] } | null {
  for (const { email, source } of emails) {
    const [user, ...others] = usersWithEmail(users, email);
    if (user && others.length === 0) return { user, source };
  }
  return null;
}

/** How a chosen user was decided: by a verified e-mail that is theirs, or by the attendant's word. */
export const sourceOfChoice = (user: CrmUser, emails: readonly VerifiedEmail[]): CrmUserSource =>
  emails.find(({ email }) => sameEmail(user.email, email))?.source ?? 'attendant-claim';

/** Users by name as a person reads a list (pt-BR, case and accents aside). */
export const byName = (users: readonly CrmUser[]): CrmUser[] =>
  [...users].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }));

export function crmUserOf(value: unknown): CrmUser | null {
  if (!isRecord(value)) return null;
  const id = typeof value.id === 'number' ? String(value.id) : value.id;
  if (typeof id !== 'string' || id === '') return null;
  return {
    id,
    name: typeof value.name === 'string' ? value.name : '',
    email: typeof value.email === 'string' ? value.email : '',
  };
}

/** The users of a CRM list, each once (the first record of an id), records that are no user left out. */
export function crmUsersOf(records: readonly unknown[]): CrmUser[] {
  const users = new Map<string, CrmUser>();
  for (const record of records) {
    const user = crmUserOf(record);
    if (user && !users.has(user.id)) users.set(user.id, user);
  }
  return [...users.values()];
}

export function createCrmUserDirectory(deps: CrmUserDirectoryDeps) {
  const { sessions, crm, cache, lists } = deps;

  const ownerOf = (session: PanelSession): Identity => ({
    systemKey: session.systemKey,
    userId: session.crmOwner,
  });

  /**
   * Every active user (`filter=is:active`, the users page's only documented filters; no sort),
   * read to the end as every whole list is (crm/pageSizes.ts `readAll`: `page[size]` ≤
   * CRM_PAGE_SIZE, ends on the page `links.last` names, an empty page, a repeated page or the
   * record bound).
   */
  const readActiveUsers = async (
    identity: Identity,
    log: FastifyBaseLogger,
  ): Promise<CrmUser[]> => {
    const items = await lists.readAll(
      { identity, log },
      '/users',
      new URLSearchParams({ filter: 'is:active' }),
    );
    return crmUsersOf(items);
  };

  const activeUsers = (
    identity: Identity,
    log: FastifyBaseLogger,
    bypass = false,
  ): Promise<CrmUser[]> =>
    cache.get(identity.systemKey, ACTIVE_USERS_KEY, () => readActiveUsers(identity, log), {
      bypass,
    });

  const emailsOf = (session: PanelSession, stored: StoredSession): VerifiedEmail[] =>
    verifiedEmails(stored.v1?.profile.email, session.verifiedEmail);

  /** The one active user a verified e-mail belongs to (none, or two, decide nothing). */
  const findVerified = async (
    session: PanelSession,
    stored: StoredSession,
    log: FastifyBaseLogger,
  ): Promise<{ userId: string; source: CrmUserSource; name: string | null } | null> => {
    const emails = emailsOf(session, stored);
    if (emails.length === 0) return null;
    const found = userOfVerifiedEmail(await activeUsers(ownerOf(session), log), emails);
    return found && { userId: found.user.id, source: found.source, name: found.user.name || null };
  };

  /**
   * Where this session's owner stands. With `auto`, a verified e-mail that belongs to exactly one
   * active user decides (and is stored) without asking; that reads GET /users, so it may fail
   * like any CRM call.
   */
  const state = async (
    session: PanelSession,
    log: FastifyBaseLogger,
    options: { auto: boolean },
  ): Promise<CrmUserState> => {
    const owner = ownerOf(session);
    const stored = await sessions.get(owner);
    if (!stored) return { kind: 'signed-out' };
    if (stored.crmUser) return { kind: 'chosen', choice: stored.crmUser, stored };
    if (!stored.oauth)
      return stored.v1 ? { kind: 'v1-only', v1: stored.v1.profile } : { kind: 'signed-out' };
    if (options.auto) {
      const found = await findVerified(session, stored, log);
      const saved = found ? await sessions.saveCrmUser(owner, found) : null;
      if (saved) {
        log.info(
          { systemKey: session.systemKey, source: saved.source },
          'usuário do CRM identificado',
        );
        return { kind: 'chosen', choice: saved, stored: { ...stored, crmUser: saved } };
      }
    }
    return { kind: 'required', stored };
  };

  const refuseWithout = (current: CrmUserState): never => {
    if (current.kind === 'v1-only') throw new ApiError(401, API_MESSAGES.v1SessionOnly);
    if (current.kind === 'signed-out') throw sessionMissing();
    throw crmUserRequired();
  };

  /** GET /users/{id} (the tenant's reference cache); null when RD knows no such user (404). */
  const getUser = async (
    identity: Identity,
    userId: string,
    bypass = false,
  ): Promise<CrmUser | null> => {
    let body: unknown;
    try {
      body = await crm.request(identity, {
        method: 'GET',
        path: `/users/${encodeURIComponent(userId)}`,
        cache: { bypass },
      });
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) return null;
      throw error;
    }
    const user = crmUserOf(isRecord(body) ? body.data : null);
    if (!user) throw new ApiError(502, API_MESSAGES.crmUnexpected);
    return user;
  };

  return {
    state,

    /**
     * The tenant's active users as a sign-in just read them (with a token proved to be of the
     * tenant's account): kept as the cached list, so names are known without another read.
     */
    async remember(systemKey: string, users: CrmUser[]): Promise<void> {
      await cache.get(systemKey, ACTIVE_USERS_KEY, () => Promise.resolve(users), { bypass: true });
    },

    /** The tenant's active users while this process holds them fresh (no CRM call), else null. */
    freshActiveUsers(systemKey: string): CrmUser[] | null {
      return cache.peek<CrmUser[]>(systemKey, ACTIVE_USERS_KEY) ?? null;
    },

    /**
     * A CRM user's name if this process already holds it (the active users or GET /users/{id}
     * in the tenant cache); never a CRM call, so a write's audit entry costs the CRM nothing.
     */
    knownName(systemKey: string, userId: string): string | null {
      const users = cache.peek<CrmUser[]>(systemKey, ACTIVE_USERS_KEY);
      const listed = users?.find((user) => user.id === userId);
      if (listed?.name) return listed.name;
      const body = cache.peek<unknown>(systemKey, `/users/${encodeURIComponent(userId)}?`);
      return crmUserOf(isRecord(body) ? body.data : null)?.name || null;
    },

    /** The chosen user's id, or the refusal a write without one gets (409, or 401). */
    async requireUserId(session: PanelSession, log: FastifyBaseLogger): Promise<string> {
      const current = await state(session, log, { auto: true });
      if (current.kind !== 'chosen') return refuseWithout(current);
      return current.choice.userId;
    },

    /** The chosen user as RD describes it now; a user RD no longer knows is forgotten (409). */
    async currentUser(
      session: PanelSession,
      log: FastifyBaseLogger,
      bypass = false,
    ): Promise<{ user: CrmUser; choice: CrmUserChoice; stored: StoredSession }> {
      const current = await state(session, log, { auto: true });
      if (current.kind !== 'chosen') return refuseWithout(current);
      const user = await getUser(ownerOf(session), current.choice.userId, bypass);
      if (!user) {
        await sessions.clearCrmUser(ownerOf(session));
        log.warn({ systemKey: session.systemKey }, 'usuário do CRM escolhido não existe mais');
        throw crmUserRequired();
      }
      // The name the audit records for this person follows RD's (a rename, an older choice).
      if (user.name && user.name !== current.choice.name)
        await sessions.saveCrmUserName(ownerOf(session), user.id, user.name);
      return { user, choice: current.choice, stored: current.stored };
    },

    /** The picker's list: active users by name, and the one a verified e-mail points to. */
    async choices(
      session: PanelSession,
      log: FastifyBaseLogger,
      bypass = false,
    ): Promise<{ users: CrmUser[]; suggestedId: string | null }> {
      const current = await state(session, log, { auto: false });
      if (current.kind === 'signed-out' || current.kind === 'v1-only')
        return refuseWithout(current);
      const users = byName(await activeUsers(ownerOf(session), log, bypass));
      const emails = emailsOf(session, current.stored);
      const suggested = emails.map(({ email }) => usersWithEmail(users, email)[0]).find(Boolean);
      return {
        users,
        suggestedId: current.kind === 'chosen' ? current.choice.userId : (suggested?.id ?? null),
      };
    },

    /**
     * The attendant says who they are. RD must know the id (GET /users/{id}); the source is the
     * attendant's claim unless a verified e-mail is that user's.
     */
    async choose(
      session: PanelSession,
      userId: string,
      log: FastifyBaseLogger,
    ): Promise<{ user: CrmUser; choice: CrmUserChoice }> {
      const current = await state(session, log, { auto: false });
      if (current.kind === 'chosen')
        throw identityError(409, 'crm_user_chosen', API_MESSAGES.crmUserAlreadyChosen);
      if (current.kind !== 'required') return refuseWithout(current);
      const user = await getUser(ownerOf(session), userId, true);
      if (!user) throw new ApiError(400, API_MESSAGES.crmUserUnknown);
      // With a host-signed e-mail, the attendant is that e-mail's user and nobody else.
      if (session.verifiedEmail && !sameEmail(session.verifiedEmail, user.email))
        throw new ApiError(403, API_MESSAGES.crmUserEmailMismatch(session.verifiedEmail));
      const choice = await sessions.saveCrmUser(ownerOf(session), {
        userId: user.id,
        source: sourceOfChoice(user, emailsOf(session, current.stored)),
        name: user.name || null,
      });
      if (!choice) throw sessionMissing();
      log.info({ systemKey: session.systemKey, source: choice.source }, 'usuário do CRM escolhido');
      return { user, choice };
    },
  };
}

export type CrmUserDirectory = ReturnType<typeof createCrmUserDirectory>;
