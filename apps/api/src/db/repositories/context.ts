import { type SecretBox } from '@api/security/crypto';
import { type Database } from '../database';
import { type IdentityLookups } from '../identityLookups';

/**
 * What the repositories work with, put together once by createRepositories: the store, the box
 * that seals the secrets they keep, the clock, and this process's identity look-ups (which a
 * write makes the process read again). Each repository takes the part it uses.
 */
export interface RepositoryContext {
  database: Database;
  box: SecretBox;
  now: () => number;
  lookups: IdentityLookups;
}
