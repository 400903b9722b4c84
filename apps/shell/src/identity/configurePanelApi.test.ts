import { getTermsStatus } from '@crm-panel/api-client';
import { setupTestServer } from '@crm-panel/api-client/testing';
import { createFakeHostAdapter, FAKE_USER_INFO } from '@crm-panel/host-bridge/testing';
import { configurePanelApi } from './configurePanelApi';
import { setIdentity } from './identity';

const server = setupTestServer({ configureClient: false });

beforeEach(() => {
  localStorage.clear();
  setIdentity(FAKE_USER_INFO);
});
afterEach(() => {
  localStorage.clear();
  setIdentity(null);
});

const calls = () => server.requests.map((request) => `${request.method} ${request.path}`);

it("earns the api session from the host's assertion and sends its token as the host user", async () => {
  let issued = 0;
  const adapter = createFakeHostAdapter({ identityAssertion: () => `jwt-${++issued}` });
  configurePanelApi({ apiBaseUrl: server.baseURL, adapter });

  await getTermsStatus();

  expect(calls()).toEqual(['POST /api/session', 'GET /api/rdstation/terms/status']);
  const [start, call] = server.requests;
  expect(start?.body).toEqual({ assertion: 'jwt-1' });
  expect(start?.headers).toMatchObject({ 'x-user-id': 'user-ana', 'x-system-key': 'tenant-acme' });
  expect(call?.headers).toMatchObject({ 'x-user-id': 'user-ana', 'x-system-key': 'tenant-acme' });
  expect(call?.headers.authorization).toMatch(/^Bearer \S+$/);
  expect(adapter.identityAssertionRequests).toBe(1);
});

it('with a host that signs nothing, starts the session with an empty body', async () => {
  const adapter = createFakeHostAdapter();
  configurePanelApi({ apiBaseUrl: server.baseURL, adapter });

  await getTermsStatus();

  expect(server.requests[0]?.body).toEqual({});
  expect(server.requests[1]?.headers.authorization).toMatch(/^Bearer \S+$/);
});

it('an adapter without getIdentityAssertion (hand-written hosts) counts as signing nothing', async () => {
  const { getIdentityAssertion: _unused, ...older } = createFakeHostAdapter({
    identityAssertion: 'jwt-que-nao-deve-ser-usado',
  });
  configurePanelApi({ apiBaseUrl: server.baseURL, adapter: older });

  await getTermsStatus();

  expect(server.requests[0]?.body).toEqual({});
});
