import { type CrmConfig } from '../config';
import { type CredentialsRepository } from '../db/repositories/credentialsRepository';
import { type Identity, type SessionsRepository } from '../db/repositories/sessionsRepository';
import { ApiError, credentialsNotConfigured, sessionEnded, sessionMissing } from '../errors';
import { OutboundError, isRecord, readJson, timedFetch } from '../http';
import { API_MESSAGES } from '../messages';
import { type ReferenceCache } from './cache';
import { type RateLimiter } from './limiter';
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
}

export interface CrmClient {
  /** The parsed v2 response body (`{ data, links? }`), or null for an empty one (204). */
  request(identity: Identity, request: CrmRequest): Promise<unknown>;
  /** The access token to use now (428 without credentials, 401 without an OAuth session). */
  accessToken(identity: Identity): Promise<string>;
}

export interface CrmClientDeps {
  config: CrmConfig;
  fetch: typeof fetch;
  credentials: CredentialsRepository;
  sessions: SessionsRepository;
  refresher: TokenRefresher;
  limiter: RateLimiter;
  cache: ReferenceCache;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

/** Seconds or an HTTP date, as RFC 9110 allows; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The CRM's own reason from a v2 `{ errors: [...] }` body (or a message field). */
export function crmReason(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const parts: string[] = [];
  const errors = Array.isArray(body.errors) ? body.errors : [];
  for (const item of errors) {
    if (typeof item === 'string') parts.push(item);
    else if (isRecord(item)) {
      const text = [item.detail, item.message, item.title].find(
        (value) => typeof value === 'string',
      );
      const field = [item.field, item.attribute, item.path].find(
        (value) => typeof value === 'string',
      );
      if (typeof text === 'string')
        parts.push(typeof field === 'string' ? `${field}: ${text}` : text);
    }
  }
  for (const key of ['message', 'error_description', 'error'] as const) {
    if (parts.length === 0 && typeof body[key] === 'string') parts.push(body[key]);
  }
  const reason = parts.join('; ').trim();
  return reason === '' ? null : reason.slice(0, 500);
}

function errorFromStatus(status: number, body: unknown): ApiError {
  const reason = crmReason(body);
  switch (status) {
    case 400:
    case 422:
      return new ApiError(
        status,
        reason ? `${API_MESSAGES.crmRejected}: ${reason}` : `${API_MESSAGES.crmRejected}.`,
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

export function createCrmClient(deps: CrmClientDeps): CrmClient {
  const { config } = deps;
  const bucketOf = (identity: Identity): string =>
    JSON.stringify([identity.systemKey, identity.userId]);

  const accessToken = async (identity: Identity): Promise<string> => {
    if (!(await deps.credentials.exists(identity.systemKey))) throw credentialsNotConfigured();
    const session = await deps.sessions.get(identity);
    if (!session) throw sessionMissing();
    if (!session.oauth) throw new ApiError(401, API_MESSAGES.v1SessionOnly);
    if (session.oauth.expiresAt <= deps.now() + config.refreshSkewMs) {
      return (await deps.refresher.refresh(identity, session.oauth.accessToken)).accessToken;
    }
    return session.oauth.accessToken;
  };

  const send = async (identity: Identity, request: CrmRequest): Promise<unknown> => {
    const started = deps.now();
    const url = `${config.baseUrl}${request.path}${request.query && [...request.query].length > 0 ? `?${request.query.toString()}` : ''}`;
    const bucket = bucketOf(identity);
    let token = await accessToken(identity);
    let refreshed = false;
    let failures = 0;
    let rateLimitWaits = 0;

    for (;;) {
      const spent = deps.now() - started;
      await deps.limiter.acquire(bucket, Math.max(0, config.maxRateLimitWaitMs - spent));
      let response: Response;
      try {
        response = await timedFetch(
          deps.fetch,
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
        if (error instanceof OutboundError && error.timedOut)
          throw new ApiError(504, API_MESSAGES.crmTimeout);
        // A write that never got an answer may have happened: only reads go again.
        if (request.method === 'GET' && failures < config.getRetries) {
          await deps.sleep(config.retryBaseDelayMs * 2 ** failures);
          failures += 1;
          continue;
        }
        throw new ApiError(502, API_MESSAGES.crmUnavailable);
      }

      if (response.ok) {
        return response.status === 204 ? null : readJson(response);
      }
      const body = await readJson(response);

      if (response.status === 401 && !refreshed) {
        refreshed = true;
        token = (await deps.refresher.refresh(identity, token)).accessToken;
        continue;
      }
      if (response.status === 429) {
        const waitMs = parseRetryAfter(response.headers.get('retry-after'), deps.now()) ?? 1000;
        deps.limiter.block(bucket, deps.now() + waitMs);
        const remaining = config.maxRateLimitWaitMs - (deps.now() - started);
        // The CRM did not process a 429'd request, so sending it again is safe for writes too.
        if (rateLimitWaits < 3 && waitMs <= remaining) {
          rateLimitWaits += 1;
          continue;
        }
        throw new ApiError(429, API_MESSAGES.crmRateLimited, {
          'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
        });
      }
      if (response.status >= 500 && request.method === 'GET' && failures < config.getRetries) {
        await deps.sleep(config.retryBaseDelayMs * 2 ** failures);
        failures += 1;
        continue;
      }
      throw errorFromStatus(response.status, body);
    }
  };

  return {
    accessToken,
    async request(identity, request) {
      if (request.cache && request.method === 'GET') {
        const key = `${request.path}?${request.query?.toString() ?? ''}`;
        // Credentials and session are checked on every call, cache hit or not.
        await accessToken(identity);
        return deps.cache.get(identity.systemKey, key, () => send(identity, request), {
          bypass: request.cache.bypass,
        });
      }
      return send(identity, request);
    },
  };
}
