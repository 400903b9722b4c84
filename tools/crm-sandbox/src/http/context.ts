import { type FastifyRequest } from 'fastify';
import { type Account } from '@crm-sandbox/store/accounts';
import { type UserRecord } from '@crm-sandbox/store/records';

/** Who is calling: resolved from the Bearer token before any CRM handler runs. */
export interface CrmContext {
  account: Account;
  user: UserRecord;
  accessToken: string;
  clientId: string;
}

const contexts = new WeakMap<FastifyRequest, CrmContext>();

export function setCrmContext(request: FastifyRequest, context: CrmContext): void {
  contexts.set(request, context);
}

export function crmContext(request: FastifyRequest): CrmContext {
  const context = contexts.get(request);
  if (!context) throw new Error('CRM route reached without an authenticated context');
  return context;
}
