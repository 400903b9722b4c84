import { type Database } from '../database';
import { createIdentityLookups } from '../identityLookups';
import { type SecretBox } from '@api/security/crypto';
import { createAuditRepository } from './auditRepository';
import { type RepositoryContext } from './context';
import { createCredentialsRepository } from './credentialsRepository';
import { createMappingsRepository } from './mappingsRepository';
import { createNovusRepository } from './novusRepository';
import { createOAuthStatesRepository } from './oauthStatesRepository';
import { createPanelSessionsRepository } from './panelSessionsRepository';
import { createPasswordGuardsRepository } from './passwordGuardsRepository';
import { createSessionsRepository } from './sessionsRepository';
import { createTermsRepository } from './termsRepository';
import { createWebhookReceiversRepository } from './webhookReceiversRepository';
import { createWindowCountersRepository } from './windowCountersRepository';

export interface RepositoryOptions {
  /**
   * How long this process keeps the identity look-ups of every request (token → session, terms,
   * credentials, CRM tokens) before reading the store again; 0 (the default here) never keeps them.
   * The api passes `identity.lookupCacheTtlMs`.
   */
  lookupCacheTtlMs?: number;
}

export function createRepositories(
  database: Database,
  box: SecretBox,
  now: () => number,
  options: RepositoryOptions = {},
) {
  const context: RepositoryContext = {
    database,
    box,
    now,
    lookups: createIdentityLookups(options.lookupCacheTtlMs ?? 0, now),
  };
  return {
    credentials: createCredentialsRepository(context),
    passwordGuards: createPasswordGuardsRepository(database, now),
    terms: createTermsRepository(context),
    sessions: createSessionsRepository(context),
    panelSessions: createPanelSessionsRepository(context),
    oauthStates: createOAuthStatesRepository(context),
    mappings: createMappingsRepository(database, now),
    audit: createAuditRepository(database),
    webhookReceivers: createWebhookReceiversRepository(context),
    novus: createNovusRepository(database, now),
    windowCounters: createWindowCountersRepository(database, now),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
