import { type CrmConfig } from '@api/config';
import { type CredentialsRepository } from '@api/db/repositories/credentialsRepository';
import { type Identity, type SessionsRepository } from '@api/db/repositories/sessionsRepository';
import {
  ApiError,
  CRM_BUSY_CODE,
  credentialsNotConfigured,
  sessionEnded,
  sessionMissing,
} from '@api/errors';
import {
  type JsonAnswer,
  OutboundError,
  isRecord,
  parseRetryAfter,
  type TimedJson,
} from '@api/http';
import { API_MESSAGES } from '@api/messages';
import { type ApiMetrics, crmRouteLabel } from '@api/metrics';
import { type ReferenceCache } from './cache';
import { CrmRefusal, fieldOf, problemsOf } from './crmRefusal';
import { type CrmLane, type RateLimiter } from './limiter';
import { type ReadAhead } from './readAhead';
import { type TokenRefresher } from './tokenRefresher';

export type CrmMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CrmRequest {
  method: CrmMethod;
  /** Path under the v2 root, segments already encoded, e.g. `/deals/abc/notes`. */
  path: string;
  query?: URLSearchParams;
  /** The v2 request envelope (`{ data: … }`). */
  body?: unknown;
  /** Reference data: served from the tenant's short-lived cache unless `bypass`. */
  cache?: { bypass: boolean };
  /**
   * A record (or a deal's list) as this CRM user sees it: read at most once per freshness window
   * per CRM user, concurrent reads of it joined, dropped when a change names it (README, 'The CRM
   * budget'). Never shared between CRM users: RD decides per token what each may see.
   */
  record?: boolean;
  /** 'background' for work nobody waits for yet (crm/limiter.ts); interactive otherwise. */
  lane?: CrmLane;
  /**
   * A read behind a kept answer (reference data past its freshness, read again while the kept
   * list is answered): it never waits and goes only while the minute has room (`refreshHeadroom`).
   */
  refresh?: boolean;
  /**
   * The panel's browser tab asking (`x-panel-tab`), when it said: what a tab was served lately,
   * its own cache holds, so it is not read ahead for that tab again (crm/readAhead.ts).
   */
  tab?: string | null;
}

export interface CrmClient {
  /** The parsed v2 response body (`{ data, links? }`), or null for an empty one (204). */
  request(identity: Identity, request: CrmRequest): Promise<unknown>;
  /** The access token to use now (428 without credentials, 401 without an OAuth session). */
  accessToken(identity: Identity): Promise<string>;
  /**
   * Starts the uncached GET of `path` that the panel is about to make (crm/readAhead.ts); the
   * panel's `request` for it joins it. Never awaited, never fails. `then` gets the answer (if
   * the tenant did not change meanwhile): where the read the panel makes after it starts.
   */
  readAhead(
    identity: Identity,
    path: string,
    tab?: string | null,
    then?: (answer: unknown) => void,
  ): void;
  /** Drops the tenant's reads ahead (something of it changed). */
  forgetReadAheads(systemKey: string): void;
  /**
   * Drops the tenant's kept records under any of `paths` (CRM paths: '/deals/abc' drops the deal
   * and its notes, products…; '/tasks' every task and task list): they changed. A path ending in
   * '?' names only the lists at it ('/deals?': every kept list of deals, no single deal).
   * `shown`: the record changed and the CRM's `updated_at` after the change; a copy of that record
   * whose own `updated_at` is that instant or later already shows it and stays (the writer's copy,
   * kept from the write's answer).
   */
  forgetRecords(systemKey: string, paths: string[], shown?: ShownChange | null): void;
}

/** A record's change, as its copies show it once they have it (CrmClient.forgetRecords). */
export interface ShownChange {
  /** The record's CRM path, e.g. '/deals/abc'. */
  path: string;
  /** Its `updated_at` in the CRM's answer to the change. */
  updatedAt: string;
}

