// Every behaviour the sandbox can change while it runs. Defaults are the strict reading of RD's
// docs; LENIENT_KNOBS holds the other reading of each assumption (README, "Assumptions").

export const NAME_CONTAINS_RESOURCES = [
  'organizations',
  'lost_reasons',
  'sources',
  'campaigns',
  'segments',
] as const;
export type NameContainsResource = (typeof NAME_CONTAINS_RESOURCES)[number];

export interface Knobs {
  /** Delay added before every non-admin request is answered. */
  latencyMs: number;
  /** Share (0..1) of CRM API requests answered with 500. */
  errorRate: number;
  /** Requests per rate-limit key in any 60-second window; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Who shares one window: every token of a CRM account (strict) or each access token. */
  rateLimitScope: 'account' | 'token';
  /** Largest page[size]; above it a list answers as pageSizeOverCap says. 0 means no cap. */
  maxPageSize: number;
  /**
   * A page[size] above maxPageSize: a 400 naming it (strict: the client is told), or a page of
   * maxPageSize records with no error, whose links repeat the size asked and whose `last` counts
   * pages of maxPageSize (a silent clamp: the client must notice the short page itself).
   */
  pageSizeOverCap: 'refuse' | 'clamp';
  /** Leave `prev` out on page 1 and `next` on the last page (strict: all five links always). */
  omitEndLinks: boolean;
  /** `phone:` compares the stored string exactly (strict) or the digits it contains. */
  phoneMatch: 'exact' | 'digits';
  /** Resources whose `name` filter also takes `~` although their docs do not say so. */
  nameContainsOn: NameContainsResource[];
  /** `field:value` ignores case and accents (strict: the same characters). */
  exactTextFolds: boolean;
  /** `field:~text` ignores accents too (strict: only case, as the RDQL page says). */
  containsFoldsAccents: boolean;
  /** A bare `null` matches an empty value (strict: RDQL documents no null literal). */
  nullLiteral: boolean;
  /** `AND` / `OR` in any case (strict: lower case, as the RDQL page writes them). */
  keywordsAnyCase: boolean;
  /** Query parameters other than filter, sort[…] and page[…] are ignored (strict: 400). */
  ignoreUnknownParams: boolean;
  /** The OAuth callback carries the client's `state` back (strict: `code` only). */
  echoState: boolean;
  /**
   * An app may register an http callback on a loopback host (strict: https only, as RD's App
   * Publisher asks: "Certifique-se que seu endereço contém https://").
   */
  loopbackHttpCallbacks: boolean;
  /** POST /oauth2/token also takes a JSON body (strict: form-urlencoded, as documented). */
  tokenJsonBody: boolean;
  /**
   * Whose account a consent may sign in to: 'any' account's user (strict: RD's step 2, "o usuário
   * poderá selecionar qual conta da RD Station deseja integrar") or only the app's own account.
   */
  consentAccounts: 'any' | 'app';
  /** PATCH /deals/{id} works like PUT (the use-case page shows it; the reference has only PUT). */
  dealPatch: boolean;
  /**
   * A deal write may leave a value empty although the reference types it as a string (or a list
   * of them) and documents no way to clear it: `stage_id: null` or no stage on a pipeline change
   * (→ the new pipeline's first stage), `source_id: null` (→ no source), `contact_ids: []` (→ no
   * contact). Strict: each a 422 naming the field.
   */
  dealEmptyValues: boolean;
  /**
   * A contact write may send `organization_id: null` (→ the contact loses its organization)
   * although create-contact and update-contact type it as "string" ("ID da organização") and
   * document no way to clear it. Strict: a 422 naming the field.
   */
  contactOrganizationNull: boolean;
  /** First retry delay of a failed webhook delivery; doubles on each of the 5 retries. */
  webhookBackoffMs: number;
  /** A webhook endpoint slower than this failed (RD documents 5 s). */
  webhookTimeoutMs: number;
  /**
   * Deliveries of one webhook that fail for good (all 6 tries) in a row before RD's verdict
   * "suspenso" (crm-v2-webhooks, "Suspensão de webhooks": "é necessário que o mesmo esteja sempre
   * retornando erros de forma constante"; how many, RD does not say). Strict: 3, so a receiver
   * that keeps failing is suspended and its owner must notice; 0 never suspends on its own.
   */
  webhookSuspendAfterFailures: number;
  /**
   * The case of a delivery's `event_name`. webhooks-payload-crm's sample writes
   * `"event_name": "crm_deal_created"`, its field table "CRM_DEAL_CREATED. ou CRM_DEAL_UPDATED ou
   * CRM_DEAL_DELETED"; strict: upper case, which a receiver matching only the registered
   * (lower-case) names would miss.
   */
  webhookEventCase: 'upper' | 'lower';
  /**
   * The offset of the `…_at` times in a delivery's document: RD's payload samples write
   * `"updated_at":"2023-09-18T15:04:34.515-03:00"` while the API answers in UTC (`Z`); strict:
   * `-03:00`, so the same instant arrives as another string.
   */
  webhookTimeOffset: '-03:00' | 'Z';
}

