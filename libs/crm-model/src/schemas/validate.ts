import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { type Static, type TSchema } from '@sinclair/typebox';

/**
 * How a body is checked against its schema, the same in the api (Fastify's body validator) and in
 * the mock api: taken as sent (a number where text is expected is refused, never turned into
 * text), unknown fields dropped, the first error reported.
 */
export const BODY_AJV_OPTIONS = {
  useDefaults: true,
  removeAdditional: true,
  allErrors: false,
  strict: false,
  addUsedSchema: false,
  coerceTypes: false,
} as const satisfies Options;

export type SchemaCheck<T> = { ok: true; value: T } | { ok: false; error: string };

/** '/contact/emails/0/email must NOT have more than 254 characters'. */
function describe(error: ErrorObject | undefined): string {
  if (!error) return 'inválido';
  return `${error.instancePath || '/'} ${error.message ?? 'inválido'}`;
}

/**
 * A checker whose schemas are compiled once each. Bodies: BODY_AJV_OPTIONS (the default). Answers:
 * `{ removeAdditional: false, useDefaults: false }`, so nothing is changed while looking.
 */
export function createSchemaChecker(options: Options = {}) {
  const ajv = new Ajv({ ...BODY_AJV_OPTIONS, ...options });
  const compiled = new WeakMap<TSchema, ValidateFunction>();
  return <T extends TSchema>(schema: T, value: unknown): SchemaCheck<Static<T>> => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate(value)
      ? { ok: true, value: value as Static<T> }
      : { ok: false, error: describe(validate.errors?.[0]) };
  };
}
