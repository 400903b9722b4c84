import { createLookupCache, type LookupCache } from './lookupCache';
import { type PanelSession, type StoredSession } from './sessionRecords';

/** Entries per kind; the oldest goes first past this (one entry ≈ one active user or token). */
export const LOOKUP_MAX_ENTRIES = 10_000;

/** A token's session as stored, checked against the clock on every use. */
export interface StoredPanelSession {
  session: PanelSession;
  familyExpiresAt: number;
}

/**
 * What every identified request reads (api README, 'Identity look-ups on the hot path'): the
 * session of a token (by its SHA-256), the owner's terms, the tenant's credentials (whether they
 * exist) and the owner's CRM tokens. Each repository invalidates its own kinds after its writes.
 */
export interface IdentityLookups {
  panelSessions: LookupCache<StoredPanelSession | null>;
  terms: LookupCache<boolean>;
  credentials: LookupCache<boolean>;
  sessions: LookupCache<StoredSession | null>;
}

/** Key of a tenant + owner (terms, CRM tokens). */
export const ownerKey = (systemKey: string, userId: string): string =>
  JSON.stringify([systemKey, userId]);

/** Whether an ownerKey belongs to the tenant. */
export const ofTenant =
  (systemKey: string) =>
  (key: string): boolean =>
    key.startsWith(`${JSON.stringify([systemKey]).slice(0, -1)},`);

export function createIdentityLookups(ttlMs: number, now: () => number): IdentityLookups {
  const options = { ttlMs, maxEntries: LOOKUP_MAX_ENTRIES, now };
  return {
    // An unknown token is not kept: anyone can send one, and it must not push out real sessions.
    panelSessions: createLookupCache({ ...options, keep: (value) => value !== null }),
    terms: createLookupCache(options),
    credentials: createLookupCache(options),
    sessions: createLookupCache(options),
  };
}
