import { type CrmConfig } from '@api/config';
import { type OAuthTokens, type V1Profile } from '@api/db/repositories/sessionsRepository';
import { ApiError } from '@api/errors';
import { type JsonAnswer, OutboundError, isRecord, timedJson } from '@api/http';
import { API_MESSAGES } from '@api/messages';

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

export function createOAuthClient(crm: CrmConfig, fetchImpl: typeof fetch, now: () => number) {
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

    /** CRM v1 token check: the token owner's profile, or null for an invalid token. */
    async checkV1Token(token: string): Promise<V1Profile | null> {
      const url = new URL(`${crm.v1BaseUrl}/token/check`);
      url.searchParams.set('token', token);
      const { response, body } = await timedJson(
        fetchImpl,
        url.toString(),
        { headers: { accept: 'application/json' } },
        crm.timeoutMs,
      ).catch((error: unknown) => {
        throw toGatewayError(error);
      });
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

export function toGatewayError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof OutboundError && error.timedOut)
    return new ApiError(504, API_MESSAGES.crmTimeout);
  return new ApiError(502, API_MESSAGES.crmUnavailable);
}

export type OAuthClient = ReturnType<typeof createOAuthClient>;
