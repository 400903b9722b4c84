import { Readable } from 'node:stream';
import { AUDIT_CSV_HEAD, type AuditEntry, auditCsvLines } from '@crm-panel/crm-model';
import {
  auditExportQuery,
  type AuditExportQuery,
  auditListQuery,
  type AuditListQuery,
  auditPageAnswer,
  auditPeopleAnswer,
  securityPasswordHeaders,
} from '@crm-panel/crm-model/schemas';
import { ownRouteSchema } from './schemas';
import { formatDateTimeIn, startOfDayIn } from '@crm-panel/format';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { ApiError } from '@api/errors';
import { sessionOf } from '@api/identity/authenticate';
import { API_MESSAGES } from '@api/messages';
import { requireTenantAdmin } from '@api/identity/tenantAdmin';
import { type Services } from '@api/services';
import { type AuditCursor, type AuditFilters } from '@api/db/repositories/auditRepository';

const TAG = 'auditoria';

/** The export's and the period filter's clock (README, 'Audit trail'). */
export const AUDIT_TIME_ZONE = 'America/Sao_Paulo';

const DAY_MS = 24 * 60 * 60_000;

type FilterQuery = AuditExportQuery;
type ListQuery = AuditListQuery;

const encodeCursor = (cursor: AuditCursor): string =>
  Buffer.from(`${cursor.at}:${cursor.id}`, 'utf8').toString('base64url');

function decodeCursor(value: string): AuditCursor {
  const text = Buffer.from(value, 'base64url').toString('utf8');
  // No control character in the id: PostgreSQL's text holds no NUL byte, and no id we wrote has one.
  // eslint-disable-next-line no-control-regex
  const match = /^(\d{1,15}):([^\u0000-\u001f\u007f]{1,200})$/.exec(text);
  if (!match) throw new ApiError(400, API_MESSAGES.auditCursorInvalid);
  return { at: Number(match[1]), id: match[2] ?? '' };
}

function filtersOf(query: FilterQuery): AuditFilters {
  const day = (value: string | undefined) => {
    if (value === undefined) return undefined;
    const start = startOfDayIn(value, AUDIT_TIME_ZONE);
    if (start === null) throw new ApiError(400, API_MESSAGES.auditPeriodInvalid);
    return start;
  };
  const from = day(query.from);
  const toDay = day(query.to);
  // `to` is a whole day: up to (not including) the start of the next São Paulo day.
  const to =
    toDay === undefined
      ? undefined
      : (startOfDayIn(nextDay(query.to ?? ''), AUDIT_TIME_ZONE) ?? toDay + DAY_MS);
  if (from !== undefined && to !== undefined && from >= to)
    throw new ApiError(400, API_MESSAGES.auditPeriodInvalid);
  return {
    userId: query.person,
    recordType: query.recordType,
    recordId: query.recordId,
    from,
    to,
  };
}

function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The next page's path: the same filters and limit, and where this page ended. */
function nextLink(query: ListQuery, cursor: AuditCursor): string {
  const params = new URLSearchParams();
  for (const key of ['person', 'recordType', 'recordId', 'from', 'to'] as const) {
    const value = query[key];
    if (value !== undefined) params.set(key, value);
  }
  params.set('limit', String(query.limit));
  params.set('cursor', encodeCursor(cursor));
  return `/api/audit?${params.toString()}`;
}

/** Only admins read the trail (identity/tenantAdmin.ts). */
function requireAuditor(request: FastifyRequest, services: Services): Promise<void> {
  return requireTenantAdmin(request, services, {
    adminRequired: API_MESSAGES.auditAdminRequired,
    passwordRequired: API_MESSAGES.auditPasswordRequired,
  });
}

/** An entry's CSV lines, its time on São Paulo's clock whatever the server's zone. */
const csvLines = (entry: AuditEntry): string[] =>
  auditCsvLines(entry, formatDateTimeIn(Date.parse(entry.at), AUDIT_TIME_ZONE));

/** The person filter offers at most this many people (the list is read from the actor index). */
export const AUDIT_PEOPLE_LIMIT = 500;

export function registerAuditRoutes(app: FastifyInstance, services: Services): void {
  const { repos } = services;

  app.get<{ Querystring: ListQuery }>(
    '/api/audit',
    {
      config: { access: 'crm' },
      schema: ownRouteSchema({
        tag: TAG,
        summary:
          'Histórico de alterações feitas pelo painel (só administradores), mais recentes primeiro',
        description:
          'Filtros: pessoa (person), registro (recordType e/ou recordId), período (from/to, dias de São Paulo). Paginação estável por cursor: links.next.',
        headers: securityPasswordHeaders,
        querystring: auditListQuery,
        answer: { 200: auditPageAnswer },
        refusals: [403],
      }),
    },
    async (request) => {
      await requireAuditor(request, services);
      const { systemKey } = sessionOf(request);
      const query = request.query;
      const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const page = await repos.audit.list(systemKey, filtersOf(query), query.limit, cursor);
      return {
        data: {
          data: page.entries,
          links: page.next ? { next: nextLink(query, page.next) } : {},
        },
      };
    },
  );

  app.get(
    '/api/audit/people',
    {
      config: { access: 'crm' },
      schema: ownRouteSchema({
        tag: TAG,
        summary:
          'Quem aparece no histórico (só administradores): id do usuário do host e o nome do seu registro mais recente, por nome',
        description: `As escolhas do filtro de pessoa: lidas do próprio histórico (nenhuma chamada ao CRM), até ${AUDIT_PEOPLE_LIMIT} pessoas.`,
        headers: securityPasswordHeaders,
        answer: { 200: auditPeopleAnswer },
        refusals: [403],
      }),
    },
    async (request) => {
      await requireAuditor(request, services);
      const { systemKey } = sessionOf(request);
      const people = await repos.audit.people(systemKey, AUDIT_PEOPLE_LIMIT);
      return { data: { data: people, links: {} } };
    },
  );

  app.get<{ Querystring: FilterQuery }>(
    '/api/audit.csv',
    {
      config: { access: 'crm' },
      schema: ownRouteSchema({
        tag: TAG,
        summary: 'O histórico filtrado inteiro em CSV (UTF-8 com BOM, ";", datas de São Paulo)',
        headers: securityPasswordHeaders,
        querystring: auditExportQuery,
        refusals: [403],
      }),
    },
    async (request, reply) => {
      await requireAuditor(request, services);
      const { systemKey } = sessionOf(request);
      const filters = filtersOf(request.query);
      async function* lines() {
        yield AUDIT_CSV_HEAD;
        for await (const entry of repos.audit.all(systemKey, filters)) yield* csvLines(entry);
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="historico-de-alteracoes.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    },
  );
}
