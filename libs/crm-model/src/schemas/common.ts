// Building blocks of the wire schemas. TypeBox builds plain JSON Schema (what Fastify's Ajv, the
// OpenAPI document and the mock api validate with) and derives each TypeScript type from it.
import { type Static, type TObject, type TProperties, Type, type TSchema } from '@sinclair/typebox';
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
