import { type FastifyBaseLogger } from 'fastify';
import { type CrmCallsConfig } from '@api/config';
import { type Identity } from '@api/db/repositories/sessionsRepository';
import { ApiError } from '@api/errors';
import { isRecord } from '@api/http';
import { API_MESSAGES } from '@api/messages';
import { type ReferenceCache } from './cache';
import { type CrmClient, type CrmRequest } from './crmClient';
import {
  type CrmListQuery,
  type CrmListResource,
  type CrmSort,
  crmListParams,
  probesOf,
  quoteValue,
  translateListQuery,
} from './crmQuery';
import { type ProbeVerdicts } from './filterProbes';
import {
  type CrmPage,
  type PageSizeContext,
  PageSizeClamp,
  type PageSizes,
  RD_DEFAULT_PAGE_SIZE,
  crmPageOf,
} from './pageSizes';

/** Query of the panel's list calls (PRODUCT.md §7). */
export interface PanelListQuery {
  limit?: number;
  page?: number;
  order?: string;
  direction?: 'asc' | 'desc';
  filter?: string;
  refresh?: boolean;
}

export interface PanelList {
  data: unknown[];
  links: { next?: string };
  /**
   * Deals of a contact only: the scan stopped at its bound, so only this many of the most
   * recently updated deals were looked at.
   */
  limitedTo?: number;
}

/**
 * 'scroll': the panel pages through it (links.next). 'whole': the panel reads it once, so it is
 * read to its end (within a bound) and answered in one piece.
 */
export type ListMode = 'scroll' | 'whole';

export interface ListRequest {
  resource: CrmListResource;
  /** CRM v2 path of the list, segments encoded. */
  crmPath: string;
  mode: ListMode;
  /** Reference data: the whole list is kept per tenant for the cache's TTL. */
  cached: boolean;
  query: PanelListQuery;
  /** This api's path of the list, for links.next. */
  panelPath: string;
}

export interface ListContext {
  identity: Identity;
  log: FastifyBaseLogger;
  /** `x-cache-bypass: 1` / `refresh=true`. */
  refresh: boolean;
}

export interface CrmLists {
  list(context: ListContext, request: ListRequest): Promise<PanelList>;
  /**
   * Every record of a CRM list whose query is already in documented syntax (e.g. GET /users with
   * `filter=is:active`), read to its end within `readAllMaxRecords`, as the panel's whole lists are.
   */
  readAll(
    context: Omit<ListContext, 'refresh'>,
    crmPath: string,
    query: URLSearchParams,
  ): Promise<unknown[]>;
}

export interface CrmListsDeps {
  crm: CrmClient;
  /** Reference data (whole lists of cached resources). */
  cache: ReferenceCache;
  probes: ProbeVerdicts;
  /** The tenant's `page[size]`: CRM_PAGE_SIZE, or the step below it the CRM last took. */
  pageSizes: PageSizes;
  config: CrmCallsConfig;
}

/** RD's `page[size]` default ("Padrão: 20"), used when the panel names no limit. */
const CRM_DEFAULT_PAGE_SIZE = RD_DEFAULT_PAGE_SIZE;

/**
 * crm-v2-introduction.txt, "Notas sobre a listagem": "Ao utilizar o método listar das entidades
 * de negociação, empresa e contato é possível listar apenas os 10 mil primeiros registros".
 */
const LISTING_CAP: Partial<Record<CrmListResource, number>> = {
  deals: 10_000,
  organizations: 10_000,
  contacts: 10_000,
};

/** A v2 single-record envelope `{ data, links? }`, checked before it goes to the panel. */
export function toPanelRecord(body: unknown): Record<string, unknown> {
  if (!isRecord(body) || !('data' in body)) throw new ApiError(502, API_MESSAGES.crmUnexpected);
  return body;
}

function panelQueryString(query: PanelListQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  params.set('page', String(page));
  if (query.order !== undefined) params.set('order', query.order);
  if (query.direction !== undefined) params.set('direction', query.direction);
  if (query.filter !== undefined) params.set('filter', query.filter);
  return params.toString();
}

function compareBy(sort: CrmSort): (a: unknown, b: unknown) => number {
  const sign = sort.direction === 'desc' ? -1 : 1;
  const valueOf = (item: unknown): unknown => (isRecord(item) ? item[sort.field] : undefined);
  return (a, b) => {
    const x = valueOf(a);
    const y = valueOf(b);
    // Records without a value go last, whatever the direction.
    if (x === null || x === undefined) return y === null || y === undefined ? 0 : 1;
    if (y === null || y === undefined) return -1;
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
    return sign * String(x).localeCompare(String(y), 'pt-BR', { sensitivity: 'base' });
  };
}

