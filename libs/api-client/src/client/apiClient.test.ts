import { delay, http, HttpResponse } from 'msw';
import { REQUEST_TIMEOUT_MS } from '@crm-panel/crm-model';
import { getDeal } from '@api-client/resources/deals';
import { getTermsStatus } from '@api-client/resources/terms';
import { identityFixture, mockErrorHandler, setupTestServer } from '@api-client/testing';
import { apiClient, configureApiClient, IDENTITY_WARNINGS } from './apiClient';
import { isHttpStatus } from './errors';

const server = setupTestServer();

let consoleWarn: jest.SpyInstance;
beforeEach(() => {
  consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  configureApiClient({ baseURL: server.baseURL, getIdentity: () => identityFixture });
});
afterEach(() => consoleWarn.mockRestore());

describe('apiClient configuration', () => {
  it('sends JSON with its content type and asks for JSON (PRODUCT.md §9 timeout: 10 s)', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    let seen: { contentType: string | null; accept: string | null; body: string } | null = null;
    server.use(
      http.post(`${server.baseURL}/api/rdstation/terms/accept`, async ({ request }) => {
        seen = {
          contentType: request.headers.get('content-type'),
          accept: request.headers.get('accept'),
          body: await request.text(),
        };
        return HttpResponse.json({ data: { accepted: true } });
      }),
    );

    await apiClient.post('/api/rdstation/terms/accept', {});

    expect(seen).toEqual({
      contentType: 'application/json',
      accept: 'application/json',
      body: '{}',
    });
  });

  it('calls ${baseURL}/api/… of the configured base URL (a trailing slash is ignored)', async () => {
    configureApiClient({ baseURL: `${server.baseURL}/`, getIdentity: () => identityFixture });
    await expect(getTermsStatus()).resolves.toEqual({ accepted: true });
    expect(server.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/rdstation/terms/status',
    ]);
  });
});

describe('identity headers', () => {
  it('adds x-user-id and x-system-key from getIdentity() on every call, without warnings', async () => {
    await getTermsStatus();

    expect(server.lastRequest().headers).toEqual({
      'x-user-id': 'host-user-1',
      'x-system-key': 'system-key-demo',
      'x-cache-bypass': undefined,
    });
    expect(consoleWarn).not.toHaveBeenCalled();
  });

  it('reads the identity at request time (a host that fills it in late is picked up)', async () => {
    let identity: { userId: string; systemKey: string } | null = null;
    configureApiClient({ baseURL: server.baseURL, getIdentity: () => identity });

    identity = { userId: 'u-tarde', systemKey: 'k-tarde' };
    await getTermsStatus();

    expect(server.lastRequest().headers).toMatchObject({
      'x-user-id': 'u-tarde',
      'x-system-key': 'k-tarde',
    });
  });

  it('omits a missing x-user-id and warns in pt-BR', async () => {
    configureApiClient({
      baseURL: server.baseURL,
      getIdentity: () => ({ userId: '', systemKey: 'system-key-demo' }),
    });

    await getTermsStatus().catch(() => undefined);

    expect(server.lastRequest().headers).toEqual({
      'x-user-id': undefined,
      'x-system-key': 'system-key-demo',
      'x-cache-bypass': undefined,
    });
    expect(consoleWarn).toHaveBeenCalledTimes(1);
    expect(consoleWarn).toHaveBeenCalledWith(IDENTITY_WARNINGS.userId);
    expect(IDENTITY_WARNINGS.userId).toBe(
      'Cabeçalho x-user-id omitido: id do usuário do host indisponível',
    );
  });

  it('omits a missing x-system-key and warns in pt-BR', async () => {
    configureApiClient({
      baseURL: server.baseURL,
      getIdentity: () => ({ userId: 'host-user-1', systemKey: '  ' }),
    });

    await getTermsStatus().catch(() => undefined);

    expect(server.lastRequest().headers).toEqual({
      'x-user-id': 'host-user-1',
      'x-system-key': undefined,
      'x-cache-bypass': undefined,
    });
    expect(consoleWarn).toHaveBeenCalledTimes(1);
    expect(consoleWarn).toHaveBeenCalledWith(
      'Cabeçalho x-system-key omitido: chave do sistema do host indisponível',
    );
  });

  it('without any identity both headers are omitted with one warning each, and the api answers 400', async () => {
    configureApiClient({ baseURL: server.baseURL, getIdentity: () => null });

    const error = await getTermsStatus().catch((caught: unknown) => caught);

    expect(isHttpStatus(error, 400)).toBe(true);
    expect(server.lastRequest().headers).toEqual({
      'x-user-id': undefined,
      'x-system-key': undefined,
      'x-cache-bypass': undefined,
    });
    expect(consoleWarn.mock.calls).toEqual([
      [IDENTITY_WARNINGS.userId],
      [IDENTITY_WARNINGS.systemKey],
    ]);
  });

  it('a getIdentity that throws counts as no identity', async () => {
    configureApiClient({
      baseURL: server.baseURL,
      getIdentity: () => {
        throw new Error('host ainda carregando');
      },
    });

    await getTermsStatus().catch(() => undefined);

    expect(consoleWarn).toHaveBeenCalledTimes(2);
  });
});

describe('428 responses', () => {
  it("warn 'Credenciais não configuradas' and rethrow the error", async () => {
    server.db.state.integration.credentialsConfigured = false;

    const error = await getDeal('deal-1').catch((caught: unknown) => caught);

    expect(isHttpStatus(error, 428)).toBe(true);
    expect(consoleWarn).toHaveBeenCalledTimes(1);
    expect(consoleWarn).toHaveBeenCalledWith('Credenciais não configuradas');
  });

  it('other failures do not log that warning', async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'get',
        path: '/api/rdstation/deals/:id',
        status: 404,
      }),
    );

    await expect(getDeal('deal-1')).rejects.toMatchObject({ response: { status: 404 } });
    expect(consoleWarn).not.toHaveBeenCalled();
  });

  it('a 428 answered to any call is rethrown as is (the caller decides what to show)', async () => {
    server.use(
      http.get(`${server.baseURL}/api/rdstation/terms/status`, () =>
        HttpResponse.json(
          { message: 'Credenciais não configuradas. Configure a integração.' },
          { status: 428 },
        ),
      ),
    );

    await expect(getTermsStatus()).rejects.toMatchObject({
      response: {
        status: 428,
        data: { message: 'Credenciais não configuradas. Configure a integração.' },
      },
    });
    expect(consoleWarn).toHaveBeenCalledWith('Credenciais não configuradas');
  });
});

describe('concurrency', () => {
  /** A slow endpoint that records the order requests arrive in and how many overlap. */
  function gateProbe(status = (_n: string) => 200) {
    const seen = { arrived: [] as string[], inFlight: 0, maxInFlight: 0 };
    server.use(
      http.get(`${server.baseURL}/api/probe/:n`, async ({ params }) => {
        const n = String(params.n);
        seen.arrived.push(n);
        seen.inFlight += 1;
        seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
        await delay(25);
        seen.inFlight -= 1;
        return HttpResponse.json({ n }, { status: status(n) });
      }),
    );
    return seen;
  }

  it('concurrent calls reach the api together (no gate of any kind in the product)', async () => {
    const seen = gateProbe();

    await Promise.all(['1', '2', '3'].map((n) => apiClient.get(`/api/probe/${n}`)));

    expect(seen.maxInFlight).toBe(3);
  });
});
