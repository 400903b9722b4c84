import { getAuthStatus } from '@api-client/resources/auth';
import { getTermsStatus } from '@api-client/resources/terms';
import { integrationFixture } from './fixtures';
import { setupTestServer } from './setupTestServer';

const server = setupTestServer({
  seed: { integration: { ...integrationFixture, authenticated: false, termsAccepted: false } },
});

describe('setupTestServer', () => {
  it('starts from the seed it was given', async () => {
    await expect(getAuthStatus()).resolves.toEqual({
      authenticated: false,
      userId: null,
      method: null,
      crmUserRequired: false,
      crmUserSource: null,
    });
    await expect(getTermsStatus()).resolves.toEqual({ accepted: false });
  });

  it('resets to that seed (not the default one) after each test', async () => {
    server.db.state.integration.termsAccepted = true;
    server.db.reset();
    await expect(getTermsStatus()).resolves.toEqual({ accepted: false });
    expect(server.requests).toHaveLength(1);
  });

  it('lastRequest() throws when nothing was requested', () => {
    expect(() => server.lastRequest()).toThrow('No request reached the mock api');
  });
});
