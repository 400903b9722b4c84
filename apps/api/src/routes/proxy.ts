import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type ChangeDescriptor } from '@api/changes/describeChange';
import { headerOf, PANEL_CONTEXT_HEADERS, publishWrite } from '@api/changes/publishChange';
import { type ChangedRecordType } from '@api/changes/recordChange';
import { type NamedKind } from '@api/changes/recordNames';
import { isRecord, recordOf } from '@api/http';
import { sessionOf } from '@api/identity/authenticate';
import { type CrmMethod } from '@api/crm/crmClient';
import { type CrmListResource } from '@api/crm/crmQuery';
import { type ListMode, type PanelListQuery, toPanelRecord } from '@api/crm/lists';
import { identityOf, type Services, wantsFreshData } from '@api/services';
import {
  cacheQuery,
  cachedIdentityHeaders,
  crmDeletedAnswer,
  crmPageOf,
  crmRecordOf,
  idParams,
  identityHeaders,
  listQuery,
  noQuery,
} from '@crm-panel/crm-model/schemas';
import { type TSchema } from '@sinclair/typebox';
import { crmRecordsSerializer } from './schemas';

type Params = Record<string, string>;

interface ProxyRoute {
  /** Our path, e.g. '/api/rdstation/pipelines/:id/stages'. */
  url: string;
  /** Path params (all CRM ids). */
  params?: string[];
  /** The CRM v2 path for the request's params. */
  crmPath: (params: Params) => string;
  /** The CRM record it answers (libs/crm-model/src/schemas/records.ts): its answer's schema. */
  record: TSchema;
  tag: string;
  summary: string;
}

interface ReadRoute extends ProxyRoute {
  /** Reference data: cached per tenant for the configured TTL. */
  cached?: boolean;
  /** Records served are remembered under this kind: the `before` of a later change. */
  remembers?: ChangedRecordType;
  /** The names of records served are kept under this kind: an audit entry's names for ids. */
  names?: NamedKind;
}

interface ListRoute extends ReadRoute {
  /** Its row of the documented filters and sorts (crm/crmQuery.ts). */
  resource: CrmListResource;
  /** 'scroll' lists are paged for the panel; 'whole' ones are read to the end and answered once. */
  mode: ListMode;
}

interface WriteRoute extends ProxyRoute {
  method: Exclude<CrmMethod, 'GET'>;
  /** Body schema of the panel's payload (absent for DELETE). */
  body?: TSchema;
  /** Panel body → CRM v2 request body; default `{ data: body }`. */
  toCrmBody?: (body: Record<string, unknown>) => unknown;
  /**
   * The panel's body as the CRM must receive it, where the panel's wire says less than RD's
   * reference asks (e.g. a pipeline move's stage); what the CRM accepted is what the trail records.
   */
  resolve?: (
    request: FastifyRequest,
    body: Record<string, unknown>,
  ) => Promise<Record<string, unknown>>;
  /** What the write changes, published on services.changes once the CRM accepted it. */
  change: ChangeDescriptor;
}

/**
 * Keeps what a read served, so a later write knows its `before`, and the names of its ids,
 * without a CRM read.
 */
function rememberServed(
  request: FastifyRequest,
  services: Services,
  route: ReadRoute,
  records: unknown[],
): void {
  const { remembers: type, names } = route;
  if (!type && !names) return;
  const { systemKey } = sessionOf(request);
  if (names) services.names.learn(systemKey, names, records);
  if (!type) return;
  for (const record of records) {
    const id = isRecord(record) ? record.id : undefined;
    if (isRecord(record) && (typeof id === 'string' || typeof id === 'number'))
      services.records.remember(systemKey, type, String(id), record);
  }
}

const CACHE_NOTE =
  'Dados de referência: cache de 60 s por tenant; `x-cache-bypass: 1` ou `refresh=true` buscam no CRM.';
const SCROLL_NOTE =
  'Uma página de `limit` montada de páginas de até CRM_PAGE_SIZE do CRM; `links.next` só quando há mais. Só filtros e ordenações documentados pelo RD Station CRM (400 para os demais).';
const WHOLE_NOTE =
  'Lida até o fim (dentro de um limite de registros) e respondida inteira na página 1. Só filtros e ordenações documentados pelo RD Station CRM (400 para os demais).';

