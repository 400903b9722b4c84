import { ApiError, invalidParameter } from '../http/errors';
import { compileFilter } from '../rdql/compile';
import { RdqlError } from '../rdql/ast';
import { type AccountStore } from '../store/AccountStore';
import { type ResourceDef, type SortKey, type SortKind } from '../resources/ResourceDef';
import { collator } from '../util/text';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;

export type RawQuery = Record<string, string | string[] | undefined>;

export interface ListQuery {
  filter: string | undefined;
  sort: SortKey[];
  pageNumber: number;
  pageSize: number;
}

const single = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[value.length - 1] : value;

/** Reads filter, sort[...] and page[...] the way RD documents them. */
export function readListQuery<T>(query: RawQuery, def: ResourceDef<T>): ListQuery {
  const sort: SortKey[] = [];
  for (const [key, raw] of Object.entries(query)) {
    const match = /^sort\[([^\]]*)\]$/.exec(key);
    if (!match) continue;
    const fieldName = match[1] ?? '';
    const direction = single(raw)?.toLowerCase();
    if (!def.sort[fieldName]) {
      const allowed = Object.keys(def.sort).join(', ');
      throw invalidParameter(
        `Cannot sort ${def.entity.toLowerCase()} records by '${fieldName}'; sortable fields: ${allowed}`,
        key,
      );
    }
    if (direction !== 'asc' && direction !== 'desc') {
      throw invalidParameter(`${key} must be 'asc' or 'desc'`, key);
    }
    sort.push({ field: fieldName, direction });
  }

  const pageNumber = positiveInteger(single(query['page[number]']), 1, 'page[number]');
  // Above the maximum the size is clamped (not an error), as RD's v1 did for `limit`.
  const pageSize = Math.min(
    positiveInteger(single(query['page[size]']), DEFAULT_PAGE_SIZE, 'page[size]'),
    MAX_PAGE_SIZE,
  );
  const filter = single(query.filter);
  return {
    filter: filter === undefined || filter.trim() === '' ? undefined : filter,
    sort,
    pageNumber,
    pageSize,
  };
}

function positiveInteger(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw invalidParameter(`${name} must be a positive integer, got '${raw}'`, name);
  }
  return Number(raw);
}

/** Ascending comparison of two present values. */
function compareValues(a: string | number, b: string | number, kind: SortKind): number {
  if (kind === 'number') return Number(a) - Number(b);
  if (kind === 'text') return collator.compare(String(a), String(b));
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

function sortRecords<T>(records: T[], keys: SortKey[], def: ResourceDef<T>): T[] {
  const specs = keys.flatMap((key) => {
    const spec = def.sort[key.field];
    return spec ? [{ key, spec }] : [];
  });
  return [...records].sort((left, right) => {
    for (const { key, spec } of specs) {
      const a = spec.get(left);
      const b = spec.get(right);
      // Records without a value go last whatever the direction.
      if (a === null || b === null) {
        if (a === b) continue;
        return a === null ? 1 : -1;
      }
      const result = compareValues(a, b, spec.kind);
      if (result !== 0) return key.direction === 'asc' ? result : -result;
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

export function buildLinks(baseUrl: string, query: ListQuery, lastPage: number): Links {
  const url = (page: number): string => {
    const parts: string[] = [];
    if (query.filter !== undefined) parts.push(`filter=${encodeValue(query.filter)}`);
    for (const key of query.sort) parts.push(`sort[${key.field}]=${key.direction}`);
    parts.push(`page[number]=${page}`, `page[size]=${query.pageSize}`);
    return `${baseUrl}?${parts.join('&')}`;
  };
  // Key order as in RD's example: first, prev, self, next, last (prev/next only when they exist).
  return {
    first: url(1),
    ...(query.pageNumber > 1 ? { prev: url(Math.min(query.pageNumber - 1, lastPage)) } : {}),
    self: url(query.pageNumber),
    ...(query.pageNumber < lastPage ? { next: url(query.pageNumber + 1) } : {}),
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
): ListResult {
  const listQuery = readListQuery(query, def);
  let rows = records;
  if (listQuery.filter !== undefined) {
    try {
      const predicate = compileFilter(listQuery.filter, def.filter(store));
      rows = rows.filter(predicate);
    } catch (error) {
      if (error instanceof RdqlError) {
        throw new ApiError(422, [
          { detail: error.message, parameter: 'filter', code: 'INVALID_FILTER' },
        ]);
      }
      throw error;
    }
  }
  rows = sortRecords(rows, listQuery.sort.length > 0 ? listQuery.sort : def.defaultSort, def);
  if (def.listCap !== undefined) rows = rows.slice(0, def.listCap);
  const lastPage = Math.max(1, Math.ceil(rows.length / listQuery.pageSize));
  const start = (listQuery.pageNumber - 1) * listQuery.pageSize;
  return {
    data: rows
      .slice(start, start + listQuery.pageSize)
      .map((record) => def.serialize(record, store)),
    links: buildLinks(baseUrl, listQuery, lastPage),
  };
}
