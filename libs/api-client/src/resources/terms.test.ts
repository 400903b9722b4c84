import { setupTestServer } from '@api-client/testing';
import { IDENTITY_HEADERS } from '@api-client/test-support/wire';
import { acceptTerms, getTermsStatus } from './terms';

const server = setupTestServer();

describe('terms calls', () => {
  it('getTermsStatus: GET /api/rdstation/terms/status → { accepted }', async () => {
    server.db.state.integration.termsAccepted = false;

    await expect(getTermsStatus()).resolves.toEqual({ accepted: false });
    expect(server.lastRequest()).toEqual({
      method: 'GET',
      path: '/api/rdstation/terms/status',
      query: {},
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
  });

  it('acceptTerms: POST /api/rdstation/terms/accept, then the status reads accepted', async () => {
    server.db.state.integration.termsAccepted = false;

    await expect(acceptTerms()).resolves.toEqual({ accepted: true });
    expect(server.lastRequest()).toEqual({
      method: 'POST',
      path: '/api/rdstation/terms/accept',
      query: {},
      body: {},
      headers: IDENTITY_HEADERS,
    });
    await expect(getTermsStatus()).resolves.toEqual({ accepted: true });
  });
});
