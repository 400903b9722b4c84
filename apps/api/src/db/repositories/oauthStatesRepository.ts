import { randomUUID } from 'node:crypto';
import { type Database } from '../database';
import { hashSecret, newToken } from './panelSessionsRepository';

/** Sign-ins in progress one session may hold (a new one ends the oldest). */
export const MAX_SIGN_INS_PER_SESSION = 3;

/** The sign-in a callback completes: which session started it, and whose CRM tokens it stores. */
export interface SignIn {
  familyId: string;
  systemKey: string;
  /** The owner key of the CRM tokens (session_families.crm_owner). */
  userId: string;
}

/**
 * Sign-ins in progress. `auth/start` (a session) makes a ticket; the sign-in window opens
 * `auth/begin?ticket=` (single use), which binds it to that window's cookie and picks the `state`;
 * the callback must come back in the same browser (the cookie), with that state when the CRM sends
 * one. Only SHA-256 of ticket, state and cookie value are stored.
 */
export function createOAuthStatesRepository(database: Database, now: () => number) {
  const { db } = database;
  return {
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
      await db
        .insertInto('oauth_states')
        .values({
          id: randomUUID(),
          family_id: signIn.familyId,
          system_key: signIn.systemKey,
          user_id: signIn.userId,
          ticket_hash: hashSecret(ticket),
          state_hash: null,
          binding_hash: null,
          expires_at: at + ttlMs,
          created_at: at,
        })
        .execute();
      return ticket;
    },

    /**
     * Opens a ticket once: answers the state for the CRM, the value of the window's cookie and the
     * sign-in it belongs to.
     */
    async bindTicket(
      ticket: string,
    ): Promise<{ state: string; binding: string; signIn: SignIn } | null> {
      const state = newToken();
      const binding = newToken();
      const rows = await db
        .updateTable('oauth_states')
        .set({
          ticket_hash: null,
          state_hash: hashSecret(state),
          binding_hash: hashSecret(binding),
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
        signIn: { familyId: row.family_id, systemKey: row.system_key, userId: row.user_id },
      };
    },

    /**
     * One use: the callback of the browser holding `binding`. With a state, the state must belong
     * to that same browser; without one (the CRM need not echo it), the browser's own sign-in.
     */
    async consume(binding: string, state: string | null): Promise<SignIn | null> {
      let query = db
        .deleteFrom('oauth_states')
        .where('binding_hash', '=', hashSecret(binding))
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

export type OAuthStatesRepository = ReturnType<typeof createOAuthStatesRepository>;
