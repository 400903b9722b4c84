import {
  DEFAULT_NOVUS_MAPPING,
  NOVUS_DIAGNOSTICS_LIMITS,
  NOVUS_MAPPING_FIELDS,
  novusMappingProblems,
  novusMissing,
  novusUserFields,
  pickNovusField,
  readNovusMapping,
  redactHostValue,
  type NovusDiagnosticsReport,
  type NovusFieldMapping,
} from '@crm-panel/crm-model';
import { Type } from '@sinclair/typebox';
import { type FastifyInstance } from 'fastify';
import { ApiError } from '@api/errors';
import { sessionOf } from '@api/identity/authenticate';
import { requireTenantAdmin } from '@api/identity/tenantAdmin';
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
// that is when the report matters most), so taking it asks only for a registered tenant. It is
// never trusted: host values are redacted again here, every text cut, lists bounded, the whole
// report at most 16 kB; one row per tenant is kept (the last report, unexpected messages up to
// 20). Reading it and the mapping's changes are for the tenant's admins only.

const TAG = 'novus';

const ADMIN_TEXTS = {
  adminRequired: API_MESSAGES.novusAdminRequired,
  passwordRequired: API_MESSAGES.novusPasswordRequired,
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
    userInfo: report.userInfo
      ? { at: report.userInfo.at, reply: redactHostValue(report.userInfo.reply) }
      : null,
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
      contactId: cut(U.contactId),
      phone: cut(U.phone),
    },
    unexpected: report.unexpected.slice(-NOVUS_DIAGNOSTICS_LIMITS.unexpected).map((entry) => ({
      origin: entry.origin.slice(0, 200),
      at: entry.at,
      command: cut(entry.command, 64),
    })),
  };
}

export function registerNovusRoutes(app: FastifyInstance, services: Services): void {
  const { repos, tenants } = services;

  const knownTenant = (systemKey: string): void => {
    if (!tenants.get(systemKey)) throw new ApiError(404, API_MESSAGES.tenantUnknown);
  };

  app.post<{ Body: { systemKey: string; report: NovusDiagnosticsReport } }>(
    '/api/novus/diagnostics',
    {
      bodyLimit: NOVUS_DIAGNOSTICS_LIMITS.reportBytes,
      schema: {
        tags: [TAG],
        summary:
          'O painel num frame do Novus relata o que o host enviou e o que entendeu (sem sessão: basta um tenant cadastrado; limitado, sem segredos)',
        querystring: noQuery,
        body: novusDiagnosticsBody,
        response: { 204: Type.Null(), 400: apiErrorAnswer, 404: apiErrorAnswer },
      },
    },
    async (request, reply) => {
      knownTenant(request.body.systemKey);
      await repos.novus.saveReport(
        request.body.systemKey,
        sanitizeNovusReport(request.body.report),
      );
      return reply.code(204).send();
    },
  );

  app.get<{ Querystring: { systemKey: string } }>(
    '/api/novus/mapping',
    {
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
      await requireTenantAdmin(request, services, ADMIN_TEXTS);
      const { systemKey } = sessionOf(request);
      const state = await repos.novus.get(systemKey);
      const mapping = state.mapping ?? DEFAULT_NOVUS_MAPPING;
      return {
        data: {
          report: state.report,
          reportedAt: state.reportedAt === null ? null : new Date(state.reportedAt).toISOString(),
          missing: state.report ? novusMissing(state.report, mapping) : [],
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
      await requireTenantAdmin(request, services, ADMIN_TEXTS);
      const session = sessionOf(request);
      const mapping = readNovusMapping(request.body);
      const problems = Object.entries(novusMappingProblems(mapping));
      if (problems.length > 0) {
        const [path, problem] = problems[0] as [string, string];
        const field = NOVUS_MAPPING_FIELDS.find((f) => `${f.group}.${f.key}` === path);
        throw new ApiError(400, `${field?.label ?? path}: ${problem}`);
      }
      // Saving a mapping that loses the user id would lock every attendant out of the panel
      // (and the admin out of this screen): refused while the last reply says so.
      const { report } = await repos.novus.get(session.systemKey);
      const fields = novusUserFields(report?.userInfo?.reply);
      if (fields && !pickNovusField(fields, mapping.user.userId))
        throw new ApiError(400, API_MESSAGES.novusMappingLosesUser(Object.keys(fields)));
      await repos.novus.saveMapping(session.systemKey, mapping, session.userId);
      return { data: { mapping, custom: true } };
    },
  );
}
