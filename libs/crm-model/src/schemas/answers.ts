// What the api answers of its own: sessions, sign-in, terms, credentials, the CRM user, the
// contact links, chat messages, the audit trail, health. Fastify serializes each answer with its
// schema (only the fields written here leave the api) and publishes it in the OpenAPI document;
// the mock api checks its answers with it; the panel's types derive from it.
import { Type, type Static } from '@sinclair/typebox';
import { CRM_USER_SOURCES, SESSION_METHODS, SESSION_ROLES, SESSION_STAGES } from './enums';
import { dataOf, enumOrNull, objectOrNull, orNull, pageOf, stringEnum } from './common';

const { Optional } = Type;
const text = Type.String();
const textOrNull = orNull(Type.String());

// ---- errors and health ----------------------------------------------------------------------

/** Every refusal: `{ message }` in pt-BR, and a stable `code` where the panel acts on the reason. */
export const apiErrorAnswer = Type.Object({
  message: text,
  code: Optional(
    Type.String({ description: 'Motivo estável de uma recusa de identidade (README)' }),
  ),
});
export type ApiErrorAnswer = Static<typeof apiErrorAnswer>;

/** Live updates from the CRM: on, or why not and what the operator can do. */
export const liveUpdatesAnswer = Type.Object({
  on: Type.Boolean(),
  /**
   * disabled, public_url, not_registered, sign_in_needed, refused, unavailable, suspended,
   * suspended_recreated; null when on.
   */
  reason: textOrNull,
  message: text,
  /** What the operator can do ('' when on). */
  action: text,
});
export type LiveUpdatesAnswer = Static<typeof liveUpdatesAnswer>;

/**
 * GET /api/health: what every consumer reads. The api's own schema adds, beside these four fields
 * of `crmLiveUpdates`, `degraded` and the configured tenants per state (apps/api, healthSchema.ts).
 */
export const healthAnswer = Type.Object({ status: text, crmLiveUpdates: liveUpdatesAnswer });
export type HealthAnswer = Static<typeof healthAnswer>;

// ---- the panel session ----------------------------------------------------------------------

/** POST /api/session and /api/session/renew: the api's own short-lived session. */
export const sessionAnswer = Type.Object({
  token: text,
  expiresAt: Type.Integer({ description: 'Fim deste token (epoch ms); renove antes' }),
  userId: text,
  systemKey: text,
  role: enumOrNull(SESSION_ROLES),
  stage: stringEnum(SESSION_STAGES),
  method: stringEnum(SESSION_METHODS),
});
export type SessionAnswer = Static<typeof sessionAnswer>;

// ---- terms, credentials, sign-in ------------------------------------------------------------

/** GET /api/rdstation/terms/status and POST …/terms/accept. */
export const termsAnswer = Type.Object({ accepted: Type.Boolean() });
export type TermsAnswer = Static<typeof termsAnswer>;

/** GET /api/rdstation/credentials/status (never a secret). */
export const credentialsStatusAnswer = Type.Object({
  configured: Type.Boolean(),
  redirectUri: text,
  setupCodeRequired: Optional(
    Type.Boolean({ description: 'Quem configura digita o código de configuração do operador' }),
  ),
  /** Only once the tenant has credentials. */
  liveUpdates: Optional(liveUpdatesAnswer),
});
export type CredentialsStatusAnswer = Static<typeof credentialsStatusAnswer>;

/** POST /api/rdstation/credentials. */
export const credentialsSavedAnswer = Type.Object({ success: Type.Boolean(), redirectUri: text });
export type CredentialsSavedAnswer = Static<typeof credentialsSavedAnswer>;

/** DELETE /api/rdstation/credentials: how many people's CRM sign-ins ended with it. */
export const credentialsRemovedAnswer = Type.Object({ usersAffected: Type.Integer() });
export type CredentialsRemovedAnswer = Static<typeof credentialsRemovedAnswer>;

