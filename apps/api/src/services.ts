import { type FastifyRequest } from 'fastify';
import { type ApiConfig } from './config';
import { type ChatClient } from './chat/chatClient';
import { type ReferenceCache } from './crm/cache';
import { type CrmClient } from './crm/crmClient';
import { type OAuthClient } from './crm/oauth';
import { type TokenRefresher } from './crm/tokenRefresher';
import { type Repositories } from './db/repositories/createRepositories';
import { type Identity } from './db/repositories/sessionsRepository';

/** Everything a route needs, built once per app by buildApp. */
export interface Services {
  config: ApiConfig;
  repos: Repositories;
  crm: CrmClient;
  oauth: OAuthClient;
  refresher: TokenRefresher;
  chat: ChatClient;
  cache: ReferenceCache;
}

/** The identity headers, already validated by the route's header schema. */
export function identityOf(request: FastifyRequest): Identity {
  const headers = request.headers as Record<string, string>;
  return {
    userId: String(headers['x-user-id']).trim(),
    systemKey: String(headers['x-system-key']).trim(),
  };
}

/** Header `x-cache-bypass: 1` or query `refresh=true`. */
export function wantsFreshData(request: FastifyRequest): boolean {
  const header = request.headers['x-cache-bypass'];
  const query = request.query as { refresh?: boolean } | undefined;
  return header === '1' || header === 'true' || query?.refresh === true;
}
