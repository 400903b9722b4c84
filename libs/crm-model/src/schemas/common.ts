// Building blocks of the wire schemas. TypeBox builds plain JSON Schema (what Fastify's Ajv, the
// OpenAPI document and the mock api validate with) and derives each TypeScript type from it.
import {
  type Static,
  type TBoolean,
  type TInteger,
  type TNumber,
  type TObject,
  type TProperties,
  type TSchema,
  type TString,
  Type,
} from '@sinclair/typebox';
import { HOST_ID_MAX_LENGTH, HOST_ID_PATTERN } from '@crm-model/enums';

/** CRM ids travel in our paths and into the CRM's: no slashes, dots or spaces. */
export const crmId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });

/** Host ids (contacts, chats, channels) are stored or forwarded only. */
export const hostId = Type.String({
  minLength: 1,
  maxLength: HOST_ID_MAX_LENGTH,
  pattern: HOST_ID_PATTERN,
});

/** A value or null (the CRM's 'unset'). */
export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * One of a closed set of strings, as a JSON Schema `enum` (Ajv's error names the allowed values,
 * which the api turns into its pt-BR sentence), typed as the union of the values.
 */
export const stringEnum = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

/**
 * An object body that may also come as JSON null (read as empty): `type: ['object', 'null']`, so
 * a wrong type gets one sentence ('deve ser um objeto ou nulo').
 */
export const objectOrNull = <T extends TProperties>(properties: T) =>
  Type.Unsafe<Static<TObject<T>> | null>({ ...Type.Object(properties), type: ['object', 'null'] });

type TPrimitive = TString | TNumber | TInteger | TBoolean;

/**
 * A text, number or flag that may be null, as `type: [type, 'null']`: what the api's answers say
 * of a value the CRM or the store may leave unset. One JSON type list, not a union, so Fastify's
 * serializer writes it in one step.
 */
export const orNull = <T extends TPrimitive>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });

/** One of a closed set of strings, or null (`enum` lists null too). */
export const enumOrNull = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T | null>({
    type: ['string', 'null'],
    enum: [...values, null],
    ...(description ? { description } : {}),
  });

/** The api's success envelope around an answer: `{ data }` (PRODUCT.md §7 reads data.data). */
export const dataOf = <T extends TSchema>(schema: T) => Type.Object({ data: schema });

/** The links of a page the api answers: `next` while more pages exist. */
export const pageLinks = Type.Object({ next: Type.Optional(Type.String()) });

/**
 * A list answer `{ data: { data: [items], links: { next? } } }`, plus any properties of its own.
 */
export const pageOf = <T extends TSchema, E extends TProperties = Record<never, never>>(
  items: T,
  extra?: E,
) =>
  dataOf(
    Type.Object({
      data: Type.Array(items),
      links: pageLinks,
      ...((extra ?? {}) as E),
    }),
  );