const enc = encodeURIComponent;
export const crmPath = (strings: TemplateStringsArray, ...ids: string[]): string =>
  strings.reduce(
    (path, part, index) => path + part + (index < ids.length ? enc(ids[index] ?? '') : ''),
    '',
  );

/** `{ params }` for routes with path params; nothing (not even the key) otherwise. */
const paramsSchema = (route: ProxyRoute) =>
  route.params?.length ? { params: idParams(...route.params) } : {};

export function registerListRoute(
  app: FastifyInstance,
  services: Services,
  route: ListRoute,
): void {
  app.get<{ Params: Params; Querystring: PanelListQuery }>(
    route.url,
    {
      config: { access: 'crm' },
      schema: {
        tags: [route.tag],
        summary: route.summary,
        description: [
          route.mode === 'whole' ? WHOLE_NOTE : SCROLL_NOTE,
          route.cached ? CACHE_NOTE : '',
        ]
          .join(' ')
          .trim(),
        headers: route.cached ? cachedIdentityHeaders : identityHeaders,
        ...paramsSchema(route),
        querystring: listQuery,
        response: { 200: crmPageOf(route.record) },
      },
      serializerCompiler: crmRecordsSerializer,
    },
    async (request) => {
      const list = await services.lists.list(
        { identity: identityOf(request), log: request.log, refresh: wantsFreshData(request) },
        {
          resource: route.resource,
          crmPath: route.crmPath(request.params),
          mode: route.mode,
          cached: route.cached === true,
          query: request.query,
          panelPath: request.url.split('?')[0] ?? route.url,
        },
      );
      rememberServed(request, services, route, list.data);
      return { data: list };
    },
  );
}

export function registerGetRoute(app: FastifyInstance, services: Services, route: ReadRoute): void {
  app.get<{ Params: Params }>(
    route.url,
    {
      config: { access: 'crm' },
      schema: {
        tags: [route.tag],
        summary: route.summary,
        ...(route.cached ? { description: CACHE_NOTE } : {}),
        headers: route.cached ? cachedIdentityHeaders : identityHeaders,
        ...paramsSchema(route),
        querystring: route.cached ? cacheQuery : noQuery,
        response: { 200: crmRecordOf(route.record) },
      },
      serializerCompiler: crmRecordsSerializer,
    },
    async (request) => {
      const body = await services.crm.request(identityOf(request), {
        method: 'GET',
        path: route.crmPath(request.params),
        cache: route.cached ? { bypass: wantsFreshData(request) } : undefined,
        // A business record: kept per CRM user for the freshness window (crm/crmClient.ts).
        record: !route.cached,
        tab: headerOf(request, PANEL_CONTEXT_HEADERS.tab),
      });
      const record = toPanelRecord(body);
      rememberServed(request, services, route, [record.data]);
      return { data: record };
    },
  );
}

export function registerWriteRoute(
  app: FastifyInstance,
  services: Services,
  route: WriteRoute,
): void {
  app.route<{ Params: Params; Body: Record<string, unknown> }>({
    method: route.method,
    url: route.url,
    config: { access: 'crm' },
    schema: {
      tags: [route.tag],
      summary: route.summary,
      headers: identityHeaders,
      ...paramsSchema(route),
      querystring: noQuery,
      ...(route.body ? { body: route.body } : {}),
      response:
        route.method === 'DELETE'
          ? { 200: crmDeletedAnswer }
          : { [route.method === 'POST' ? 201 : 200]: crmRecordOf(route.record) },
    },
    serializerCompiler: crmRecordsSerializer,
    handler: async (request, reply) => {
      const payload = route.resolve
        ? await route.resolve(request, request.body ?? {})
        : (request.body ?? {});
      const identity = identityOf(request);
      const body = await services.crm.request(identity, {
        method: route.method,
        path: route.crmPath(request.params),
        body: route.body
          ? route.toCrmBody
            ? route.toCrmBody(payload)
            : { data: payload }
          : undefined,
      });
      await publishWrite(request, services, route.change, {
        params: request.params,
        payload,
        record: recordOf(body),
      });
      if (route.method === 'DELETE') return { data: body ?? { deleted: true } };
      return reply.code(route.method === 'POST' ? 201 : 200).send({ data: toPanelRecord(body) });
    },
  });
}
