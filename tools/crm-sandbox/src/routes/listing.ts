import { ApiError, type ErrorSpec } from '@crm-sandbox/http/errors';
import { type Knobs } from '@crm-sandbox/knobs';
import { RdqlError } from '@crm-sandbox/rdql/ast';
import { compileFilter, describeFields } from '@crm-sandbox/rdql/compile';
import { type AccountStore } from '@crm-sandbox/store/AccountStore';
import {
  type ResourceDef,
  type SortDirection,
  type SortKey,
  type SortKind,
  type SortSpec,
} from '@crm-sandbox/resources/ResourceDef';
import { collator } from '@crm-sandbox/util/text';

export const DEFAULT_PAGE_SIZE = 20;

export type RawQuery = Record<string, string | string[] | undefined>;

export interface ListQuery {
  filter: string | undefined;
  sort: SortKey[];
  pageNumber: number;
  /** Records a page holds. */
  pageSize: number;
  /** The page[size] asked, which the links repeat (more than pageSize when it was clamped). */
  askedPageSize: number;
}

/** RD answers a list parameter it cannot use with 400 ("A requisição está malformada"). */
const badParameter = (detail: string, parameter: string, code = 'INVALID_PARAMETER'): ApiError =>
  new ApiError(400, [{ detail, parameter, code } satisfies ErrorSpec]);

function single(query: RawQuery, key: string): string | undefined {
  const value = query[key];
  if (Array.isArray(value)) throw badParameter(`${key} may be given only once`, key);
  return value;
}

const PAGE_KEYS = ['page[number]', 'page[size]'];

/** Reads filter, sort[...] and page[...] the way RD documents them; anything else is a 400. */
export function readListQuery<T>(query: RawQuery, def: ResourceDef<T>, knobs: Knobs): ListQuery {
  const sort: SortKey[] = [];
  for (const key of Object.keys(query)) {
    const sortField = /^sort\[([^\]]*)\]$/.exec(key)?.[1];
    if (sortField !== undefined) {
      sort.push({ field: sortField, direction: readSort(def, key, sortField, single(query, key)) });
    } else if (key === 'filter' && !def.filter) {
      throw badParameter(
        `${def.plural} cannot be filtered: RD documents no filter for them`,
        'filter',
        'INVALID_FILTER',
      );
    } else if (key !== 'filter' && !PAGE_KEYS.includes(key) && !knobs.ignoreUnknownParams) {
      throw badParameter(
        `Unknown query parameter '${key}'; lists take filter, sort[<field>] and page[number], page[size]`,
        key,
      );
    }
  }

  const pageNumber = positiveInteger(single(query, 'page[number]'), 1, 'page[number]');
  const askedPageSize = positiveInteger(
    single(query, 'page[size]'),
    DEFAULT_PAGE_SIZE,
    'page[size]',
  );
  const overCap = knobs.maxPageSize > 0 && askedPageSize > knobs.maxPageSize;
  if (overCap && knobs.pageSizeOverCap === 'refuse') {
    throw badParameter(
      `page[size] must be at most ${knobs.maxPageSize}, got ${askedPageSize}`,
      'page[size]',
    );
  }
  const pageSize = overCap ? knobs.maxPageSize : askedPageSize;
  const filter = single(query, 'filter');
  if (filter !== undefined && filter.trim() === '') {
    throw badParameter('filter is empty', 'filter', 'INVALID_FILTER');
  }
  return { filter, sort, pageNumber, pageSize, askedPageSize };
}

function readSort<T>(
  def: ResourceDef<T>,
  key: string,
  fieldName: string,
  raw: string | undefined,
): SortDirection {
  const allowed = Object.keys(def.sort);
  if (allowed.length === 0) {
    throw badParameter(`${def.plural} cannot be sorted: RD documents no sort for them`, key);
  }
  if (!def.sort[fieldName]) {
    throw badParameter(
      `Cannot sort ${def.plural} by '${fieldName}'; sortable fields: ${allowed.join(', ')}`,
      key,
    );
  }
  if (raw !== 'asc' && raw !== 'desc') throw badParameter(`${key} must be 'asc' or 'desc'`, key);
  return raw;
}

