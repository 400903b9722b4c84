import { type CrmConfig } from '@api/config';
import { type RateLimiter } from '@api/crm/limiter';
import { type OAuthTokens, type V1Profile } from '@api/db/repositories/sessionsRepository';
import { ApiError } from '@api/errors';
import { type JsonAnswer, OutboundError, isRecord, parseRetryAfter, timedJson } from '@api/http';
import { API_MESSAGES } from '@api/messages';
import { CrmRefusal, problemsOf } from './crmRefusal';

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
}

/** `rejected`: the CRM refused the grant (bad code, refresh token rotated or expired). */
export type TokenOutcome =
  { ok: true; tokens: OAuthTokens } | { ok: false; reason: 'rejected' | 'unavailable' | 'timeout' };

function organizationOf(value: unknown): { name: string } | null {
  if (isRecord(value) && typeof value.name === 'string') return { name: value.name };
  if (typeof value === 'string' && value !== '') return { name: value };
  return null;
}

/** Whose CRM budget an account check spends: the tenant (the limiter's bucket) and its user. */
export interface CrmBudgetOf {
  systemKey: string;
  userId: string;
}

/**
 * The CRM limiter the account check's `GET /users` calls wait in, like every other CRM call: they
 * spend the tenant's budget (RD's 120 a minute is the account's), in the interactive lane (the
 * person signing in waits for them).
 */
export interface OAuthCrmGate {
  limiter: RateLimiter;
  maxWaitMs: number;
}

