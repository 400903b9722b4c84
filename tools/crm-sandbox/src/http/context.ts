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

const forcedStatuses = new WeakMap<FastifyRequest, number>();

/**
 * A forced status (POST /__admin/force) goes to the CRM requests received after it: it is taken
 * when a request arrives, before the latency knob's wait, so a request already waiting when the
 * force came is not the one forced.
 */
export function setForcedStatus(request: FastifyRequest, status: number | null): void {
  if (status !== null) forcedStatuses.set(request, status);
}

export function forcedStatus(request: FastifyRequest): number | null {
  return forcedStatuses.get(request) ?? null;
}