/** GET /api/rdstation/auth/start: where the sign-in window goes. */
export const authStartAnswer = Type.Object({ authUrl: text });
export type AuthStartAnswer = Static<typeof authStartAnswer>;

/** GET /api/rdstation/auth/status (and the v1-token sign-in's answer). */
export const authStatusAnswer = Type.Object({
  authenticated: Type.Boolean(),
  userId: textOrNull,
  /** How this session signed in to the CRM (the api always sends it). */
  method: Optional(enumOrNull(['oauth', 'api-v1'] as const)),
  /** Signed in, but who they are in the CRM is still to be chosen (the shell's picker step). */
  crmUserRequired: Optional(
    Type.Boolean({
      description: 'Entrou no CRM, mas ainda falta dizer quem é no CRM (GET auth/crm-users)',
    }),
  ),
  /** How the CRM user was decided, once it is. */
  crmUserSource: Optional(enumOrNull(CRM_USER_SOURCES)),
});
export type AuthStatusAnswer = Static<typeof authStatusAnswer>;

/**
 * POST /api/rdstation/auth/tab/start: the sign-in in a tab of its own, for a panel in a frame
 * that may not open windows. `redeem` stays with the panel (never in a URL).
 */
export const tabSignInStartAnswer = Type.Object({
  authUrl: text,
  redeem: text,
  expiresAt: Type.Number({ description: 'Fim do link e do código (epoch ms)' }),
});
export type TabSignInStartAnswer = Static<typeof tabSignInStartAnswer>;

/** POST /api/rdstation/auth/tab/redeem: still under way, or done with the new auth status. */
export const tabSignInRedeemedAnswer = Type.Object({
  done: Type.Boolean(),
  status: Optional(authStatusAnswer),
});
export type TabSignInRedeemedAnswer = Static<typeof tabSignInRedeemedAnswer>;

/** POST /api/rdstation/auth/revoke. */
export const successAnswer = Type.Object({ success: Type.Boolean() });
export type SuccessAnswer = Static<typeof successAnswer>;

// ---- who the attendant is in the CRM --------------------------------------------------------

/** One active CRM user the attendant may say they are. */
export const crmUserOption = Type.Object({ id: text, name: text, email: text });
export type CrmUserOptionAnswer = Static<typeof crmUserOption>;

/** GET /api/rdstation/auth/crm-users: every active user, and the one an e-mail suggests. */
export const crmUsersAnswer = dataOf(
  Type.Object({ users: Type.Array(crmUserOption), suggestedId: textOrNull }),
);
export type CrmUsersAnswer = Static<typeof crmUsersAnswer>;

const crmUserSource = stringEnum(
  CRM_USER_SOURCES,
  "Como o usuário foi decidido: 'attendant-claim' (escolha do atendente, não verificada), 'v1-token' (e-mail do token v1 conferido pelo RD), 'host-signed-email' (e-mail assinado pelo host)",
);

/** POST /api/rdstation/auth/crm-user. */
export const crmUserChosenAnswer = dataOf(
  Type.Object({ ...crmUserOption.properties, source: crmUserSource }),
);
export type CrmUserChosenAnswer = Static<typeof crmUserChosenAnswer>;

/** GET /api/rdstation/user/profile: the session's CRM user (no v2 id when only a v1 token named it). */
export const profileAnswer = dataOf(
  Type.Object({
    id: textOrNull,
    name: text,
    email: text,
    organization: objectOrNull({ name: text }),
  }),
);
export type ProfileAnswer = Static<typeof profileAnswer>;

// ---- contact links --------------------------------------------------------------------------

/** GET and POST /api/rdstation/contact-mapping. */
export const contactMappingAnswer = dataOf(
  Type.Object({
    mapped: Type.Boolean(),
    rdstationContactId: textOrNull,
    lastDealId: Optional(
      orNull(
        Type.String({
          description:
            'Só no GET de um contato vinculado: a última negociação escolhida (o que GET /api/rdstation/contact/{id}/last-deal responde).',
        }),
      ),
    ),
  }),
);
export type ContactMappingAnswer = Static<typeof contactMappingAnswer>;

