import { hash, randomBytes, randomUUID } from 'node:crypto';
import { ownerKey } from '../identityLookups';
import {
  type PanelSession,
  type SessionMethod,
  type SessionRole,
  type SessionStage,
} from '../sessionRecords';
import { type NewCredentials } from './credentialsRepository';
import { type RepositoryContext } from './context';

/** Credentials a pending session saved, with the SHA-256 of the setup code that allowed it. */
export type PendingCredentials = NewCredentials & { setupCodeHash?: string };

export type { PanelSession, SessionMethod, SessionRole, SessionStage } from '../sessionRecords';

export interface IssuedSession {
  token: string;
  session: PanelSession;
}

export interface NewFamily {
  systemKey: string;
  userId: string;
  role: SessionRole | null;
  method: SessionMethod;
  /** Only from a verified host assertion. */
  verifiedEmail: string | null;
  /** The client address of a pending session (what nobody verified is capped per address). */
  clientAddress?: string | null;
}

/**
 * SHA-256 of a secret, hex. Every identified request hashes its bearer token to find its session:
 * the one-shot `hash` makes no Hash object per call (createHash + update + digest, ~10 µs of each
 * proxied call).
 */
export const hashSecret = (value: string): string => hash('sha256', value, 'hex');

export const newToken = (): string => randomBytes(32).toString('base64url');

const pendingContext = (familyId: string): string => `pending-credentials:${familyId}`;

