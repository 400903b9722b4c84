import { type FilterSchema } from '../rdql/schema';
import { type AccountStore } from '../store/AccountStore';

export type SortKind = 'text' | 'number' | 'date';

export interface SortSpec<T> {
  kind: SortKind;
  get: (record: T) => string | number | null;
}

export interface SortKey {
  field: string;
  direction: 'asc' | 'desc';
}

/** Everything the generic list/get code needs to know about one resource. */
export interface ResourceDef<T> {
  /** Singular name for messages, e.g. "Deal". */
  entity: string;
  filter: (store: AccountStore) => FilterSchema<T>;
  sort: Record<string, SortSpec<T>>;
  /** Order used when the request has no sort[...] (documented per resource in the README). */
  defaultSort: SortKey[];
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
