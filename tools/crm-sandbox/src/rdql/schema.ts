import { type CustomFieldRecord, type CustomFieldValues } from '../store/records';

/**
 * How a field filters:
 * - text: `:` equal and `:~` contains, both ignoring case and accents
 * - exactText: `:` only (RD documents product names as exact-match only)
 * - email / phone: lists of addresses; phone compares digits only and matches when the stored
 *   number contains the digits given
 * - id / ids: one id or a list of ids (`contact_ids:X` = the list contains X)
 * - enum: one of `values`
 * - number / date (YYYY-MM-DD) / datetime (ISO 8601): also `:>`, `:<`, `:>=`, `:<=`
 */
export type FieldKind =
  'text' | 'exactText' | 'email' | 'phone' | 'id' | 'ids' | 'enum' | 'number' | 'date' | 'datetime';

export interface FieldSpec<T> {
  kind: FieldKind;
  get: (record: T) => unknown;
  values?: readonly string[];
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

export const field = <T>(
  kind: FieldKind,
  get: (record: T) => unknown,
  values?: readonly string[],
): FieldSpec<T> => ({ kind, get, values });
