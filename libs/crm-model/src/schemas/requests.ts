// What travels around a body: the headers, query strings and path parameters of every api route,
// and the api's own small bodies (session, sign-in, webhooks). Fastify validates each request with
// them and publishes them in the OpenAPI document; the panel's query types derive from them.
import { Type, type Static, type TString } from '@sinclair/typebox';
import { AUDIT_RECORD_TYPES } from '@crm-model/enums';
import { crmId, hostId, objectOrNull, stringEnum } from './common';

const { Optional } = Type;

// ---- headers --------------------------------------------------------------------------------

/**
 * A name the panel declares for the history: percent-encoded UTF-8 (encodeURIComponent's
 * alphabet), so any name travels in a header. 80 characters of 4 bytes encode to 960.
 */
const declaredName = (description: string) =>
  Type.String({ maxLength: 1000, pattern: "^[A-Za-z0-9%._~!*'()-]*$", description });

const identityText = (description: string) =>
  Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description });

const hostIdOf = (description: string) => Type.String({ ...hostId, description });

const identityProperties = {
  'x-user-id': identityText('Id do usuário no host'),
  'x-system-key': identityText('Chave do sistema (tenant)'),
  'x-attendance-id': Optional(
    hostIdOf('Atendimento que o painel mostra (trilha de auditoria; opcional)'),
  ),
  'x-chat-id': Optional(hostIdOf('Chat que o painel mostra (trilha de auditoria; opcional)')),
  'x-contact-name': Optional(
    declaredName(
      'Nome do contato do atendimento como o painel o mostra (UTF-8 em percent-encoding; só exibido no histórico; opcional)',
    ),
  ),
  'x-channel-name': Optional(
    declaredName(
      'Nome do canal do chat como o host o nomeia (UTF-8 em percent-encoding; só exibido no histórico; opcional)',
    ),
  ),
  'x-panel-tab': Optional(
    hostIdOf(
      'Aba do navegador de onde vem a escrita (atualizações ao vivo: a própria aba não relê; opcional)',
    ),
  ),
};

/** Every identified route's headers (the session itself travels as `Authorization: Bearer`). */
export const identityHeaders = Type.Object(identityProperties);

/**
 * The identity headers plus, for sessions of hosts that sign nothing, the integration's security
 * password: the gate of the admin screens (history, Novus diagnostics).
 */
export const securityPasswordHeaders = Type.Object({
  ...identityProperties,
  'x-security-password': Optional(
    Type.String({
      minLength: 1,
      maxLength: 500,
      description:
        'Sessões de hosts que não assinam identidade: a senha de segurança da integração (a mesma do gerenciador de credenciais)',
    }),
  ),
});

/** The identity headers of a read of reference data, which may skip the api's short cache. */
export const cachedIdentityHeaders = Type.Object({
  ...identityProperties,
  'x-cache-bypass': Optional(
    stringEnum(['1', '0', 'true', 'false'], '1 ignora o cache de 60 s dos dados de referência'),
  ),
});

/** The header a reconnecting panel sends: the id of the last change it received. */
export const LAST_EVENT_ID_HEADER = 'last-event-id';

/** GET /api/events: the identity headers and where a reconnecting stream resumes. */
export const eventStreamHeaders = Type.Object({
  ...identityProperties,
  [LAST_EVENT_ID_HEADER]: Optional(
    Type.String({
      maxLength: 100,
      description: 'id da última mudança recebida: o stream repete as seguintes, ou envia resync',
    }),
  ),
});

// ---- path parameters ------------------------------------------------------------------------

/** Path parameters that are all CRM ids, e.g. `idParams('id', 'productId')`. */
export function idParams<K extends string>(...names: K[]) {
  return Type.Object(
    Object.fromEntries(names.map((name) => [name, crmId])) as { [P in K]: typeof crmId },
  );
}

/** `/…/:id` where the id is the host's (a chat, a chat contact). */
export const hostIdParams = Type.Object({ id: hostId });

/** The CRM's webhook receiver: `/api/webhooks/rdstation/:token` (43 base64url characters). */
export const webhookTokenParams = Type.Object({
  token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
});

// ---- query strings --------------------------------------------------------------------------

/** A route that takes no query: anything in it is refused. */
export const noQuery = Type.Object({}, { additionalProperties: false });

const refresh = Type.Boolean({
  description: 'true ignora o cache de 60 s dos dados de referência',
});

/** The list calls' paging, order and documented filter (PRODUCT.md §7). */
export const listQuery = Type.Object(
  {
    limit: Optional(
      Type.Integer({
        minimum: 1,
        maximum: 200,
        description: 'itens por página do painel (montada de páginas de até CRM_PAGE_SIZE do CRM)',
      }),
    ),
    page: Optional(Type.Integer({ minimum: 1, maximum: 10000, description: 'página do painel' })),
    order: Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        pattern: '^[A-Za-z0-9_.@-]+$',
        description: '→ sort[order], só campos de ordenação documentados',
      }),
    ),
    direction: Optional(stringEnum(['asc', 'desc'] as const)),
    filter: Optional(
      Type.String({
        maxLength: 1000,
        description:
          'campo:"valor" ou campo:~"valor" unidos por " and " (só filtros documentados pelo RD Station CRM)',
      }),
    ),
    refresh: Optional(refresh),
  },
  { additionalProperties: false },
);
export type ListQueryParams = Static<typeof listQuery>;

