import { CRM_USER_TEXTS, MESSAGES } from '@crm-panel/crm-model';
import { getErrorCode, getErrorMessage, isHttpStatus } from '@api-client/client/errors';
import { integrationFixture, setupTestServer, usersFixture } from '@api-client/testing';
import { IDENTITY_HEADERS } from '@api-client/test-support/wire';
import { getUserProfile } from './profile';
import {
  chooseCrmUser,
  getAuthStatus,
  listCrmUsers,
  revokeAuth,
  startAuth,
  submitApiV1Token,
} from './auth';

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

  it('getAuthStatus: GET /api/rdstation/auth/status → { authenticated, userId, crmUser… }', async () => {
    await expect(getAuthStatus()).resolves.toEqual({
      authenticated: true,
      userId: 'user-1',
      method: 'oauth',
      crmUserRequired: false,
      crmUserSource: 'attendant-claim',
    });
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
    await expect(getAuthStatus()).resolves.toEqual({
      authenticated: false,
      userId: null,
      method: null,
      crmUserRequired: false,
      crmUserSource: null,
    });
  });

  it('submitApiV1Token: POST /api/rdstation/auth/v1-token with body { apiV1Token }', async () => {
    server.db.state.integration.authenticated = false;

    await expect(submitApiV1Token('token-v1-valido')).resolves.toEqual({
      authenticated: true,
      userId: 'user-1',
      method: 'api-v1',
      crmUserRequired: false,
      crmUserSource: null,
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

describe('who the attendant is in the CRM', () => {
  beforeEach(() => {
    server.db.state.integration.crmUserChosen = false;
    server.db.state.integration.suggestedCrmUserId = 'user-2';
  });

  it('auth/status says the CRM user is still to be chosen, and the profile answers 409 with its code', async () => {
    await expect(getAuthStatus()).resolves.toMatchObject({ crmUserRequired: true });
    const error = await getUserProfile().catch((caught: unknown) => caught);
    expect(isHttpStatus(error, 409)).toBe(true);
    expect(getErrorCode(error)).toBe('crm_user_required');
    expect(getErrorMessage(error, 'fallback')).toBe(CRM_USER_TEXTS.required);
  });

  it('listCrmUsers: GET /api/rdstation/auth/crm-users → { users, suggestedId }', async () => {
    await expect(listCrmUsers()).resolves.toEqual({
      users: usersFixture.map(({ id, name, email }) => ({ id, name, email })),
      suggestedId: 'user-2',
    });
    expect(server.lastRequest()).toEqual({
      method: 'GET',
      path: '/api/rdstation/auth/crm-users',
      query: {},
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
  });

  it('chooseCrmUser: POST /api/rdstation/auth/crm-user with body { userId }', async () => {
    await expect(chooseCrmUser('user-2')).resolves.toEqual({
      id: 'user-2',
      name: 'Bruno Lima',
      email: 'bruno.lima@empresa.com.br',
      source: 'attendant-claim',
    });
    expect(server.lastRequest()).toEqual({
      method: 'POST',
      path: '/api/rdstation/auth/crm-user',
      query: {},
      body: { userId: 'user-2' },
      headers: IDENTITY_HEADERS,
    });
    await expect(getUserProfile()).resolves.toMatchObject({ id: 'user-2', name: 'Bruno Lima' });
    const again = await chooseCrmUser('user-1').catch((caught: unknown) => caught);
    expect(getErrorCode(again)).toBe('crm_user_chosen');
  });

  it('an unknown user is refused with the server message', async () => {
    const error = await chooseCrmUser('user-404').catch((caught: unknown) => caught);
    expect(isHttpStatus(error, 400)).toBe(true);
    expect(getErrorMessage(error, 'fallback')).toBe(
      'Este usuário não existe no RD Station CRM. Escolha um usuário da lista.',
    );
  });
});