export function createOAuthClient(
  crm: CrmConfig,
  fetchImpl: typeof fetch,
  now: () => number,
  gate?: OAuthCrmGate,
) {
  const requestTokens = async (form: Record<string, string>): Promise<TokenOutcome> => {
    let answer: JsonAnswer;
    try {
      answer = await timedJson(
        fetchImpl,
        crm.tokenUrl,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams(form).toString(),
        },
        crm.timeoutMs,
      );
    } catch (error) {
      return {
        ok: false,
        reason: error instanceof OutboundError && error.timedOut ? 'timeout' : 'unavailable',
      };
    }
    const { response, body } = answer;
    if (response.status >= 500 || response.status === 429)
      return { ok: false, reason: 'unavailable' };
    if (!response.ok) return { ok: false, reason: 'rejected' };
    if (
      !isRecord(body) ||
      typeof body.access_token !== 'string' ||
      typeof body.refresh_token !== 'string'
    ) {
      return { ok: false, reason: 'unavailable' };
    }
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 7200;
    return {
      ok: true,
      tokens: {
        accessToken: body.access_token,
        refreshToken: body.refresh_token,
        expiresAt: now() + expiresIn * 1000,
      },
    };
  };

  /** A GET of the CRM with a deadline; a network failure or timeout is the api's 502/504. */
  const getJson = (url: string, accessToken?: string): Promise<JsonAnswer> =>
    timedJson(
      fetchImpl,
      url,
      {
        headers: {
          accept: 'application/json',
          ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
        },
      },
      crm.timeoutMs,
    ).catch((error: unknown) => {
      throw toGatewayError(error);
    });

  /**
   * A CRM v2 GET of the account check: through the limiter (a slot of the tenant's window first;
   * a 429's Retry-After blocks the tenant's bucket as any CRM call's does).
   */
  const getCrmJson = async (
    url: string,
    accessToken: string,
    budget: CrmBudgetOf,
  ): Promise<JsonAnswer> => {
    if (gate) await gate.limiter.acquire(budget.systemKey, budget.userId, gate.maxWaitMs);
    const answer = await getJson(url, accessToken);
    if (gate && answer.response.status === 429) {
      const waitMs = parseRetryAfter(answer.response.headers.get('retry-after'), now()) ?? 1000;
      await gate.limiter.block(budget.systemKey, now() + waitMs);
    }
    return answer;
  };

  return {
    authorizeUrl(clientId: string, redirectUri: string, state: string): string {
      const url = new URL(crm.authorizeUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      return url.toString();
    },

    exchangeCode(app: OAuthApp, code: string, redirectUri: string): Promise<TokenOutcome> {
      return requestTokens({
        grant_type: 'authorization_code',
        client_id: app.clientId,
        client_secret: app.clientSecret,
        code,
        redirect_uri: redirectUri,
      });
    },

    refresh(app: OAuthApp, refreshToken: string): Promise<TokenOutcome> {
      return requestTokens({
        grant_type: 'refresh_token',
        client_id: app.clientId,
        client_secret: app.clientSecret,
        refresh_token: refreshToken,
      });
    },

    /**
     * Which account a fresh access token is of: the ids of its first active users
     * (`GET /users?filter=is:active`, crm-v2-list-users.txt), at most `max`. RD's token names no
     * account, so the account is known by its users.
     */
    async accountUserIds(accessToken: string, max: number, budget: CrmBudgetOf): Promise<string[]> {
      const url = new URL(`${crm.baseUrl}/users`);
      url.searchParams.set('filter', 'is:active');
      url.searchParams.set('page[number]', '1');
      url.searchParams.set('page[size]', String(max));
      const { response, body } = await getCrmJson(url.toString(), accessToken, budget);
      if (!response.ok || !isRecord(body) || !Array.isArray(body.data))
        throw new ApiError(502, API_MESSAGES.crmUnexpected);
      return idsOf(body.data).slice(0, max);
    },

    /**
     * Whether a fresh access token's account holds one of `userIds` (`GET /users/{id}`,
     * crm-v2-get-user.txt: a user of another account is a 404 to it).
     */
    async tokenKnowsAnyUser(
      accessToken: string,
      userIds: readonly string[],
      budget: CrmBudgetOf,
    ): Promise<boolean> {
      for (const id of userIds) {
        const { response } = await getCrmJson(
          `${crm.baseUrl}/users/${encodeURIComponent(id)}`,
          accessToken,
          budget,
        );
        if (response.ok) return true;
        if (![401, 403, 404].includes(response.status))
          throw new ApiError(502, API_MESSAGES.crmUnexpected);
      }
      return false;
    },

    /**
     * Page `number` of `size` of the active users a fresh token's account lists
     * (`GET /users?filter=is:active`, crm-v2-list-users.txt), for the sign-in window to name who
     * signs in before the token is bound to anyone; the caller reads the pages to the list's end
     * (crm/pageSizes.ts `readAll`).
     */
    async activeUsersPage(
      accessToken: string,
      budget: CrmBudgetOf,
      number: number,
      size: number,
    ): Promise<unknown> {
      const url = new URL(`${crm.baseUrl}/users`);
      url.searchParams.set('filter', 'is:active');
      url.searchParams.set('page[number]', String(number));
      url.searchParams.set('page[size]', String(size));
      const { response, body } = await getCrmJson(url.toString(), accessToken, budget);
      // A refused page size comes back as the CRM said it, for the caller's page-size ladder.
      if (response.status === 400 || response.status === 422)
        throw new CrmRefusal(response.status, API_MESSAGES.crmRejected, problemsOf(body));
      if (!response.ok) throw new ApiError(502, API_MESSAGES.crmUnexpected);
      return body;
    },

    /** One user of a fresh token's account (`GET /users/{id}`); null when RD knows none (404). */
    async userById(accessToken: string, id: string, budget: CrmBudgetOf): Promise<unknown> {
      const { response, body } = await getCrmJson(
        `${crm.baseUrl}/users/${encodeURIComponent(id)}`,
        accessToken,
        budget,
      );
      if (response.status === 404) return null;
      if (!response.ok || !isRecord(body)) throw new ApiError(502, API_MESSAGES.crmUnexpected);
      return body.data;
    },

    /** The user ids of an API v1 token's own account (`GET /users`, crm-v1-list-users.txt). */
    async v1AccountUserIds(token: string): Promise<string[]> {
      const url = new URL(`${crm.v1BaseUrl}/users`);
      url.searchParams.set('token', token);
      const { response, body } = await getJson(url.toString());
      if (!response.ok || !isRecord(body) || !Array.isArray(body.users))
        throw new ApiError(502, API_MESSAGES.crmUnexpected);
      return idsOf(body.users);
    },

    /** CRM v1 token check: the token owner's profile, or null for an invalid token. */
    async checkV1Token(token: string): Promise<V1Profile | null> {
      const url = new URL(`${crm.v1BaseUrl}/token/check`);
      url.searchParams.set('token', token);
      const { response, body } = await getJson(url.toString());
      if (response.status === 401 || response.status === 403 || response.status === 404)
        return null;
      if (response.status === 400 || response.status === 422) return null;
      if (!response.ok || !isRecord(body)) throw new ApiError(502, API_MESSAGES.crmUnexpected);
      return {
        name: typeof body.name === 'string' ? body.name : '',
        email: typeof body.email === 'string' ? body.email : '',
        organization: organizationOf(body.organization),
      };
    },
  };
}

function idsOf(records: unknown[]): string[] {
  return records.flatMap((record) =>
    isRecord(record) && typeof record.id === 'string' && record.id !== '' ? [record.id] : [],
  );
}

export function toGatewayError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof OutboundError && error.timedOut)
    return new ApiError(504, API_MESSAGES.crmTimeout);
  return new ApiError(502, API_MESSAGES.crmUnavailable);
}

export type OAuthClient = ReturnType<typeof createOAuthClient>;
