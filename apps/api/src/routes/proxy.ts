import { type FastifyInstance } from 'fastify';
import { type CrmMethod } from '../crm/crmClient';
import { type PanelListQuery, toCrmQuery, toPanelList, toPanelRecord } from '../crm/panelQuery';
import { identityOf, type Services, wantsFreshData } from '../services';
import {
  cacheQuery,
  cachedIdentityHeaders,
  dataSchema,
  idParams,
  identityHeaders,
  listQuery,
  noQuery,
} from './schemas';

type Params = Record<string, string>;

interface ProxyRoute {
  /** Our path, e.g. '/api/rdstation/pipelines/:id/stages'. */
  url: string;
  /** Path params (all CRM ids). */
  params?: string[];
  /** The CRM v2 path for the request's params. */
  crmPath: (params: Params) => string;
  tag: string;
  summary: string;
}

interface ReadRoute extends ProxyRoute {
  /** Reference data: cached per tenant for the configured TTL. */
  cached?: boolean;
}

interface WriteRoute extends ProxyRoute {
  method: Exclude<CrmMethod, 'GET'>;
  /** Body schema of the panel's payload (absent for DELETE). */
  body?: Record<string, unknown>;
  /** Panel body → CRM v2 request body; default `{ data: body }`. */
  toCrmBody?: (body: Record<string, unknown>) => unknown;
}

const CACHE_NOTE =
  'Dados de referência: cache de 60 s por tenant; `x-cache-bypass: 1` ou `refresh=true` buscam no CRM.';

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
  route: ReadRoute,
): void {
  app.get<{ Params: Params; Querystring: PanelListQuery }>(
    route.url,
    {
      schema: {
        tags: [route.tag],
        summary: route.summary,
        ...(route.cached ? { description: CACHE_NOTE } : {}),
        headers: route.cached ? cachedIdentityHeaders : identityHeaders,
        ...paramsSchema(route),
        querystring: listQuery,
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: {
                  data: { type: 'array', items: {} },
                  links: { type: 'object', properties: { next: { type: 'string' } } },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const body = await services.crm.request(identityOf(request), {
        method: 'GET',
        path: route.crmPath(request.params),
        query: toCrmQuery(request.query),
        cache: route.cached ? { bypass: wantsFreshData(request) } : undefined,
      });
      return { data: toPanelList(body, request.url.split('?')[0] ?? route.url, request.query) };
    },
  );
}

export function registerGetRoute(app: FastifyInstance, services: Services, route: ReadRoute): void {
  app.get<{ Params: Params }>(
    route.url,
    {
      schema: {
        tags: [route.tag],
        summary: route.summary,
        ...(route.cached ? { description: CACHE_NOTE } : {}),
        headers: route.cached ? cachedIdentityHeaders : identityHeaders,
        ...paramsSchema(route),
        querystring: route.cached ? cacheQuery : noQuery,
        response: { 200: dataSchema },
      },
    },
    async (request) => {
      const body = await services.crm.request(identityOf(request), {
        method: 'GET',
        path: route.crmPath(request.params),
        cache: route.cached ? { bypass: wantsFreshData(request) } : undefined,
      });
      return { data: toPanelRecord(body) };
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
    schema: {
      tags: [route.tag],
      summary: route.summary,
      headers: identityHeaders,
      ...paramsSchema(route),
      querystring: noQuery,
      ...(route.body ? { body: route.body } : {}),
      response: { 200: dataSchema, 201: dataSchema },
    },
    handler: async (request, reply) => {
      const payload = request.body ?? {};
      const body = await services.crm.request(identityOf(request), {
        method: route.method,
        path: route.crmPath(request.params),
        body: route.body
          ? route.toCrmBody
            ? route.toCrmBody(payload)
            : { data: payload }
          : undefined,
      });
      if (route.method === 'DELETE') return { data: body ?? { deleted: true } };
      return reply.code(route.method === 'POST' ? 201 : 200).send({ data: toPanelRecord(body) });
    },
  });
}
