import { type ApiMetrics } from './metrics';
import { type FastifyRequest } from 'fastify';
import { type CrmWebhooks } from './changes/crmWebhooks';
import { type ChangeFeed } from './changes/recordChange';
import { type RecordMemory } from './changes/recordMemory';
import { type NameMemory } from './changes/recordNames';
import { type ApiConfig } from './config';
import { type ChatClient } from './chat/chatClient';
import { type ReferenceCache } from './crm/cache';
import { type CrmClient } from './crm/crmClient';
import { type CrmLists } from './crm/lists';
import { type PageSizes } from '@api/crm/pageSizes';
import { type OAuthClient } from './crm/oauth';
import { type TokenRefresher } from './crm/tokenRefresher';
import { type Repositories } from './db/repositories/createRepositories';
import { type Identity } from './db/repositories/sessionsRepository';
import { type AssertionVerifier } from './identity/assertions';
import { type CrmUserDirectory } from './identity/crmUser';
import { sessionOf, type TenantRegistry } from './identity/authenticate';

/** Everything a route needs, built once per app by buildApp. */
export interface Services {
  config: ApiConfig;
  repos: Repositories;
  crm: CrmClient;
  /** Every CRM list the panel reads: documented syntax, paging, probes, deals of a contact. */
  lists: CrmLists;
  /** The page size each tenant's CRM takes (crm/pageSizes.ts): lists step down from a refused one. */
  pageSizes: PageSizes;
  oauth: OAuthClient;
  refresher: TokenRefresher;
  chat: ChatClient;
  cache: ReferenceCache;
  tenants: TenantRegistry;
  assertions: AssertionVerifier;
  /** Who the session's owner is in the CRM (identity/crmUser.ts). */
  crmUsers: CrmUserDirectory;
  /** Every change made through the api: the audit trail and live updates consume it. */
  changes: ChangeFeed;
  /** The last version of records this process served or wrote: a change's `before` values. */
  records: RecordMemory;
  /** The names of the records this process served: an audit entry's names for its ids. */
  names: NameMemory;
  /** The tenant's RD Station webhooks, registered at sign-in and removed with the integration. */
  crmWebhooks: CrmWebhooks;
  /** What the operator scrapes at GET /metrics (metrics.ts). */
  metrics: ApiMetrics;
}

/**
 * Whose CRM tokens and terms a call uses: the tenant and the session's owner key ('user:<id>' for
 * a host-verified user, 'browser:<family>' for a session earned by the CRM sign-in). Never a header.
 */
export function identityOf(request: FastifyRequest): Identity {
  const session = sessionOf(request);
  return { systemKey: session.systemKey, userId: session.crmOwner };
}

/** Header `x-cache-bypass: 1` or query `refresh=true`. */
export function wantsFreshData(request: FastifyRequest): boolean {
  const header = request.headers['x-cache-bypass'];
  const query = request.query as { refresh?: boolean } | undefined;
  return header === '1' || header === 'true' || query?.refresh === true;
}
