import { type CustomFieldRecord, type CustomFieldValues } from '@crm-sandbox/store/records';

/**
 * What a field holds, which decides its operators (README, "RDQL"):
 * - string: `:` equality; `:~` (contains, case-insensitive) only where `match` is set, i.e. where
 *   RD's page says "correspondência de termo / match"
 * - email / phone: lists of addresses or numbers, `:` only; phone compares as `phoneMatch` says
 * - id / ids: one id, or a list of ids (`product_ids:X` = the list contains X)
 * - enum: one of `values`
 * - number / date (YYYY-MM-DD) / datetime (ISO 8601): also `:>`, `:<`, `:>=`, `:<=`
 * Every field takes IN `field:(a,b)` and negation `-field:…`.
 */
export type FieldKind =
  'string' | 'email' | 'phone' | 'id' | 'ids' | 'enum' | 'number' | 'date' | 'datetime';

export interface FieldSpec<T> {
  kind: FieldKind;
  get: (record: T) => unknown;
  values?: readonly string[];
  /** `:~` allowed. */
  match?: boolean;
}

export interface FilterSchema<T> {
  /** Resource name used in messages, e.g. "deals". */
  resource: string;
  fields: Record<string, FieldSpec<T>>;
  /** Pseudo fields such as `has:product` or `is:pinned`, keyed "has:product". */
  flags?: Record<string, (record: T) => boolean>;
  customFields?: {
    definitions: () => CustomFieldRecord[];
    get: (record: T) => CustomFieldValues;
  };
}

/** How literals compare: the knobs that decide the readings RD's docs leave open. */
export interface MatchOptions {
  phoneMatch: 'exact' | 'digits';
  exactTextFolds: boolean;
  containsFoldsAccents: boolean;
  nullLiteral: boolean;
  keywordsAnyCase: boolean;
}

export const STRICT_MATCH: MatchOptions = {
  phoneMatch: 'exact',
  exactTextFolds: false,
  containsFoldsAccents: false,
  nullLiteral: false,
  keywordsAnyCase: false,
};

export const field = <T>(
  kind: FieldKind,
  get: (record: T) => unknown,
  values?: readonly string[],
): FieldSpec<T> => ({ kind, get, values });

/** A string field that also takes `:~`. */
export const matchable = <T>(get: (record: T) => unknown): FieldSpec<T> => ({
  kind: 'string',
  get,
  match: true,
});