export function createCrmLists(deps: CrmListsDeps): CrmLists {
  const { crm, config } = deps;
  const probing = new Map<string, Promise<boolean>>();

  /** Page `number` of `size` of a CRM list, the list's own query kept. */
  const pageRequest = (
    path: string,
    base: URLSearchParams,
    number: number,
    size: number,
    how: Pick<CrmRequest, 'lane' | 'record' | 'refresh'>,
  ): CrmRequest => {
    const query = new URLSearchParams(base);
    query.set('page[number]', String(number));
    query.set('page[size]', String(size));
    return { method: 'GET', path, query, ...how };
  };

  /** A page of a list read from the middle (the panel's page `n`): a clamp starts it over. */
  const fetchPage = async (
    context: Omit<ListContext, 'refresh'>,
    path: string,
    base: URLSearchParams,
    number: number,
    size: number,
    how: Pick<CrmRequest, 'lane' | 'record' | 'refresh'> = {},
  ): Promise<CrmPage> => {
    const body = await crm.request(context.identity, pageRequest(path, base, number, size, how));
    const page = crmPageOf(body, number, size);
    // Its records are not those of page `number` of `size`: asked again at the CRM's size.
    if (page.clampedTo !== null) throw new PageSizeClamp(size, page.clampedTo);
    return page;
  };

  /**
   * Asks the tenant's CRM once whether it takes `~` on a field its docs are silent on: one row
   * (`page[size]=1`) with the person's own value. 400/422 means no; the verdict is kept.
   */
  const probe = (
    context: ListContext,
    request: ListRequest,
    field: string,
    capability: string,
    value: string,
  ): Promise<boolean> => {
    const { systemKey } = context.identity;
    const key = JSON.stringify([systemKey, capability]);
    const pending = probing.get(key);
    if (pending) return pending;
    const run = (async () => {
      const known = await deps.probes.get(systemKey, capability);
      if (known !== null) return known;
      const query = new URLSearchParams();
      query.set('filter', `${field}:~${quoteValue(value)}`);
      query.set('page[number]', '1');
      query.set('page[size]', '1');
      let supported = true;
      try {
        await crm.request(context.identity, { method: 'GET', path: request.crmPath, query });
      } catch (error) {
        if (!(error instanceof ApiError) || (error.statusCode !== 400 && error.statusCode !== 422))
          throw error;
        supported = false;
      }
      await deps.probes.set(systemKey, capability, supported);
      context.log.info({ capability, supported }, 'sondagem de filtro do CRM');
      return supported;
    })();
    probing.set(key, run);
    return run.finally(() => probing.delete(key));
  };

  /** `filter` and `sort[…]` for the CRM, each probed `~` decided for this tenant. */
  const baseParams = async (
    context: ListContext,
    request: ListRequest,
    query: CrmListQuery,
  ): Promise<URLSearchParams> => {
    const allowed = new Map<string, boolean>();
    for (const { field, capability } of probesOf(query)) {
      const clause = query.clauses.find((c) => c.op === 'match' && c.field === field);
      const value = clause && clause.op === 'match' ? clause.value : '';
      allowed.set(field, await probe(context, request, field, capability, value));
    }
    return crmListParams(query, (field) => allowed.get(field) ?? false);
  };

  const readWhole = async (
    context: PageSizeContext,
    path: string,
    base: URLSearchParams,
    how: Pick<CrmRequest, 'lane' | 'record' | 'refresh'> = {},
  ): Promise<unknown[]> => {
    const read = await deps.pageSizes.readAll(
      context,
      (number, size) => crm.request(context.identity, pageRequest(path, base, number, size, how)),
      { maxRecords: config.readAllMaxRecords, path },
    );
    return read.items;
  };

  const whole = async (
    context: ListContext,
    request: ListRequest,
    base: URLSearchParams,
  ): Promise<PanelList> => {
    let items: unknown[];
    if (request.cached) {
      // Credentials and session are checked on every call, cache hit or not.
      await crm.accessToken(context.identity);
      items = await deps.cache.get(
        context.identity.systemKey,
        `${request.crmPath}?${base.toString()}`,
        // The background lane is a refresh behind the kept list: it goes only when there is room.
        (lane) =>
          readWhole(context, request.crmPath, base, { lane, refresh: lane === 'background' }),
        { bypass: context.refresh },
      );
    } else {
      // A deal's notes, products, tasks: each page kept per CRM user for the freshness window.
      items = await readWhole(context, request.crmPath, base, { record: true });
    }
    // Everything is on page 1; a later page of a whole list is empty.
    return { data: (request.query.page ?? 1) > 1 ? [] : items, links: {} };
  };

  const panelPage = (
    request: ListRequest,
    items: unknown[],
    offset: number,
    limit: number,
    more: boolean,
  ): PanelList => {
    const page = request.query.page ?? 1;
    const cap = LISTING_CAP[request.resource];
    const next =
      more && items.length > 0 && (cap === undefined || offset + limit < cap)
        ? `${request.panelPath}?${panelQueryString(request.query, page + 1)}`
        : undefined;
    return { data: items, links: next ? { next } : {} };
  };

  /** The panel's page of `limit` from CRM pages of at most the tenant's size (200 = 2 × 100). */
  const scroll = (
    context: ListContext,
    request: ListRequest,
    base: URLSearchParams,
  ): Promise<PanelList> =>
    deps.pageSizes.read(context, (pageSize) => scrollBy(context, request, base, pageSize));

  const scrollBy = async (
    context: ListContext,
    request: ListRequest,
    base: URLSearchParams,
    pageSize: number,
  ): Promise<PanelList> => {
    const limit = request.query.limit ?? CRM_DEFAULT_PAGE_SIZE;
    const size = Math.min(limit, pageSize);
    const offset = ((request.query.page ?? 1) - 1) * limit;
    const first = Math.floor(offset / size) + 1;
    const last = Math.floor((offset + limit - 1) / size) + 1;
    const items: unknown[] = [];
    let ended = false;
    for (let number = first; number <= last; number += 1) {
      // A page of business records (a search, the deal picker's list) is kept per CRM user for
      // the freshness window, as a record is; reference lists are the tenant's (cached above).
      const page = await fetchPage(context, request.crmPath, base, number, size, {
        record: !request.cached,
      });
      items.push(...page.items);
      if (page.ended) {
        ended = true;
        break;
      }
    }
    const start = offset - (first - 1) * size;
    const data = items.slice(start, start + limit);
    return panelPage(request, data, offset, limit, !ended || items.length > start + limit);
  };

  /**
   * 'Negociações com esse contato'. RD documents no contact filter on deals and the v2 contact
   * has no deal ids, but every deal carries `contact_ids`: the most recently updated deals
   * (documented sort `updated_at`, plus the other documented clauses, e.g. `name:~`) are read
   * page by page within a bound and kept when they hold the contact.
   */
  const contactDeals = async (
    context: ListContext,
    request: ListRequest,
    query: CrmListQuery,
    contactId: string,
    base: URLSearchParams,
  ): Promise<PanelList> => {
    const scanParams = new URLSearchParams();
    const filter = base.get('filter');
    if (filter !== null) scanParams.set('filter', filter);
    scanParams.set('sort[updated_at]', 'desc');
    // Bounded in deals, not pages: a CRM that takes only 20 a page is scanned as deep as one
    // that takes 100.
    const maxRecords = config.contactDealsMaxRecords;
    // The scanned pages are the one copy kept: each is a record of the CRM user whose token read
    // it (crmClient.ts), dropped by any change of a deal, so the panel's next page, a colleague of
    // the same CRM user or the same contact again within the window scan them again at no cost.
    const scanned = await deps.pageSizes.readAll(
      context,
      (number, size) =>
        crm.request(
          context.identity,
          pageRequest(request.crmPath, scanParams, number, size, { record: true }),
        ),
      { maxRecords, path: request.crmPath, scan: true },
    );
    if (scanned.limited)
      context.log.info({ maxRecords }, 'negociações do contato: busca limitada às mais recentes');
    const found = scanned.items.filter((deal) => {
      const ids = isRecord(deal) && Array.isArray(deal.contact_ids) ? deal.contact_ids : [];
      return ids.some((id) => String(id) === contactId);
    });
    const sorted = query.sort ? [...found].sort(compareBy(query.sort)) : found;
    const limit = request.query.limit ?? CRM_DEFAULT_PAGE_SIZE;
    const offset = ((request.query.page ?? 1) - 1) * limit;
    const answer = panelPage(
      request,
      sorted.slice(offset, offset + limit),
      offset,
      limit,
      sorted.length > offset + limit,
    );
    return scanned.limited ? { ...answer, limitedTo: maxRecords } : answer;
  };

  return {
    async list(context, request) {
      // Refused before any CRM call: everything the CRM gets is documented (crmQuery.ts).
      const query = translateListQuery(request.resource, request.query);
      const base = await baseParams(context, request, query);
      if (query.contactId !== null)
        return contactDeals(context, request, query, query.contactId, base);
      return request.mode === 'whole'
        ? whole(context, request, base)
        : scroll(context, request, base);
    },
    readAll: readWhole,
  };
}
