import { MESSAGES } from '@crm-panel/crm-model';
import { getErrorMessage } from '../client/errors';
import { integrationFixture, setupTestServer } from '../testing';
import { IDENTITY_HEADERS } from '../test-support/wire';
import { getAuthStatus, revokeAuth, startAuth, submitApiV1Token } from './auth';

const server = setupTestServer();

describe('authentication calls', () => {
  it('startAuth: GET /api/rdstation/auth/start → { authUrl }', async () => {
    await expect(startAuth()).resolves.toEqual({ authUrl: integrationFixture.authUrl });
    expect(server.lastRequest()).toEqual({
      method: 'GET',
      path: '/api/rdstation/auth/start',
      query: {},
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
  });

  it('getAuthStatus: GET /api/rdstation/auth/status → { authenticated, userId }', async () => {
    await expect(getAuthStatus()).resolves.toEqual({ authenticated: true, userId: 'user-1' });
    expect(server.lastRequest()).toEqual({
      method: 'GET',
      path: '/api/rdstation/auth/status',
      query: {},
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
  });

  it('revokeAuth: POST /api/rdstation/auth/revoke, and the session is gone afterwards', async () => {
    await expect(revokeAuth()).resolves.toEqual({ success: true });
    expect(server.lastRequest()).toEqual({
      method: 'POST',
      path: '/api/rdstation/auth/revoke',
      query: {},
      body: {},
      headers: IDENTITY_HEADERS,
    });
    await expect(getAuthStatus()).resolves.toEqual({ authenticated: false, userId: null });
  });

  it('submitApiV1Token: POST /api/rdstation/auth/v1-token with body { apiV1Token }', async () => {
    server.db.state.integration.authenticated = false;

    await expect(submitApiV1Token('token-v1-valido')).resolves.toEqual({
      authenticated: true,
      userId: 'user-1',
    });
    expect(server.lastRequest()).toEqual({
      method: 'POST',
      path: '/api/rdstation/auth/v1-token',
      query: {},
      body: { apiV1Token: 'token-v1-valido' },
      headers: IDENTITY_HEADERS,
    });
  });

  it('an invalid token rejects with the server message', async () => {
    const error = await submitApiV1Token('errado').catch((caught: unknown) => caught);
    expect(getErrorMessage(error, 'fallback')).toBe(MESSAGES.auth.invalidToken);
  });
});
