import { getErrorMessage, isHttpStatus } from '@api-client/client/errors';
import { profileFixture, setupTestServer } from '@api-client/testing';
import { IDENTITY_HEADERS } from '@api-client/test-support/wire';
import { getUserProfile } from './profile';

const server = setupTestServer();

describe('profile', () => {
  it('getUserProfile: GET /api/rdstation/user/profile and reads data.data', async () => {
    await expect(getUserProfile()).resolves.toEqual(profileFixture);
    expect(server.lastRequest()).toEqual({
      method: 'GET',
      path: '/api/rdstation/user/profile',
      query: {},
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
  });

  it('without a CRM session it rejects with a 401 (the panel treats it as no profile)', async () => {
    server.db.state.integration.authenticated = false;
    const error = await getUserProfile().catch((caught: unknown) => caught);
    expect(isHttpStatus(error, 401)).toBe(true);
    expect(getErrorMessage(error, 'x')).toBe(
      'Você não está conectado ao RD Station CRM. Faça login para continuar.',
    );
  });
});
