import { type Collection } from '@crm-sandbox/store/AccountStore';
import { type CustomFieldRecord, type CustomFieldValues } from '@crm-sandbox/store/records';
import { isDateOnly, parseDateTime } from '@crm-sandbox/util/time';
import { ApiError, badRequest, type ErrorSpec } from './errors';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ data: {...} }` is the only accepted request body shape, as in RD's v2. */
export function readData(body: unknown): Json {
  if (!isObject(body) || !isObject(body.data)) {
    throw badRequest("The request body must be a JSON object with a 'data' object");
  }
  return body.data;
}

interface Options {
  required?: boolean;
  nullable?: boolean;
}

/** The keys a write accepts: the reference's response fields minus the read-only ones. */
export interface WritableFields {
  /** e.g. "deal", for messages. */
  resource: string;
  keys: readonly string[];
  /** Response fields the server sets (id, timestamps, computed prices): named as read-only. */
  readOnly: readonly string[];
}

/**
 * Reads and checks the fields of `data`, collecting every problem so one 422 lists them all.
 * Each getter returns undefined when the key is absent (or invalid), null when explicitly null.
 */
export class BodyReader {
  readonly errors: ErrorSpec[] = [];

  /** With `writable`, every other key of `data` is a 422 pointing at it. */
  constructor(
    readonly data: Json,
    writable?: WritableFields,
  ) {
    if (writable) this.checkKeys(writable);
  }

  private checkKeys({ resource, keys, readOnly }: WritableFields): void {
    for (const key of Object.keys(this.data)) {
      if (keys.includes(key)) continue;
      if (readOnly.includes(key)) {
        this.fail(key, `${key} is read-only on ${resource}`, 'READ_ONLY_FIELD');
      } else {
        this.fail(
          key,
          `${key} is not a field of ${resource}; writable fields: ${keys.join(', ')}`,
          'UNKNOWN_FIELD',
        );
      }
    }
  }

  has(key: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.data, key);
  }

  fail(key: string, detail: string, code = 'INVALID_FIELD'): undefined {
    this.errors.push({ detail, pointer: `/data/${key}`, code });
    return undefined;
  }

  /** Keys of a nested object (an address, a list item) beyond `allowed` are refused too. */
  nestedKeys(pointer: string, value: unknown, allowed: readonly string[]): void {
    if (!isObject(value)) return;
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) {
        this.fail(
          `${pointer}/${key}`,
          `${key} is not a field of ${pointer}; fields: ${allowed.join(', ')}`,
          'UNKNOWN_FIELD',
        );
      }
    }
  }

  /** True when there is nothing to read: absent, null, or an empty string for a required key. */
  private missing(key: string, options: Options): boolean {
    const value = this.data[key];
    const empty = value === undefined || value === null || (value === '' && options.required);
    if (!empty) return false;
    if (options.required) this.fail(key, `${key} is required`, 'REQUIRED_FIELD');
    else if (value === null && !options.nullable) this.fail(key, `${key} cannot be null`);
    return true;
  }

  private absentValue(key: string): null | undefined {
    return this.data[key] === null ? null : undefined;
  }

  string(key: string, options: Options & { max?: number } = {}): string | null | undefined {
    const value = this.data[key];
    if (value === undefined || value === null) {
      this.missing(key, options);
      return this.absentValue(key);
    }
    if (typeof value !== 'string') return this.fail(key, `${key} must be a string`);
    if (options.required && value.trim() === '') {
      return this.fail(key, `${key} is required`, 'REQUIRED_FIELD');
    }
    if (options.max !== undefined && value.length > options.max) {
      return this.fail(key, `${key} must have at most ${options.max} characters`);
    }
    return value;
  }

  number(
    key: string,
    options: Options & { min?: number; max?: number; integer?: boolean; above?: number } = {},
  ): number | null | undefined {
    if (this.missing(key, options)) return this.absentValue(key);
    const value = this.data[key];
    if (typeof value !== 'number' || !Number.isFinite(value))
      return this.fail(key, `${key} must be a number`);
    if (options.integer && !Number.isInteger(value))
      return this.fail(key, `${key} must be an integer`);
    if (options.min !== undefined && value < options.min)
      return this.fail(key, `${key} must be ≥ ${options.min}`);
    if (options.above !== undefined && value <= options.above)
      return this.fail(key, `${key} must be > ${options.above}`);
    if (options.max !== undefined && value > options.max)
      return this.fail(key, `${key} must be ≤ ${options.max}`);
    return value;
  }

  oneOf<T extends string>(
    key: string,
    values: readonly T[],
    options: Options = {},
  ): T | null | undefined {
    if (this.missing(key, options)) return this.absentValue(key);
    const value = this.data[key];
    if (typeof value !== 'string' || !values.includes(value as T)) {
      return this.fail(key, `${key} must be one of: ${values.join(', ')}`);
    }
    return value as T;
  }

  /** An id that must exist in `collection`. */
  ref<T extends { id: string }>(
    key: string,
    collection: Collection<T>,
    entity: string,
    options: Options = {},
  ): string | null | undefined {
    if (this.missing(key, options)) return this.absentValue(key);
    const value = this.data[key];
    if (typeof value !== 'string') return this.fail(key, `${key} must be a string id`);
    if (!collection.has(value))
      return this.fail(key, `${key} '${value}' does not match any ${entity}`, 'INVALID_REFERENCE');
    return value;
  }

  refs<T extends { id: string }>(
    key: string,
    collection: Collection<T>,
    entity: string,
    options: Options & { nonEmpty?: boolean } = {},
  ): string[] | undefined {
    if (this.missing(key, options)) return undefined;
    const value = this.data[key];
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
      return this.fail(key, `${key} must be a list of string ids`);
    }
    const ids = value as string[];
    if (options.nonEmpty && ids.length === 0)
      return this.fail(key, `${key} must have at least one id`, 'REQUIRED_FIELD');
    const unknown = ids.filter((id) => !collection.has(id));
    if (unknown.length > 0) {
      return this.fail(
        key,
        `${key} has ids that match no ${entity}: ${unknown.join(', ')}`,
        'INVALID_REFERENCE',
      );
    }
    return [...new Set(ids)];
  }

  /** ISO 8601 date-time (a date alone means midnight UTC); returned normalised. */
  dateTime(key: string, options: Options = {}): string | null | undefined {
    if (this.missing(key, options)) return this.absentValue(key);
    const value = this.data[key];
    const ms =
      typeof value === 'string'
        ? isDateOnly(value)
          ? Date.parse(`${value}T00:00:00Z`)
          : parseDateTime(value)
        : null;
    if (ms === null) return this.fail(key, `${key} must be an ISO 8601 date-time`);
    return new Date(ms).toISOString();
  }

  date(key: string, options: Options = {}): string | null | undefined {
    if (this.missing(key, options)) return this.absentValue(key);
    const value = this.data[key];
    if (typeof value !== 'string' || !isDateOnly(value))
      return this.fail(key, `${key} must be a date (YYYY-MM-DD)`);
    return value;
  }

  list(key: string): unknown[] | undefined {
    if (!this.has(key) || this.data[key] === null) return undefined;
    const value = this.data[key];
    if (!Array.isArray(value)) return this.fail(key, `${key} must be a list`);
    return value;
  }

  /** Custom field values by slug, checked against the entity's definitions and merged into `current`. */
  customFields(
    definitions: CustomFieldRecord[],
    current: CustomFieldValues = {},
  ): CustomFieldValues | undefined {
    if (!this.has('custom_fields')) return undefined;
    const value = this.data.custom_fields;
    if (!isObject(value))
      return this.fail('custom_fields', 'custom_fields must be an object keyed by slug');
    const result: CustomFieldValues = { ...current };
    for (const [slug, raw] of Object.entries(value)) {
      const pointer = `custom_fields/${slug}`;
      const definition = definitions.find((candidate) => candidate.slug === slug);
      if (!definition) {
        const known = definitions.map((candidate) => candidate.slug).join(', ');
        this.fail(
          pointer,
          `Unknown custom field '${slug}'${known ? `; known slugs: ${known}` : ''}`,
        );
        continue;
      }
      if (raw === null || raw === '') {
        result[slug] = null;
        continue;
      }
      switch (definition.type) {
        case 'text':
          if (typeof raw !== 'string') this.fail(pointer, `${slug} must be a string`);
          else result[slug] = raw;
          break;
        case 'date':
          if (typeof raw !== 'string' || !isDateOnly(raw))
            this.fail(pointer, `${slug} must be a date (YYYY-MM-DD)`);
          else result[slug] = raw;
          break;
        case 'option':
          if (typeof raw !== 'string' || !definition.options.includes(raw)) {
            this.fail(pointer, `${slug} must be one of: ${definition.options.join(', ')}`);
          } else result[slug] = raw;
          break;
        case 'multiple_choice': {
          const items = Array.isArray(raw) ? raw : [raw];
          const invalid = items.filter(
            (item) =>
              typeof item !== 'string' ||
              (!definition.allow_new_option && !definition.options.includes(item)),
          );
          if (invalid.length > 0)
            this.fail(pointer, `${slug} accepts only: ${definition.options.join(', ')}`);
          else result[slug] = items as string[];
          break;
        }
      }
    }
    return result;
  }

  throwIfInvalid(): void {
    if (this.errors.length > 0) throw new ApiError(422, this.errors);
  }
}
