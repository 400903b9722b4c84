import { type Database } from '../database';
import { type SecretBox } from '@api/security/crypto';
import { createCredentialsRepository } from './credentialsRepository';
import { createMappingsRepository } from './mappingsRepository';
import { createOAuthStatesRepository } from './oauthStatesRepository';
import { createPanelSessionsRepository } from './panelSessionsRepository';
import { createPasswordAttemptsRepository } from './passwordAttemptsRepository';
import { createSessionsRepository } from './sessionsRepository';
import { createTermsRepository } from './termsRepository';

export function createRepositories(database: Database, box: SecretBox, now: () => number) {
  return {
    credentials: createCredentialsRepository(database, box, now),
    passwordAttempts: createPasswordAttemptsRepository(database, now),
    terms: createTermsRepository(database, now),
    sessions: createSessionsRepository(database, box, now),
    panelSessions: createPanelSessionsRepository(database, box, now),
    oauthStates: createOAuthStatesRepository(database, now),
    mappings: createMappingsRepository(database, now),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
