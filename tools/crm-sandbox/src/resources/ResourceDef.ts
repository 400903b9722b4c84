import { type Knobs } from '@crm-sandbox/knobs';
import { type FilterSchema } from '@crm-sandbox/rdql/schema';
import { type AccountStore } from '@crm-sandbox/store/AccountStore';

export type SortKind = 'text' | 'number' | 'date';

export interface SortSpec<T> {
  kind: SortKind;
  get: (record: T) => string | number | null;
}

export type SortDirection = 'asc' | 'desc';

export interface SortKey {
  field: string;
  direction: SortDirection;
}

/** Everything the generic list/get code needs to know about one resource. */
export interface ResourceDef<T> {
  /** Singular name for messages, e.g. "Deal". */
  entity: string;
  /** Plural name for messages, e.g. "deals". */
  plural: string;
  /** The page's "Filtro" table; absent when RD documents no filter (a `filter` is then a 400). */
  filter?: (store: AccountStore, knobs: Knobs) => FilterSchema<T>;
  /** The page's "Ordenação" list; empty when RD documents none (a `sort[…]` is then a 400). */
  sort: Record<string, SortSpec<T>>;
  /** Order used without sort[...] (RD does not document one; README, "Sorting"). */
  defaultOrder: [SortSpec<T>, SortDirection][];
  serialize: (record: T, store: AccountStore) => object;
  /** RD lists only the first 10,000 matches of deals, contacts and organisations. */
  listCap?: number;
}

export const sortBy = <T>(
  kind: SortKind,
  get: (record: T) => string | number | null,
): SortSpec<T> => ({
  kind,
  get,
});
