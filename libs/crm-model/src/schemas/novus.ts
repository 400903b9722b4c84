// The Novus routes' bodies and queries (host-bridge README, 'Novus CRM'): the panel's report of
// what a Novus frame sent and understood, and the tenant's field mapping. Never trusted: every
// text is bounded and lists are capped here, before the api redacts and keeps them.
import { Type, type TSchema } from '@sinclair/typebox';
import {
  NOVUS_DIAGNOSTICS_LIMITS,
  NOVUS_MAPPING_FIELDS,
  NOVUS_MAPPING_LIMITS,
  NOVUS_UNDERSTOOD_FIELDS,
  type NovusDiagnosticsReport,
  type NovusFieldMapping,
} from '@crm-model/novus';

const { Optional } = Type;

const systemKeyText = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const shortText = Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 300 });
const dateText = Type.String({ maxLength: 40 });

/** A closed object of the report: unknown keys refused. */
const strict = <T extends Record<string, TSchema>>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });
/** The same, or null (nothing received yet). */
const strictOrNull = <T extends Record<string, TSchema>>(properties: T) =>
  Type.Unsafe<Record<string, unknown> | null>({ ...strict(properties), type: ['object', 'null'] });

/** One entry per field of the mapping (an older panel sends six: no name nor description). */
const understood = strict(
  Object.fromEntries(
    NOVUS_UNDERSTOOD_FIELDS.map((field) => [field.understood, Optional(shortText)]),
  ),
);

/** What the panel in a Novus frame reports: the host's messages as received, and its reading. */
export const novusReportSchema = Type.Unsafe<NovusDiagnosticsReport>(
  strict({
    hostOrigin: shortText,
    origins: strict({
      parameter: Optional(shortText),
      referrer: Optional(shortText),
      ancestor: Optional(shortText),
    }),
    urlTenant: Optional(shortText),
    userIdFields: Optional(
      Type.Array(Type.String({ maxLength: NOVUS_MAPPING_LIMITS.nameLength }), {
        maxItems: NOVUS_MAPPING_LIMITS.names,
      }),
    ),
    userInfo: Optional(strictOrNull({ at: dateText, reply: Optional(Type.Unknown()) })),
    userInfoError: Optional(strictOrNull({ at: dateText, error: Type.String({ maxLength: 300 }) })),
    lastEvent: Optional(
      strictOrNull({
        at: dateText,
        name: Type.String({ maxLength: 64 }),
        payload: Optional(Type.Unknown()),
      }),
    ),
    understood,
    unexpected: Type.Array(
      strict({
        origin: Type.String({ maxLength: 200 }),
        at: dateText,
        command: Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 64 })),
      }),
      { maxItems: NOVUS_DIAGNOSTICS_LIMITS.unexpected },
    ),
    unrecognized: Optional(
      Type.Array(
        strict({
          at: dateText,
          command: Optional(
            Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 64 }),
          ),
          callbackId: Optional(
            Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 64 }),
          ),
        }),
        { maxItems: NOVUS_DIAGNOSTICS_LIMITS.unexpected },
      ),
    ),
    apiRequestFailure: Optional(
      strictOrNull({
        at: dateText,
        host: Type.String({ maxLength: 300 }),
        endpoint: Type.String({ maxLength: 300 }),
        error: Type.String({ maxLength: 300 }),
      }),
    ),
  }),
);

/** POST /api/novus/diagnostics: the tenant named, and its report. */
export const novusDiagnosticsBody = strict({ systemKey: systemKeyText, report: novusReportSchema });

/** GET /api/novus/mapping: the tenant whose mapping the panel reads before it has a session. */
export const novusMappingQuery = strict({ systemKey: systemKeyText });

const names = Type.Array(Type.String({ maxLength: NOVUS_MAPPING_LIMITS.nameLength }), {
  maxItems: NOVUS_MAPPING_LIMITS.names,
});

const group = (name: string) =>
  strict(
    Object.fromEntries(
      NOVUS_MAPPING_FIELDS.filter((field) => field.group === name).map((field) => [
        field.key,
        names,
      ]),
    ),
  );

/** PUT /api/novus/mapping: where each field is read in the host's messages. */
export const novusMappingBody = Type.Unsafe<NovusFieldMapping>(
  strict({
    user: group('user'),
    attendance: group('attendance'),
    contact: group('contact'),
    chatMessagesEndpoint: Type.String({ maxLength: NOVUS_MAPPING_LIMITS.endpointLength }),
    chatMessagesHost: Type.String({ maxLength: 64 }),
  }),
);
