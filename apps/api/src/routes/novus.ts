import {
  DEFAULT_NOVUS_MAPPING,
  NOVUS_DIAGNOSTICS_LIMITS,
  NOVUS_MAPPING_FIELDS,
  NOVUS_MAPPING_LIMITS,
  novusMappingProblems,
  novusMissing,
  novusUserFields,
  readNovusMapping,
  redactHostValue,
  understandNovusReport,
  type NovusDiagnosticsReport,
  type NovusFieldMapping,
} from '@crm-panel/crm-model';
import { Type } from '@sinclair/typebox';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { ApiError, identityError } from '@api/errors';
import { bearerToken, sessionOf } from '@api/identity/authenticate';
import { requireTenantAdmin } from '@api/identity/tenantAdmin';
import { type NovusTenantState } from '@api/db/repositories/novusRepository';
import { type PanelSession } from '@api/db/repositories/panelSessionsRepository';
import { perMinuteLimit } from '@api/security/perMinuteLimit';
import { API_MESSAGES } from '@api/messages';
import { type Services } from '@api/services';
import {
  apiErrorAnswer,
  noQuery,
  novusDiagnosticsBody,
  novusMappingBody,
  novusMappingQuery,
  securityPasswordHeaders,
} from '@crm-panel/crm-model/schemas';

// A Novus install that explains itself (host-bridge README, 'Novus CRM'): the panel in a Novus
// frame reports what the host sent and what it understood; the tenant's admins read it in the
// credentials manager and set the field mapping the panel reads with.
//
// The report comes from a panel that may have no session yet (without a user id there is none:
// that is when the report matters most). A report that comes with the panel's session (its
// bearer token, of this tenant and user) is the tenant's report, bound to who sent it. One that
// comes without is taken only into a pre-session slot of its own: the tenant key is no secret
// (it is in the plugin URL), so whoever holds it may fill that slot, but never replace or mix
// into a session's report; the view labels it as unverified. An Authorization that is not a live
// session of this tenant is refused (401), never downgraded to the pre-session slot. Reports are
// never trusted: host values are redacted again here, every text cut, lists bounded, the whole
// report at most 16 kB, and only so many a minute per session and per pre-session slot (below).
// One row per tenant is kept (each slot's last report, unexpected messages up to 20). Reading it
// and the mapping's changes are for the tenant's admins only.

const TAG = 'novus';

/** Refusals of reading the diagnostics, and of saving the mapping, each in its screen's words. */
const READ_TEXTS = {
  adminRequired: API_MESSAGES.novusAdminRequired,
  passwordRequired: API_MESSAGES.novusPasswordRequired,
};
const SAVE_TEXTS = {
  adminRequired: API_MESSAGES.novusMappingAdminRequired,
  passwordRequired: API_MESSAGES.novusMappingPasswordRequired,
};

const cut = (value: string | null | undefined, length = 300): string | null =>
  typeof value === 'string' ? value.slice(0, length) : null;

/** A received report made safe to keep: host values redacted again, texts cut. */
export function sanitizeNovusReport(report: NovusDiagnosticsReport): NovusDiagnosticsReport {
  const U = report.understood;
  return {
    hostOrigin: cut(report.hostOrigin),
    origins: {
      parameter: cut(report.origins.parameter),
      referrer: cut(report.origins.referrer),
      ancestor: cut(report.origins.ancestor),
    },
    urlTenant: cut(report.urlTenant),
    userIdFields: (report.userIdFields ?? [])
      .slice(0, NOVUS_MAPPING_LIMITS.names)
      .map((name) => name.slice(0, NOVUS_MAPPING_LIMITS.nameLength)),
    userInfo: report.userInfo
      ? { at: report.userInfo.at, reply: redactHostValue(report.userInfo.reply) }
      : null,
    ...(report.userInfoError
      ? {
          userInfoError: {
            at: report.userInfoError.at,
            error: report.userInfoError.error.slice(0, 300),
          },
        }
      : {}),
    lastEvent: report.lastEvent
      ? {
          at: report.lastEvent.at,
          name: report.lastEvent.name,
          payload: redactHostValue(report.lastEvent.payload),
        }
      : null,
    understood: {
      userId: cut(U.userId),
      systemKey: cut(U.systemKey),
      attendanceId: cut(U.attendanceId),
      channelId: cut(U.channelId),
      description: cut(U.description),
      contactId: cut(U.contactId),
      contactName: cut(U.contactName),
      secondaryName: cut(U.secondaryName),
      phone: cut(U.phone),
    },
    unexpected: report.unexpected.slice(-NOVUS_DIAGNOSTICS_LIMITS.unexpected).map((entry) => ({
      origin: entry.origin.slice(0, 200),
      at: entry.at,
      command: cut(entry.command, 64),
    })),
    ...(report.unrecognized?.length
      ? {
          unrecognized: report.unrecognized
            .slice(-NOVUS_DIAGNOSTICS_LIMITS.unexpected)
            .map((entry) => ({
              at: entry.at,
              command: cut(entry.command, 64),
              callbackId: cut(entry.callbackId, 64),
            })),
        }
      : {}),
    apiRequestFailure: report.apiRequestFailure
      ? {
          at: report.apiRequestFailure.at,
          host: report.apiRequestFailure.host.slice(0, 300),
          endpoint: report.apiRequestFailure.endpoint.slice(0, 300),
          error: report.apiRequestFailure.error.slice(0, 300),
        }
      : null,
  };
}