export function createPanelSessionsRepository({ database, box, now, lookups }: RepositoryContext) {
  const { db } = database;
  const forgetFamily = (familyId: string) =>
    lookups.panelSessions.deleteWhere((_key, value) => value?.session.familyId === familyId);

  const insertToken = async (familyId: string, expiresAt: number): Promise<string> => {
    const token = newToken();
    await db
      .insertInto('panel_sessions')
      .values({
        token_hash: hashSecret(token),
        family_id: familyId,
        expires_at: expiresAt,
        created_at: now(),
      })
      .execute();
    return token;
  };

  return {
    /** A new family and its first token. Assertion families use the user's CRM session. */
    async create(
      family: NewFamily,
      tokenTtlMs: number,
      familyTtlMs: number,
    ): Promise<IssuedSession> {
      const at = now();
      const id = randomUUID();
      const stage: SessionStage = family.method === 'assertion' ? 'full' : 'pending';
      const crmOwner = family.method === 'assertion' ? `user:${family.userId}` : `browser:${id}`;
      const familyExpiresAt = at + familyTtlMs;
      await db
        .insertInto('session_families')
        .values({
          id,
          system_key: family.systemKey,
          user_id: family.userId,
          role: family.role,
          method: family.method,
          stage,
          crm_owner: crmOwner,
          pending_credentials_enc: null,
          verified_email: family.verifiedEmail,
          client_address: stage === 'pending' ? (family.clientAddress ?? null) : null,
          expires_at: familyExpiresAt,
          created_at: at,
          updated_at: at,
        })
        .execute();
      const expiresAt = Math.min(at + tokenTtlMs, familyExpiresAt);
      const token = await insertToken(id, expiresAt);
      return {
        token,
        session: { familyId: id, ...family, stage, crmOwner, expiresAt },
      };
    },

    /** The session of a token, or null when the token or its family is unknown or over. */
    async find(token: string): Promise<PanelSession | null> {
      const tokenHash = hashSecret(token);
      const stored = await lookups.panelSessions.get(tokenHash, async () => {
        const row = await db
          .selectFrom('panel_sessions as t')
          .innerJoin('session_families as f', 'f.id', 't.family_id')
          .select([
            't.expires_at as token_expires_at',
            'f.id',
            'f.system_key',
            'f.user_id',
            'f.role',
            'f.method',
            'f.stage',
            'f.crm_owner',
            'f.verified_email',
            'f.expires_at',
          ])
          .where('t.token_hash', '=', tokenHash)
          .executeTakeFirst();
        if (!row) return null;
        return {
          session: {
            familyId: row.id,
            systemKey: row.system_key,
            userId: row.user_id,
            role: row.role === 'admin' || row.role === 'attendant' ? row.role : null,
            method: row.method === 'assertion' ? 'assertion' : 'crm',
            stage: row.stage === 'full' ? 'full' : 'pending',
            crmOwner: row.crm_owner,
            verifiedEmail: row.verified_email,
            expiresAt: row.token_expires_at,
          },
          familyExpiresAt: row.expires_at,
        };
      });
      // Checked on every use, cached or not: a session ends exactly when it ends.
      const at = now();
      if (!stored || stored.session.expiresAt <= at || stored.familyExpiresAt <= at) return null;
      return stored.session;
    },

    /**
     * A new token for the family (the old one lives out its own time). A signed-in family's idle
     * life slides; a pending one keeps its deadline.
     */
    async renew(
      session: PanelSession,
      tokenTtlMs: number,
      familyTtlMs: number,
    ): Promise<IssuedSession> {
      const at = now();
      let familyExpiresAt: number;
      if (session.stage === 'full') {
        familyExpiresAt = at + familyTtlMs;
        await db
          .updateTable('session_families')
          .set({ expires_at: familyExpiresAt, updated_at: at })
          .where('id', '=', session.familyId)
          .execute();
        forgetFamily(session.familyId);
      } else {
        const row = await db
          .selectFrom('session_families')
          .select('expires_at')
          .where('id', '=', session.familyId)
          .executeTakeFirstOrThrow();
        familyExpiresAt = row.expires_at;
      }
      const expiresAt = Math.min(at + tokenTtlMs, familyExpiresAt);
      const token = await insertToken(session.familyId, expiresAt);
      return { token, session: { ...session, expiresAt } };
    },

    /** The CRM sign-in completed in this family's browser: a full session from now on. */
    async promote(familyId: string, familyTtlMs: number): Promise<void> {
      const at = now();
      await db
        .updateTable('session_families')
        .set({
          stage: 'full',
          pending_credentials_enc: null,
          expires_at: at + familyTtlMs,
          updated_at: at,
        })
        .where('id', '=', familyId)
        .execute();
      forgetFamily(familyId);
    },

    /** The e-mail the host signed for the family's person (lower case), or null. */
    async verifiedEmail(familyId: string): Promise<string | null> {
      const row = await db
        .selectFrom('session_families')
        .select('verified_email')
        .where('id', '=', familyId)
        .executeTakeFirst();
      return row?.verified_email ?? null;
    },

    async savePendingCredentials(familyId: string, credentials: PendingCredentials): Promise<void> {
      await db
        .updateTable('session_families')
        .set({
          pending_credentials_enc: box.encrypt(
            JSON.stringify(credentials),
            pendingContext(familyId),
          ),
          updated_at: now(),
        })
        .where('id', '=', familyId)
        .execute();
    },

    async pendingCredentials(familyId: string): Promise<PendingCredentials | null> {
      const row = await db
        .selectFrom('session_families')
        .select('pending_credentials_enc')
        .where('id', '=', familyId)
        .executeTakeFirst();
      if (!row?.pending_credentials_enc) return null;
      return JSON.parse(
        box.decrypt(row.pending_credentials_enc, pendingContext(familyId)),
      ) as PendingCredentials;
    },

    /**
     * The integration was removed: families that earned their session by the CRM sign-in are
     * back to pending (they must sign in again); assertion families stay (their identity holds).
     */
    async demoteTenant(systemKey: string, pendingTtlMs: number): Promise<void> {
      const at = now();
      await db
        .updateTable('session_families')
        .set({
          stage: 'pending',
          pending_credentials_enc: null,
          expires_at: at + pendingTtlMs,
          updated_at: at,
        })
        .where('system_key', '=', systemKey)
        .where('method', '=', 'crm')
        .execute();
      lookups.panelSessions.deleteWhere((_key, value) => value?.session.systemKey === systemKey);
    },

    /** An assertion's `jti` is used once; false when it was seen before. */
    async claimJti(jti: string, expiresAt: number): Promise<boolean> {
      const result = await db
        .insertInto('assertion_jtis')
        .values({ jti_hash: hashSecret(jti), expires_at: expiresAt })
        .onConflict((oc) => oc.column('jti_hash').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * Removes what has expired: tokens, families (with the CRM tokens and terms that belonged to
     * a browser), sign-ins in progress and used assertion ids. Returns the families removed.
     */
    /** Pending sessions (nobody verified) started from `address` that have not expired. */
    async pendingFrom(address: string): Promise<number> {
      const row = await db
        .selectFrom('session_families')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('client_address', '=', address)
        .where('stage', '=', 'pending')
        .where('expires_at', '>', now())
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async purgeExpired(): Promise<number> {
      const at = now();
      await db.deleteFrom('panel_sessions').where('expires_at', '<=', at).execute();
      await db.deleteFrom('assertion_jtis').where('expires_at', '<=', at).execute();
      await db.deleteFrom('oauth_states').where('expires_at', '<=', at).execute();
      const expired = await db
        .selectFrom('session_families')
        .select(['id', 'system_key', 'crm_owner', 'method'])
        .where('expires_at', '<=', at)
        .limit(500)
        .execute();
      for (const family of expired) {
        await db.deleteFrom('panel_sessions').where('family_id', '=', family.id).execute();
        await db.deleteFrom('oauth_states').where('family_id', '=', family.id).execute();
        if (family.method === 'crm') {
          await db
            .deleteFrom('sessions')
            .where('system_key', '=', family.system_key)
            .where('user_id', '=', family.crm_owner)
            .execute();
          await db
            .deleteFrom('terms')
            .where('system_key', '=', family.system_key)
            .where('user_id', '=', family.crm_owner)
            .execute();
        }
        await db.deleteFrom('session_families').where('id', '=', family.id).execute();
        forgetFamily(family.id);
        if (family.method === 'crm') {
          lookups.sessions.delete(ownerKey(family.system_key, family.crm_owner));
          lookups.terms.delete(ownerKey(family.system_key, family.crm_owner));
        }
      }
      return expired.length;
    },
  };
}

export type PanelSessionsRepository = ReturnType<typeof createPanelSessionsRepository>;