export const DEFAULT_KNOBS: Knobs = {
  latencyMs: 0,
  errorRate: 0,
  rateLimitPerMinute: 120,
  rateLimitScope: 'account',
  maxPageSize: 100,
  pageSizeOverCap: 'refuse',
  omitEndLinks: false,
  phoneMatch: 'exact',
  nameContainsOn: [],
  exactTextFolds: false,
  containsFoldsAccents: false,
  nullLiteral: false,
  keywordsAnyCase: false,
  ignoreUnknownParams: false,
  echoState: false,
  loopbackHttpCallbacks: false,
  tokenJsonBody: false,
  consentAccounts: 'any',
  dealPatch: false,
  dealEmptyValues: false,
  contactOrganizationNull: false,
  webhookBackoffMs: 1000,
  webhookTimeoutMs: 5000,
  webhookSuspendAfterFailures: 3,
  webhookEventCase: 'upper',
  webhookTimeOffset: '-03:00',
};

/** The lenient value of every assumption knob (latency, faults and timings untouched). */
export const LENIENT_KNOBS: Partial<Knobs> = {
  rateLimitScope: 'token',
  maxPageSize: 200,
  pageSizeOverCap: 'clamp',
  omitEndLinks: true,
  phoneMatch: 'digits',
  nameContainsOn: [...NAME_CONTAINS_RESOURCES],
  exactTextFolds: true,
  containsFoldsAccents: true,
  nullLiteral: true,
  keywordsAnyCase: true,
  ignoreUnknownParams: true,
  echoState: true,
  loopbackHttpCallbacks: true,
  tokenJsonBody: true,
  consentAccounts: 'app',
  dealPatch: true,
  dealEmptyValues: true,
  contactOrganizationNull: true,
  webhookSuspendAfterFailures: 0,
  webhookEventCase: 'lower',
  webhookTimeOffset: 'Z',
};

type KnobSpec =
  | { kind: 'number'; env: string; integer?: boolean; max?: number }
  | { kind: 'boolean'; env: string }
  | { kind: 'choice'; env: string; values: readonly string[] }
  | { kind: 'list'; env: string; values: readonly string[] };

const SPECS: Record<keyof Knobs, KnobSpec> = {
  latencyMs: { kind: 'number', env: 'SANDBOX_LATENCY_MS' },
  errorRate: { kind: 'number', env: 'SANDBOX_ERROR_RATE', max: 1 },
  rateLimitPerMinute: { kind: 'number', env: 'SANDBOX_RATE_LIMIT', integer: true },
  rateLimitScope: {
    kind: 'choice',
    env: 'SANDBOX_RATE_LIMIT_SCOPE',
    values: ['account', 'token'],
  },
  maxPageSize: { kind: 'number', env: 'SANDBOX_MAX_PAGE_SIZE', integer: true },
  pageSizeOverCap: {
    kind: 'choice',
    env: 'SANDBOX_PAGE_SIZE_OVER_CAP',
    values: ['refuse', 'clamp'],
  },
  omitEndLinks: { kind: 'boolean', env: 'SANDBOX_OMIT_END_LINKS' },
  phoneMatch: { kind: 'choice', env: 'SANDBOX_PHONE_MATCH', values: ['exact', 'digits'] },
  nameContainsOn: {
    kind: 'list',
    env: 'SANDBOX_NAME_CONTAINS_ON',
    values: NAME_CONTAINS_RESOURCES,
  },
  exactTextFolds: { kind: 'boolean', env: 'SANDBOX_EXACT_TEXT_FOLDS' },
  containsFoldsAccents: { kind: 'boolean', env: 'SANDBOX_CONTAINS_FOLDS_ACCENTS' },
  nullLiteral: { kind: 'boolean', env: 'SANDBOX_NULL_LITERAL' },
  keywordsAnyCase: { kind: 'boolean', env: 'SANDBOX_KEYWORDS_ANY_CASE' },
  ignoreUnknownParams: { kind: 'boolean', env: 'SANDBOX_IGNORE_UNKNOWN_PARAMS' },
  echoState: { kind: 'boolean', env: 'SANDBOX_ECHO_STATE' },
  loopbackHttpCallbacks: { kind: 'boolean', env: 'SANDBOX_LOOPBACK_HTTP_CALLBACKS' },
  tokenJsonBody: { kind: 'boolean', env: 'SANDBOX_TOKEN_JSON_BODY' },
  consentAccounts: { kind: 'choice', env: 'SANDBOX_CONSENT_ACCOUNTS', values: ['any', 'app'] },
  dealPatch: { kind: 'boolean', env: 'SANDBOX_DEAL_PATCH' },
  dealEmptyValues: { kind: 'boolean', env: 'SANDBOX_DEAL_EMPTY_VALUES' },
  contactOrganizationNull: { kind: 'boolean', env: 'SANDBOX_CONTACT_ORGANIZATION_NULL' },
  webhookBackoffMs: { kind: 'number', env: 'SANDBOX_WEBHOOK_BACKOFF_MS' },
  webhookTimeoutMs: { kind: 'number', env: 'SANDBOX_WEBHOOK_TIMEOUT_MS' },
  webhookSuspendAfterFailures: {
    kind: 'number',
    env: 'SANDBOX_WEBHOOK_SUSPEND_AFTER_FAILURES',
    integer: true,
  },
  webhookEventCase: {
    kind: 'choice',
    env: 'SANDBOX_WEBHOOK_EVENT_CASE',
    values: ['upper', 'lower'],
  },
  webhookTimeOffset: {
    kind: 'choice',
    env: 'SANDBOX_WEBHOOK_TIME_OFFSET',
    values: ['-03:00', 'Z'],
  },
};