export function registerNovusRoutes(app: FastifyInstance, services: Services): void {
  const { repos, tenants } = services;
  // Reports are counted in the store, so the bound holds whichever api process they reach. A
  // session's per session (an attacker gets no more sessions than the session start grants); the
  // pre-session slot's per tenant, not per address: tenant keys are a closed list an attacker
  // cannot add to, while addresses are rotated freely. Whoever fills that slot may starve it, which
  // costs nothing it did not already (the slot is anyone's), never a session's report.
  const { novusReportsPerMinute } = services.config.identity;
  const sessionReports = perMinuteLimit(
    repos.windowCounters,
    'novus-reports:session',
    novusReportsPerMinute,
  );
  const preSessionReports = perMinuteLimit(
    repos.windowCounters,
    'novus-reports:pre-session',
    novusReportsPerMinute,
  );

  const knownTenant = (systemKey: string): void => {
    if (!tenants.get(systemKey)) throw new ApiError(404, API_MESSAGES.tenantUnknown);
  };

  /**
   * Who sent a report: the panel session it came with (a live session of this
   * tenant, and of the x-user-id sent, if any), or null when no Authorization is sent at all. An
   * Authorization that is no such session is refused.
   */
  const reporterOf = async (
    request: FastifyRequest,
    systemKey: string,
  ): Promise<PanelSession | null> => {
    // Only a report with no Authorization at all goes to the pre-session slot: one that is not a
    // well-formed session token (another scheme, a token cut short) is no session either.
    if (request.headers.authorization === undefined) return null;
    const token = bearerToken(request);
    const session = token ? await repos.panelSessions.find(token) : null;
    if (!session) throw identityError(401, 'session_expired', API_MESSAGES.sessionExpired);
    const userId = request.headers['x-user-id'];
    if (
      session.systemKey !== systemKey ||
      (typeof userId === 'string' && userId !== session.userId)
    )
      throw identityError(401, 'session_mismatch', API_MESSAGES.sessionMismatch);
    return session;
  };

  app.post<{ Body: { systemKey: string; report: NovusDiagnosticsReport } }>(
    '/api/novus/diagnostics',
    {
      // Public (a panel without a user id has no session): the handler checks the tenant and the
      // session when one is sent, and counts each report (above), not the per-session plugin.
      config: { access: 'public', rateLimit: false },
      bodyLimit: NOVUS_DIAGNOSTICS_LIMITS.reportBytes,
      schema: {
        tags: [TAG],
        summary:
          'O painel num frame do Novus relata o que o host enviou e o que entendeu (limitado, sem segredos)',
        description:
          'Com a sessão do painel (Authorization: Bearer, deste tenant e usuário) é o relato do tenant, ligado a quem o enviou. Sem sessão (antes do id do usuário) basta um tenant cadastrado, mas o relato vai a uma vaga própria, "antes da sessão", que nunca substitui o relato de uma sessão. Um token que não é uma sessão deste tenant é recusado (401).',
        querystring: noQuery,
        body: novusDiagnosticsBody,
        response: {
          204: Type.Null(),
          400: apiErrorAnswer,
          401: apiErrorAnswer,
          404: apiErrorAnswer,
          429: apiErrorAnswer,
        },
      },
    },
    async (request, reply) => {
      const { systemKey } = request.body;
      knownTenant(systemKey);
      const session = await reporterOf(request, systemKey);
      if (session) await sessionReports.count(session.familyId);
      else await preSessionReports.count(systemKey);
      const by = session?.userId ?? null;
      await repos.novus.saveReport(systemKey, sanitizeNovusReport(request.body.report), by);
      return reply.code(204).send();
    },
  );

  app.get<{ Querystring: { systemKey: string } }>(
    '/api/novus/mapping',
    {
      // Field names only, nothing secret: the panel reads it before it has a session.
      config: { access: 'public' },
      schema: {
        tags: [TAG],
        summary:
          'O mapeamento de campos do Novus do tenant (nomes de campos, nada secreto): o painel o lê antes de ter sessão',
        querystring: novusMappingQuery,
        response: { 404: apiErrorAnswer },
      },
    },
    async (request) => {
      knownTenant(request.query.systemKey);
      const state = await repos.novus.get(request.query.systemKey);
      return { data: { mapping: state.mapping ?? DEFAULT_NOVUS_MAPPING, custom: !!state.mapping } };
    },
  );

  app.get(
    '/api/novus/diagnostics',
    {
      config: { access: 'any' },
      schema: {
        tags: [TAG],
        summary:
          'Diagnóstico do Novus (só administradores): o que o host enviou, o que o painel entendeu, o que falta, o mapeamento',
        headers: securityPasswordHeaders,
        querystring: noQuery,
        response: { 400: apiErrorAnswer, 403: apiErrorAnswer, 429: apiErrorAnswer },
      },
    },
    async (request) => {
      await requireTenantAdmin(request, services, READ_TEXTS);
      const { systemKey } = sessionOf(request);
      const state = await repos.novus.get(systemKey);
      const mapping = state.mapping ?? DEFAULT_NOVUS_MAPPING;
      const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
      // The view reads the newer of the two reports: a verified one never hides a newer
      // pre-session one (a new reply shape without the user id is exactly what it must show).
      const shown = newerReport(state);
      const report = shown === 'session' ? state.report : state.preSessionReport;
      return {
        data: {
          report: state.report,
          reportedAt: iso(state.reportedAt),
          reportedBy: state.reportedBy,
          preSessionReport: state.preSessionReport,
          preSessionReportedAt: iso(state.preSessionReportedAt),
          shown,
          // What the host sent, read again under the mapping in force: right after a save the
          // view shows what the panel will understand, beside what it understood when it reported.
          understoodNow: report ? understandNovusReport(report, mapping) : null,
          missing: report ? novusMissing(report, mapping) : [],
          mapping,
          defaults: DEFAULT_NOVUS_MAPPING,
          custom: !!state.mapping,
          mappingUpdatedAt:
            state.mappingUpdatedAt === null ? null : new Date(state.mappingUpdatedAt).toISOString(),
          mappingUpdatedBy: state.mappingUpdatedBy,
        },
      };
    },
  );

  app.put<{ Body: NovusFieldMapping }>(
    '/api/novus/mapping',
    {
      config: { access: 'any' },
      schema: {
        tags: [TAG],
        summary:
          'Salva o mapeamento de campos do Novus do tenant (só administradores); recusa um mapeamento em que o id do usuário some da última resposta do getInfoUser',
        headers: securityPasswordHeaders,
        querystring: noQuery,
        body: novusMappingBody,
        response: { 400: apiErrorAnswer, 403: apiErrorAnswer, 429: apiErrorAnswer },
      },
    },
    async (request) => {
      await requireTenantAdmin(request, services, SAVE_TEXTS);
      const session = sessionOf(request);
      const mapping = readNovusMapping(request.body);
      const problems = Object.entries(novusMappingProblems(mapping));
      if (problems.length > 0) {
        const [path, problem] = problems[0] as [string, string];
        // A field's problem is named by its label; the endpoint's and host's name themselves.
        const field = NOVUS_MAPPING_FIELDS.find((f) => `${f.group}.${f.key}` === path);
        throw new ApiError(400, field ? `${field.label}: ${problem}` : problem);
      }
      const state = await repos.novus.get(session.systemKey);
      const lost = userIdLostIn(state, state.mapping ?? DEFAULT_NOVUS_MAPPING, mapping);
      if (lost) throw new ApiError(400, API_MESSAGES.novusMappingLosesUser(lost));
      await repos.novus.saveMapping(session.systemKey, mapping, session.userId);
      return { data: { mapping, custom: true } };
    },
  );
}