export interface CrmClientDeps {
  config: CrmConfig;
  /** A CRM call within its deadline, its JSON read (http.ts's timedJson over a fetch). */
  timedJson: TimedJson;
  credentials: CredentialsRepository;
  sessions: SessionsRepository;
  refresher: TokenRefresher;
  limiter: RateLimiter;
  cache: ReferenceCache;
  /** The CRM users' records (keys name the CRM user); none kept without it. */
  records?: ReferenceCache;
  readAheads: ReadAhead;
  metrics?: ApiMetrics;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export { parseRetryAfter };

/** pt-BR names of the fields the panel writes, as the CRM names them in its errors. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  title: 'Título',
  email: 'E-mail',
  emails: 'E-mail',
  phone: 'Telefone',
  phones: 'Telefone',
  job_title: 'Cargo',
  birthday: 'Data de nascimento',
  amount: 'Valor',
  amount_total: 'Valor total',
  owner_id: 'Responsável',
  user_id: 'Responsável',
  stage_id: 'Etapa',
  pipeline_id: 'Funil',
  source_id: 'Fonte',
  campaign_id: 'Campanha',
  rating: 'Qualificação',
  status: 'Status',
  lost_reason_id: 'Motivo de perda',
  expected_close_date: 'Previsão de fechamento',
  organization_id: 'Empresa',
  contact_ids: 'Contatos',
  deal_id: 'Negociação',
  text: 'Texto',
  description: 'Descrição',
  subject: 'Assunto',
  type: 'Tipo',
  due_date: 'Data',
  date: 'Data',
  hour: 'Hora',
  product_id: 'Produto',
  price: 'Preço',
  quantity: 'Quantidade',
  discount: 'Desconto',
  discount_type: 'Tipo de desconto',
  recurrence: 'Recorrência',
};

const PROBLEMS: Record<string, string> = {
  REQUIRED_FIELD: 'é obrigatório',
  INVALID_REFERENCE: 'não corresponde a um registro do CRM',
};

/** 'data/emails/0/email' or 'emails[].email' → 'E-mail'; custom fields by their slug. */
function fieldLabel(path: string): string | null {
  const segments = path
    .replace(/^\/?data\//, '')
    .split(/[/.[\]]+/)
    .filter((segment) => segment !== '' && !/^\d+$/.test(segment));
  if (segments[0] === 'custom_fields' && segments[1]) return `Campo personalizado '${segments[1]}'`;
  for (const segment of segments) {
    const label = FIELD_LABELS[segment];
    if (label) return label;
  }
  return null;
}

/**
 * The CRM's refusal in pt-BR: each problem whose field we know, named in Portuguese; never the
 * CRM's English text. Null when no field is known (the caller then says it generically).
 */
export function crmReason(body: unknown): string | null {
  if (!isRecord(body) || !Array.isArray(body.errors)) return null;
  const parts: string[] = [];
  for (const item of body.errors) {
    if (!isRecord(item)) continue;
    const field = fieldOf(item);
    const label = field ? fieldLabel(field) : null;
    if (!label) continue;
    const problem = PROBLEMS[String(item.code)] ?? 'é inválido';
    const part = `${label} ${problem}`;
    if (!parts.includes(part)) parts.push(part);
  }
  return parts.length === 0 ? null : parts.join('; ');
}

/**
 * A 400/422 of the CRM: the pt-BR message the panel shows, and each of the CRM's own error items
 * as text, so a caller can tell which parameter was refused (e.g. `page[size]`, crm/pageSizes.ts).
 */
export { CrmRefusal };

function errorFromStatus(status: number, body: unknown): ApiError {
  const reason = crmReason(body);
  switch (status) {
    case 400:
    case 422:
      return new CrmRefusal(
        status,
        reason
          ? `${API_MESSAGES.crmRejected}: ${reason}.`
          : `${API_MESSAGES.crmRejected}. Verifique os dados e tente novamente.`,
        problemsOf(body),
      );
    case 401:
      return sessionEnded();
    case 403:
      return new ApiError(403, API_MESSAGES.crmForbidden);
    case 404:
      return new ApiError(404, API_MESSAGES.crmNotFound);
    case 413:
      return new ApiError(413, API_MESSAGES.crmTooLarge);
    default:
      return new ApiError(
        502,
        status >= 500 ? API_MESSAGES.crmUnavailable : API_MESSAGES.crmUnexpected,
      );
  }
}

/**
 * The kept records a write to `path` may have changed (forgetRecords' form): its record and
 * everything under it (a product of a deal: the deal, whose total the CRM recomputes, and its
 * lists); a note only the deal's notes, since RD's deal has no field a note changes (the fields
 * crm-v2-update-deal answers); a write to a collection (a deal created) its lists, not its records.
 */
export function writtenPath(path: string): string {
  const segments = path.split('/');
  if (segments.length <= 2) return `${path}?`;
  if (segments[1] === 'deals' && segments[3] === 'notes') return segments.slice(0, 4).join('/');
  return segments.slice(0, 3).join('/');
}

/** A kept answer's `data.updated_at` as epoch ms (NaN when it has none: a list, say). */
function updatedAtOf(value: unknown): number {
  const record = isRecord(value) && isRecord(value.data) ? value.data : null;
  return typeof record?.updated_at === 'string' ? Date.parse(record.updated_at) : NaN;
}

/**
 * The record a write's answer is, as its GET path reads it, or null: RD answers a PUT of
 * `/deals/{id}` (a contact, an organization, a task) with that record, every field as
 * `GET /deals/{id}` answers them ("Responses 200 … data object", crm-v2-update-deal), and a POST
 * to `/deals` with the deal it created. A write under a record (a deal's note or product) answers
 * the item written, not its parent: nothing to keep.
 */
export function answeredRecordPath(request: CrmRequest, body: unknown): string | null {
  // Only an answer shaped as the GET's (`{ data: { … } }`): anything else is read again.
  const data = isRecord(body) && isRecord(body.data) ? body.data : null;
  if (!data) return null;
  const segments = request.path.split('/');
  if (request.method === 'PUT' && segments.length === 3) return request.path;
  if (request.method !== 'POST' || segments.length !== 2) return null;
  const id = data.id;
  return typeof id === 'string' && id !== '' ? `${request.path}/${encodeURIComponent(id)}` : null;
}

/**
 * `?query` with spaces as %20: URLSearchParams writes them as '+', which only form decoders read
 * as a space (a literal '+', as in E.164 phones, is already %2B).
 */
export function crmQueryString(query: URLSearchParams | undefined): string {
  if (!query || [...query].length === 0) return '';
  return `?${query.toString().replace(/\+/g, '%20')}`;
}

export function createCrmClient(deps: CrmClientDeps): CrmClient {
  const { config } = deps;
  // Never more than half the minute: a small budget still refreshes when it is idle.
  const refreshHeadroom = Math.min(
    config.refreshHeadroom,
    Math.floor(config.maxRequestsPerMinute / 2),
  );

  const forgetRecords = (systemKey: string, paths: string[], shown?: ShownChange | null) => {
    if (!deps.records || paths.length === 0) return;
    const changedAt = shown ? Date.parse(shown.updatedAt) : NaN;
    deps.records.forget(systemKey, (key, value) => {
      const [, pathAndQuery = ''] = JSON.parse(key) as [string, string];
      const path = pathAndQuery.split('?')[0] ?? '';
      if (shown && pathAndQuery === shown.path && updatedAtOf(value) >= changedAt) return false;
      return paths.some((under) =>
        under.endsWith('?')
          ? path === under.slice(0, -1)
          : path === under || path.startsWith(`${under}/`),
      );
    });
  };

  /** The access token to use now, and whose records it reads (the CRM user, else the attendant). */
  const tokenAndOwner = async (identity: Identity): Promise<{ token: string; owner: string }> => {
    if (!(await deps.credentials.exists(identity.systemKey))) throw credentialsNotConfigured();
    const session = await deps.sessions.get(identity);
    if (!session) throw sessionMissing();
    if (!session.oauth) throw new ApiError(401, API_MESSAGES.v1SessionOnly);
    const owner = session.crmUser
      ? `crm-user:${session.crmUser.userId}`
      : `attendant:${identity.userId}`;
    if (session.oauth.expiresAt <= deps.now() + config.refreshSkewMs) {
      const token = (await deps.refresher.refresh(identity, session.oauth.accessToken)).accessToken;
      return { token, owner };
    }
    return { token: session.oauth.accessToken, owner };
  };
  const accessToken = async (identity: Identity): Promise<string> =>
    (await tokenAndOwner(identity)).token;

  const send = async (
    identity: Identity,
    request: CrmRequest,
    laneOf: CrmLane | (() => CrmLane) = request.lane ?? 'interactive',
    maxWaitMs: number = config.maxRateLimitWaitMs,
    /**
     * A refresh nobody is answered from: it goes only while the minute keeps `refreshHeadroom`
     * requests free, and its giving up is no 429 anyone sees.
     */
    optional = false,
  ): Promise<unknown> => {
    const laneNow = typeof laneOf === 'function' ? laneOf : () => laneOf;
    const started = deps.now();
    const url = `${config.baseUrl}${request.path}${crmQueryString(request.query)}`;
    const route = crmRouteLabel(request.method, request.path);
    // The CRM's rate is the account's (the tenant), shared fairly between its users (limiter.ts).
    const bucket = identity.systemKey;
    let token = await accessToken(identity);
    let refreshed = false;
    let failures = 0;
    let rateLimitWaits = 0;

    for (;;) {
      const spent = deps.now() - started;
      const asked = deps.now();
      try {
        await deps.limiter.acquire(
          bucket,
          identity.userId,
          Math.max(0, maxWaitMs - spent),
          laneNow,
          optional ? refreshHeadroom : 0,
        );
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 429 && !optional)
          deps.metrics?.rateLimited(bucket, 'api');
        throw error;
      }
      const lane = laneNow();
      deps.metrics?.limiterWait(bucket, lane, deps.now() - asked);
      let answer: JsonAnswer;
      try {
        answer = await deps.timedJson(
          url,
          {
            method: request.method,
            headers: {
              authorization: `Bearer ${token}`,
              accept: 'application/json',
              ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
          },
          config.timeoutMs,
        );
      } catch (error) {
        const timedOut = error instanceof OutboundError && error.timedOut;
        deps.metrics?.crmRequest(bucket, lane, timedOut ? 'timeout' : 'error', route);
        if (timedOut) throw new ApiError(504, API_MESSAGES.crmTimeout);
        // A write that never got an answer may have happened: only reads go again.
        if (request.method === 'GET' && failures < config.getRetries) {
          await deps.sleep(config.retryBaseDelayMs * 2 ** failures);
          failures += 1;
          continue;
        }
        throw new ApiError(502, API_MESSAGES.crmUnavailable);
      }

      const { response, body } = answer;
      deps.metrics?.crmRequest(bucket, lane, response.status, route);
      if (response.ok) return response.status === 204 ? null : body;

      if (response.status === 401 && !refreshed) {
        refreshed = true;
        token = (await deps.refresher.refresh(identity, token)).accessToken;
        continue;
      }
      if (response.status === 429) {
        deps.metrics?.rateLimited(bucket, 'crm');
        const waitMs = parseRetryAfter(response.headers.get('retry-after'), deps.now()) ?? 1000;
        await deps.limiter.block(bucket, deps.now() + waitMs);
        const remaining = config.maxRateLimitWaitMs - (deps.now() - started);
        // The CRM did not process a 429'd request, so sending it again is safe for writes too.
        if (rateLimitWaits < 3 && waitMs <= remaining) {
          rateLimitWaits += 1;
          continue;
        }
        deps.metrics?.rateLimited(bucket, 'api');
        throw new ApiError(
          429,
          API_MESSAGES.crmRateLimited,
          {
            'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
          },
          CRM_BUSY_CODE,
        );
      }
      if (response.status >= 500 && request.method === 'GET' && failures < config.getRetries) {
        await deps.sleep(config.retryBaseDelayMs * 2 ** failures);
        failures += 1;
        continue;
      }
      throw errorFromStatus(response.status, body);
    }
  };

  /** One key per tenant, CRM user and path: a read ahead is only ever served to its own user. */
  const readKey = (identity: Identity, path: string) =>
    JSON.stringify([identity.systemKey, identity.userId, path]);
  /** A read's key as served to one panel tab (the key alone when the caller named none). */
  const freshKey = (key: string, tab: string | null | undefined) =>
    tab ? JSON.stringify([key, tab]) : key;

  /** A record's key: its CRM user (or attendant) and path with query. */
  const recordKey = (owner: string, request: CrmRequest) =>
    JSON.stringify([owner, `${request.path}${crmQueryString(request.query)}`]);
  // The lane of each record read under way: a person who starts waiting for a background read
  // (a read ahead, say) moves it to the interactive lane. A refresh behind a kept answer is never
  // waited for (everyone is answered the kept copy): it stays in the background.
  const tickets = new Map<string, { lane: CrmLane; refresh: boolean }>();
  const promote = (systemKey: string, key: string) => {
    const ticket = tickets.get(JSON.stringify([systemKey, key]));
    if (ticket && !ticket.refresh) ticket.lane = 'interactive';
  };
  /**
   * A refresh behind a kept answer waits for no slot: it goes only when the tenant's minute has
   * room for background work now (nobody waiting, the interactive reserve left), so it never takes
   * a person's turn nor adds to a queue; otherwise it gives up, the kept copy is answered on, and
   * the next read past its freshness tries again (until it is too old to answer: then a read).
   */
  const REFRESH_WAIT_MS = 0;

  /**
   * A record as `owner` sees it: from the CRM user's kept records when it was read within the
   * freshness window, joined to the same read under way, else read in `lane`.
   */
  const readRecord = (
    identity: Identity,
    owner: string,
    request: CrmRequest,
    lane: CrmLane,
  ): Promise<unknown> => {
    const { records } = deps;
    if (!records) return send(identity, request, lane);
    const key = recordKey(owner, request);
    if (lane === 'interactive') promote(identity.systemKey, key);
    return records.get(
      identity.systemKey,
      key,
      (cacheLane) => {
        const ticketKey = JSON.stringify([identity.systemKey, key]);
        // The cache asks for the background lane only to refresh a kept answer.
        const refresh = cacheLane === 'background';
        const ticket = { lane: lane === 'interactive' ? cacheLane : lane, refresh };
        tickets.set(ticketKey, ticket);
        return send(
          identity,
          request,
          () => ticket.lane,
          refresh ? REFRESH_WAIT_MS : config.maxRateLimitWaitMs,
          refresh,
        ).finally(() => {
          if (tickets.get(ticketKey) === ticket) tickets.delete(ticketKey);
        });
      },
      { bypass: false },
    );
  };

  /** An uncached GET: the read ahead of it when there is one (its answer or error), else a CRM call. */
  const read = async (identity: Identity, request: CrmRequest): Promise<unknown> => {
    const key = readKey(identity, `${request.path}${crmQueryString(request.query)}`);
    const ahead = deps.readAheads.take(key);
    let body: unknown;
    if (ahead) {
      // Credentials and session are checked on every call, as for a cache hit; the read ahead
      // is now what a person waits for.
      const { owner } = await tokenAndOwner(identity);
      promote(identity.systemKey, recordKey(owner, request));
      body = await ahead;
    } else {
      const doneReading = deps.readAheads.reading(key);
      try {
        if (request.record) {
          const { owner } = await tokenAndOwner(identity);
          body = await readRecord(identity, owner, request, request.lane ?? 'interactive');
        } else if (request.refresh) {
          body = await send(identity, request, 'background', REFRESH_WAIT_MS, true);
        } else {
          body = await send(identity, request);
        }
      } finally {
        // In the same turn as `served` below: no read ahead of it can start between the two.
        doneReading();
      }
    }
    deps.readAheads.served(freshKey(key, request.tab));
    return body;
  };

  return {
    accessToken,
    async request(identity, request) {
      if (request.method !== 'GET') {
        // What was read ahead may be what this write changes.
        deps.readAheads.forgetTenant(identity.systemKey);
        // Whose copy the answer becomes (asked before the write: kept in the answer's own turn).
        const owner = deps.records ? (await tokenAndOwner(identity)).owner : null;
        let body: unknown;
        try {
          body = await send(identity, request);
        } finally {
          // What the write touched is read again, whatever its answer (the change it publishes
          // drops the rest, in every api process).
          forgetRecords(identity.systemKey, [writtenPath(request.path)]);
        }
        // …but the record the CRM answered is that record as it is now: the writer's kept copy,
        // so the writer's next read of it costs the CRM nothing. Other CRM users' copies are
        // dropped by the change; RD decides per token what each sees, so none is shared.
        const answered = answeredRecordPath(request, body);
        if (owner && answered && deps.records)
          deps.records.put(
            identity.systemKey,
            recordKey(owner, { method: 'GET', path: answered }),
            body,
          );
        return body;
      }
      if (request.cache) {
        const key = `${request.path}?${request.query?.toString() ?? ''}`;
        // Credentials and session are checked on every call, cache hit or not.
        await accessToken(identity);
        return deps.cache.get(
          identity.systemKey,
          key,
          // The cache asks for the background lane only to refresh a kept answer.
          (lane) =>
            lane === 'background'
              ? send(identity, request, 'background', REFRESH_WAIT_MS, true)
              : send(identity, request, request.lane ?? 'interactive'),
          { bypass: request.cache.bypass },
        );
      }
      return read(identity, request);
    },
    readAhead(identity, path, tab, then) {
      const key = readKey(identity, path);
      const request: CrmRequest = { method: 'GET', path, record: true };
      deps.readAheads.start(
        identity.systemKey,
        key,
        async () => {
          const { owner } = await tokenAndOwner(identity);
          return readRecord(identity, owner, request, 'background');
        },
        freshKey(key, tab),
        then,
      );
    },
    forgetReadAheads(systemKey) {
      deps.readAheads.forgetTenant(systemKey);
    },
    forgetRecords,
  };
}
