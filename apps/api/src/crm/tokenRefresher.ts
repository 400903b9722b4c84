import { type CredentialsRepository } from '@api/db/repositories/credentialsRepository';
import {
  type Identity,
  type OAuthTokens,
  type SessionsRepository,
} from '@api/db/repositories/sessionsRepository';
import { ApiError, credentialsNotConfigured, sessionEnded } from '@api/errors';
import { API_MESSAGES } from '@api/messages';
import { type OAuthClient } from './oauth';

export interface TokenRefresher {
  /**
   * New tokens for a session whose access token `staleAccessToken` expired or was refused.
   * RD rotates refresh tokens (the old one dies on use), so per user only one refresh may run:
   * callers in this process share one promise, other processes wait on the row lock and then
   * find the tokens already renewed.
   */
  refresh(identity: Identity, staleAccessToken: string): Promise<OAuthTokens>;
}

type Outcome =
  | { kind: 'ok'; tokens: OAuthTokens }
  | { kind: 'ended' }
  | { kind: 'unavailable' }
  | { kind: 'timeout' };

export interface TokenRefresherDeps {
  sessions: SessionsRepository;
  credentials: CredentialsRepository;
  oauth: OAuthClient;
  now: () => number;
  skewMs: number;
}

export function createTokenRefresher(deps: TokenRefresherDeps): TokenRefresher {
  const inflight = new Map<string, Promise<OAuthTokens>>();

  const run = async (identity: Identity, staleAccessToken: string): Promise<OAuthTokens> => {
    const app = await deps.credentials.get(identity.systemKey);
    if (!app) throw credentialsNotConfigured();
    const outcome = await deps.sessions.withLockedSession<Outcome>(
      identity,
      async (session, writer) => {
        if (!session?.oauth) return { kind: 'ended' };
        const current = session.oauth;
        if (
          current.accessToken !== staleAccessToken &&
          current.expiresAt > deps.now() + deps.skewMs
        ) {
          return { kind: 'ok', tokens: current };
        }
        // A sign-in that kept no refresh token (crm:check given only an access token) cannot be
        // renewed: it ends, and nothing is sent to the token endpoint with an empty refresh token.
        if (!current.refreshToken) {
          await writer.clearOAuth();
          return { kind: 'ended' };
        }
        const result = await deps.oauth.refresh(app, current.refreshToken);
        if (result.ok) {
          await writer.saveOAuth(result.tokens);
          return { kind: 'ok', tokens: result.tokens };
        }
        if (result.reason === 'rejected') {
          await writer.clearOAuth();
          return { kind: 'ended' };
        }
        return { kind: result.reason };
      },
    );
    switch (outcome.kind) {
      case 'ok':
        return outcome.tokens;
      case 'ended':
        throw sessionEnded();
      case 'timeout':
        throw new ApiError(504, API_MESSAGES.crmTimeout);
      case 'unavailable':
        throw new ApiError(502, API_MESSAGES.crmUnavailable);
    }
  };

  return {
    refresh(identity, staleAccessToken) {
      const key = JSON.stringify([identity.systemKey, identity.userId]);
      const pending = inflight.get(key);
      if (pending) return pending;
      const promise = run(identity, staleAccessToken).finally(() => inflight.delete(key));
      inflight.set(key, promise);
      return promise;
    },
  };
}