/** Which report the view reads: the newer of the session's and the pre-session one. */
function newerReport(state: NovusTenantState): 'session' | 'pre-session' | null {
  if (!state.preSessionReport) return state.report ? 'session' : null;
  if (!state.report) return 'pre-session';
  return (state.preSessionReportedAt ?? 0) > (state.reportedAt ?? 0) ? 'pre-session' : 'session';
}

/**
 * The fields of a getInfoUser reply in which `next` reads no user id, when saving it would lose
 * one; else null. Saving a mapping that loses the user id would lock every attendant out of the
 * panel (and the admin out of this screen). The session's last reply is trusted: no user id in it
 * under `next` is refused. The pre-session reply is anyone's (the tenant key is in the plugin
 * URL): it refuses only a mapping that loses a user id the mapping in force reads in it, so a
 * made-up reply without one can never block a save.
 */
function userIdLostIn(
  state: NovusTenantState,
  current: NovusFieldMapping,
  next: NovusFieldMapping,
): string[] | null {
  const fieldsOf = (report: NovusDiagnosticsReport) =>
    Object.keys(novusUserFields(report.userInfo?.reply) ?? {});
  const { report, preSessionReport } = state;
  if (report?.userInfo && !understandNovusReport(report, next).userId) return fieldsOf(report);
  if (
    preSessionReport?.userInfo &&
    understandNovusReport(preSessionReport, current).userId &&
    !understandNovusReport(preSessionReport, next).userId
  )
    return fieldsOf(preSessionReport);
  return null;
}