export const KNOB_NAMES = Object.keys(SPECS) as (keyof Knobs)[];

const isKnobName = (key: string): key is keyof Knobs => Object.hasOwn(SPECS, key);

function valueError(key: keyof Knobs, value: unknown): string | null {
  const spec = SPECS[key];
  switch (spec.kind) {
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
        return `Knob '${key}' must be a number ≥ 0`;
      if (spec.max !== undefined && value > spec.max)
        return `Knob '${key}' must be between 0 and ${spec.max}`;
      if (spec.integer && !Number.isInteger(value)) return `Knob '${key}' must be an integer`;
      return null;
    case 'boolean':
      return typeof value === 'boolean' ? null : `Knob '${key}' must be true or false`;
    case 'choice':
      return typeof value === 'string' && spec.values.includes(value)
        ? null
        : `Knob '${key}' must be one of: ${spec.values.join(', ')}`;
    case 'list':
      return Array.isArray(value) &&
        value.every((item) => typeof item === 'string' && spec.values.includes(item))
        ? null
        : `Knob '${key}' must be a list of: ${spec.values.join(', ')}`;
  }
}

/** Validates a partial knob update; returns an error message or null. */
export function knobError(knobs: Record<string, unknown>): string | null {
  for (const [key, value] of Object.entries(knobs)) {
    if (!isKnobName(key)) return `Unknown knob '${key}' (known: ${KNOB_NAMES.join(', ')})`;
    const error = valueError(key, value);
    if (error) return error;
  }
  return null;
}

/** A checked partial knob set (throws with the message of knobError). */
export function checkedKnobs(knobs: Record<string, unknown>): Partial<Knobs> {
  const error = knobError(knobs);
  if (error) throw new Error(error);
  return knobs as Partial<Knobs>;
}

function parseEnv(key: keyof Knobs, raw: string): unknown {
  const spec = SPECS[key];
  const text = raw.trim();
  switch (spec.kind) {
    case 'number':
      return Number(text);
    case 'boolean':
      return text === '1' || text === 'true'
        ? true
        : text === '0' || text === 'false'
          ? false
          : raw;
    case 'choice':
      return text;
    case 'list':
      return text === ''
        ? []
        : text
            .split(',')
            .map((item) => item.trim())
            .filter((item) => item !== '');
  }
}

/** Knobs set in the environment (SANDBOX_*); a bad value throws naming the variable. */
export function knobsFromEnv(env: NodeJS.ProcessEnv): Partial<Knobs> {
  const out: Record<string, unknown> = {};
  for (const key of KNOB_NAMES) {
    const raw = env[SPECS[key].env];
    if (raw === undefined || (raw.trim() === '' && SPECS[key].kind !== 'list')) continue;
    const value = parseEnv(key, raw);
    const error = valueError(key, value);
    if (error) throw new Error(`${SPECS[key].env}: ${error}`);
    out[key] = value;
  }
  return out as Partial<Knobs>;
}

/** The environment variable of each knob (README table). */
export const knobEnvName = (key: keyof Knobs): string => SPECS[key].env;