function positiveInteger(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw badParameter(`${name} must be a positive integer, got '${raw}'`, name);
  }
  return Number(raw);
}

/** Ascending comparison of two present values. */
function compareValues(a: string | number, b: string | number, kind: SortKind): number {
  if (kind === 'number') return Number(a) - Number(b);
  if (kind === 'text') return collator.compare(String(a), String(b));
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

function sortRecords<T>(records: T[], order: [SortSpec<T>, SortDirection][]): T[] {
  return [...records].sort((left, right) => {
    for (const [spec, direction] of order) {
      const a = spec.get(left);
      const b = spec.get(right);
      // Records without a value go last whatever the direction.
      if (a === null || b === null) {
        if (a === b) continue;
        return a === null ? 1 : -1;
      }
      const result = compareValues(a, b, spec.kind);
      if (result !== 0) return direction === 'asc' ? result : -result;
    }
    return 0;
  });
}

function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%2C/gi, ',').replace(/%40/g, '@');
}

export interface Links {
  first: string;
  prev?: string;
  self: string;
  next?: string;
  last: string;
}

/**
 * The five links of RD's example, with literal brackets. Strict (the example's shape on every
 * page): `prev` on page 1 points at page 1 and `next` on the last page one past it, which answers
 * `data: []`; a client stops on an empty or short page. omitEndLinks leaves both out instead.
 */
export function buildLinks(
  baseUrl: string,
  query: ListQuery,
  lastPage: number,
  omitEndLinks: boolean,
): Links {
  const url = (page: number): string => {
    const parts: string[] = [];
    if (query.filter !== undefined) parts.push(`filter=${encodeValue(query.filter)}`);
    for (const key of query.sort) parts.push(`sort[${key.field}]=${key.direction}`);
    // RD: "Os links de uma requisição de listagem já terão os parâmetros filter, sort e page
    // reproduzidos": the size asked, even when a page holds fewer (pageSizeOverCap 'clamp').
    parts.push(`page[number]=${page}`, `page[size]=${query.askedPageSize}`);
    return `${baseUrl}?${parts.join('&')}`;
  };
  const page = query.pageNumber;
  const hasPrev = page > 1;
  const hasNext = page < lastPage;
  return {
    first: url(1),
    ...(hasPrev || !omitEndLinks ? { prev: url(Math.max(1, Math.min(page - 1, lastPage))) } : {}),
    self: url(page),
    ...(hasNext || !omitEndLinks ? { next: url(page + 1) } : {}),
    last: url(lastPage),
  };
}

export interface ListResult {
  data: object[];
  links: Links;
}

/** Filter → sort → 10k cap → page, answered as `{ data, links }`. */
export function listRecords<T>(
  def: ResourceDef<T>,
  store: AccountStore,
  records: T[],
  query: RawQuery,
  baseUrl: string,
  knobs: Knobs,
): ListResult {
  const listQuery = readListQuery(query, def, knobs);
  let rows = records;
  if (listQuery.filter !== undefined && def.filter) {
    const schema = def.filter(store, knobs);
    try {
      rows = rows.filter(compileFilter(listQuery.filter, schema, knobs));
    } catch (error) {
      if (error instanceof RdqlError) {
        throw badParameter(
          `${error.message}; filterable fields on ${def.plural}: ${describeFields(schema)}`,
          'filter',
          'INVALID_FILTER',
        );
      }
      throw error;
    }
  }
  const order: [SortSpec<T>, SortDirection][] = listQuery.sort.flatMap((key) => {
    const spec = def.sort[key.field];
    return spec ? [[spec, key.direction] as [SortSpec<T>, SortDirection]] : [];
  });
  rows = sortRecords(rows, order.length > 0 ? order : def.defaultOrder);
  if (def.listCap !== undefined) rows = rows.slice(0, def.listCap);
  const lastPage = Math.max(1, Math.ceil(rows.length / listQuery.pageSize));
  const start = (listQuery.pageNumber - 1) * listQuery.pageSize;
  return {
    data: rows
      .slice(start, start + listQuery.pageSize)
      .map((record) => def.serialize(record, store)),
    links: buildLinks(baseUrl, listQuery, lastPage, knobs.omitEndLinks),
  };
}