/** GET and POST /api/rdstation/contact/{id}/last-deal. */
export const lastDealAnswer = Type.Object({ dealId: textOrNull });
export type LastDealAnswer = Static<typeof lastDealAnswer>;

// ---- chat -----------------------------------------------------------------------------------

/** A message of the host chat as the api passes it on. */
export const chatMessageAnswer = Type.Object({
  IdMessage: text,
  text,
  senderName: text,
  isSentByMe: Type.Boolean(),
  /** Date-time text as the host sends it. */
  dhMessage: text,
  /** Unix time in seconds (the host's convention; ms values are tolerated by @crm-panel/format). */
  unixTimeMessage: Type.Number(),
});
export type ChatMessageAnswer = Static<typeof chatMessageAnswer>;

/** GET /api/chat/{id}/messages. */
export const chatMessagesAnswer = dataOf(Type.Array(chatMessageAnswer));

// ---- audit trail ----------------------------------------------------------------------------

const auditFieldChange = Type.Object({
  field: text,
  /** As sent or known: an id for a reference (stage, owner…), a code for a choice (status…). */
  before: textOrNull,
  after: textOrNull,
  /**
   * The name the api knew that id or code by when the change was made (its pt-BR label for a
   * choice). Absent when it knew none, and in entries recorded before names were.
   */
  beforeLabel: Optional(textOrNull),
  afterLabel: Optional(textOrNull),
});
export type AuditFieldChangeAnswer = Static<typeof auditFieldChange>;

/** One entry of GET /api/audit. */
export const auditEntryAnswer = Type.Object({
  id: text,
  /** ISO 8601. */
  at: text,
  origin: text,
  actor: Type.Object({ userId: textOrNull, name: textOrNull, verified: Type.Boolean() }),
  attendanceId: textOrNull,
  chatId: textOrNull,
  /**
   * The attendance's contact and the chat channel by the names the panel showed at the write
   * (declared by the panel, display only). Absent or null in entries recorded before, or when the
   * panel knew none: those show the ids.
   */
  contactName: Optional(textOrNull),
  channelName: Optional(textOrNull),
  record: Type.Object({
    type: text,
    id: text,
    /**
     * The record's name when the change was made (a deal's or contact's `name`), as the api knew it
     * without asking the CRM. Absent or null when it knew none, and in entries recorded before
     * record names were: those show the id.
     */
    name: Optional(textOrNull),
    dealId: textOrNull,
    /** The name of the deal `dealId` points at, as the api knew it at the write. */
    dealName: Optional(textOrNull),
    contactId: textOrNull,
  }),
  action: stringEnum(['created', 'updated', 'deleted'] as const),
  fields: Type.Array(auditFieldChange),
});
export type AuditEntryAnswer = Static<typeof auditEntryAnswer>;

/** GET /api/audit: newest first, `links.next` carries the cursor. */
export const auditPageAnswer = pageOf(auditEntryAnswer);

/** Someone who appears in one tenant's trail, by the name of their latest entry. */
export const auditPersonAnswer = Type.Object({
  userId: text,
  name: text,
  /** Whether a host signed who this is in their latest entry, or it was only claimed. */
  verified: Type.Boolean(),
});
export type AuditPersonAnswer = Static<typeof auditPersonAnswer>;

/** GET /api/audit/people. */
export const auditPeopleAnswer = pageOf(auditPersonAnswer);

// ---- CRM deliveries -------------------------------------------------------------------------

/** POST /api/webhooks/rdstation/{token}: taken (a signal, re-read by the panels). */
export const webhookReceivedAnswer = Type.Object({ received: Type.Boolean() });

// ---- HTML pages -----------------------------------------------------------------------------

/** A page of the sign-in window (the api answers HTML there, refusals included). */
export const htmlPage = (description: string) => Type.String({ description });
