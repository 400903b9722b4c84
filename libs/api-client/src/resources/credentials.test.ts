import { MESSAGES } from '@crm-panel/crm-model';
import { getErrorMessage, isHttpStatus } from '@api-client/client/errors';
import { integrationFixture, setupTestServer } from '@api-client/testing';
import { IDENTITY_HEADERS } from '@api-client/test-support/wire';
import { getCredentialsStatus, removeCredentials, saveCredentials } from './credentials';

const server = setupTestServer();

const payload = {
  clientId: 'client-id',
  clientSecret: 'client-secret',
  redirectUri: 'http://127.0.0.1:3333/api/rdstation/auth/callback',
  securityPassword: 'senha123',
  defaultChatDomain: 'chat.empresa.com.br',
};

describe('credentials calls', () => {
  it('getCredentialsStatus: GET /api/rdstation/credentials/status → { configured, redirectUri, liveUpdates }', async () => {
    await expect(getCredentialsStatus()).resolves.toEqual({
      configured: true,
      redirectUri: integrationFixture.redirectUri,
      setupCodeRequired: false,
      liveUpdates: integrationFixture.liveUpdates,
    });
    expect(server.lastRequest()).toEqual({
      method: 'GET',
      path: '/api/rdstation/credentials/status',
      query: {},
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
  });

  it('saveCredentials: POST /api/rdstation/credentials with exactly the five fields', async () => {
    server.db.state.integration.credentialsConfigured = false;

    await expect(saveCredentials({ ...payload })).resolves.toEqual({
      success: true,
      redirectUri: payload.redirectUri,
    });
    expect(server.lastRequest()).toEqual({
      method: 'POST',
      path: '/api/rdstation/credentials',
      query: {},
      body: payload,
      headers: IDENTITY_HEADERS,
    });
    await expect(getCredentialsStatus()).resolves.toMatchObject({ configured: true });
  });

  it('removeCredentials: DELETE /api/rdstation/credentials with body { securityPassword } → { usersAffected }', async () => {
    await expect(removeCredentials(integrationFixture.securityPassword)).resolves.toEqual({
      usersAffected: integrationFixture.usersAffected,
    });
    expect(server.lastRequest()).toEqual({
      method: 'DELETE',
      path: '/api/rdstation/credentials',
      query: {},
      body: { securityPassword: integrationFixture.securityPassword },
      headers: IDENTITY_HEADERS,
    });
    await expect(getCredentialsStatus()).resolves.toMatchObject({ configured: false });
  });

  it('a wrong security password is a 403 the removal form can tell apart', async () => {
    const error = await removeCredentials('errada').catch((caught: unknown) => caught);
    expect(isHttpStatus(error, 403)).toBe(true);
    expect(getErrorMessage(error, MESSAGES.credentials.removalError)).toBe(
      MESSAGES.credentials.wrongSecurityPassword,
    );
  });
});