/** A read of reference data: only `refresh`. */
export const cacheQuery = Type.Object(
  { refresh: Optional(refresh) },
  { additionalProperties: false },
);

/** GET /api/chat/{id}/messages: the chat's channel. */
export const chatMessagesQuery = Type.Object(
  { channelId: hostId },
  { additionalProperties: false },
);

const day = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

const auditFilters = {
  person: Optional(hostIdOf('Id do usuário do host que fez a alteração')),
  recordType: Optional(stringEnum(AUDIT_RECORD_TYPES)),
  recordId: Optional(hostIdOf('Id do registro (negociação, contato, nota…)')),
  from: Optional(day('Primeiro dia (yyyy-mm-dd, horário de São Paulo)')),
  to: Optional(day('Último dia, incluído (yyyy-mm-dd, horário de São Paulo)')),
};

/** GET /api/audit.csv: the history's filters. */
export const auditExportQuery = Type.Object(auditFilters, { additionalProperties: false });
export type AuditExportQuery = Static<typeof auditExportQuery>;

/** GET /api/audit: the filters, a page size (50 unless sent) and where the last page ended. */
export const auditListQuery = Type.Object(
  {
    ...auditFilters,
    limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
    cursor: Optional(Type.String({ minLength: 1, maxLength: 300, pattern: '^[A-Za-z0-9_-]+$' })),
  },
  { additionalProperties: false },
);
export type AuditListQuery = Static<typeof auditListQuery>;

// ---- the api's own bodies -------------------------------------------------------------------

/** POST /api/session and /renew: the host's signed assertion, when the host signs one. */
export const sessionBody = objectOrNull({
  assertion: Optional(
    Type.String({ minLength: 1, maxLength: 8192, description: 'JWT assinado pelo host' }),
  ),
});
export type SessionBody = Static<typeof sessionBody>;

/** POST /api/rdstation/auth/tab/start: the page the panel is on, where the tab's last page leads. */
export const tabSignInStartBody = objectOrNull({
  returnTo: Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
});
export type TabSignInStartBody = Static<typeof tabSignInStartBody>;

/** POST /api/rdstation/auth/tab/redeem: the code auth/tab/start gave this panel. */
export const tabSignInRedeemBody = Type.Object(
  { redeem: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type TabSignInRedeemBody = Static<typeof tabSignInRedeemBody>;

/** A POST whose body carries nothing the api reads (terms/accept, auth/revoke): any object. */
export const emptyBody = Type.Unsafe<Record<string, unknown> | null>({
  type: ['object', 'null'],
  additionalProperties: true,
});

/** POST /api/rdstation/auth/v1-token. Optional here: its absence gets the api's own sentence. */
export const apiV1TokenBody = Type.Unsafe<{ apiV1Token?: string } | null>({
  type: ['object', 'null'],
  properties: { apiV1Token: Type.String({ maxLength: 500 }) },
});
export type ApiV1TokenBody = Static<typeof apiV1TokenBody>;

const pageParam = (maxLength: number): TString => Type.String({ maxLength });

/** GET /api/rdstation/auth/begin (a browser page): the one-use ticket of auth/start. */
export const signInBeginQuery = Type.Object({ ticket: Optional(pageParam(200)) });

/** The query parameter carrying the sign-in window's own secret back to the callback. */
export const WINDOW_PROOF_PARAM = 'window_proof';

/** GET /api/rdstation/auth/callback (a browser page): OAuth's answer and the window's secret. */
export const signInCallbackQuery = Type.Object({
  code: Optional(pageParam(2000)),
  state: Optional(pageParam(200)),
  error: Optional(pageParam(200)),
  [WINDOW_PROOF_PARAM]: Optional(pageParam(200)),
});
export type SignInCallbackQuery = Static<typeof signInCallbackQuery>;

/** POST of the sign-in confirmation page (a form): its one-use secret and the chosen user. */
export const signInConfirmBody = Type.Object({
  confirm: Optional(pageParam(200)),
  userId: Optional(pageParam(200)),
});
export type SignInConfirmBody = Static<typeof signInConfirmBody>;

/** A CRM record id as a webhook delivery may carry it: RD's ids are 24 hex characters or numbers. */
const deliveryRecordId = {
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
} as const;

/** RD's webhook envelope (webhooks-payload-crm): only what the receiver reads is required. */
export const webhookDeliveryBody = Type.Object({
  event_name: Type.String({ minLength: 1, maxLength: 100 }),
  // Only ids travel on from here (the panels re-read): each one bounded, so no delivery makes
  // an event bigger than a few hundred bytes on any transport (SSE, PostgreSQL NOTIFY).
  document: Type.Unsafe<Record<string, unknown>>(
    Type.Object({
      id: Optional(
        Type.Unsafe<string | number>({ ...deliveryRecordId, type: ['string', 'integer'] }),
      ),
      deal_id: Optional(
        Type.Unsafe<string | null>({ ...deliveryRecordId, type: ['string', 'null'] }),
      ),
    }),
  ),
  // The sample's own id ('f111b90-ec81-…') is not a well-formed UUID: any short token is taken.
  transaction_uuid: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9-]+$' }),
  event_timestamp: Optional(Type.String({ maxLength: 40 })),
});
export type WebhookDeliveryBody = Static<typeof webhookDeliveryBody>;
