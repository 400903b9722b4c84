import { type FastifyReply, type FastifyRequest } from 'fastify';
import { crmContext } from '@crm-sandbox/http/context';
import { notFound } from '@crm-sandbox/http/errors';
import { type Knobs } from '@crm-sandbox/knobs';
import { type AccountStore, type Collection } from '@crm-sandbox/store/AccountStore';
import { type WebhookEntity } from '@crm-sandbox/store/records';
import { type ResourceDef } from '@crm-sandbox/resources/ResourceDef';
import { listRecords, type RawQuery } from './listing';

export interface RouteDeps {
  /** Public base URL (no trailing slash) for `links`. */
  publicUrl: () => string;
  knobs: () => Knobs;
  /** A change to report to the account's webhooks (README, "Webhooks"). */
  emit: (
    request: FastifyRequest,
    entity: WebhookEntity,
    action: 'created' | 'updated',
    id: string,
  ) => void;
}

export type IdParams = { Params: { id: string }; Querystring: RawQuery };

export function storeOf(request: FastifyRequest): AccountStore {
  return crmContext(request).account.store;
}

export function findOr404<T extends { id: string }>(
  collection: Collection<T>,
  id: string,
  entity: string,
): T {
  const record = collection.get(id);
  if (!record) throw notFound(entity, id);
  return record;
}

export function baseUrl(deps: RouteDeps, request: FastifyRequest): string {
  return `${deps.publicUrl()}${request.url.split('?')[0] ?? ''}`;
}

export function respondList<T>(
  deps: RouteDeps,
  request: FastifyRequest,
  def: ResourceDef<T>,
  records: T[],
): object {
  return listRecords(
    def,
    storeOf(request),
    records,
    request.query as RawQuery,
    baseUrl(deps, request),
    deps.knobs(),
  );
}

export function created(reply: FastifyReply, data: object): { data: object } {
  reply.code(201);
  return { data };
}
