import { delay, http, HttpResponse } from 'msw';
import { API_CONTRACT_VERSION, MESSAGES, REQUEST_TIMEOUT_MS } from '@crm-panel/crm-model';
import { removeCredentials } from '@api-client/resources/credentials';
import { revokeAuth } from '@api-client/resources/auth';
import { listContacts } from '@api-client/resources/contacts';
import { listTasks } from '@api-client/resources/tasks';
import { getDeal } from '@api-client/resources/deals';
import { setupTestServer } from '@api-client/testing';
import { apiClient } from './apiClient';
import { ApiRequestError, getErrorMessage, isRetryableError } from './errors';
import { buildUrl } from './http';
import { getPanelTabId } from './panelContext';

// The wire of the fetch client is the one axios 1.21 put on it: every expected string here was
// taken from axios itself (axios.getUri and the requests it sent to these same handlers) before
// it was replaced, so the api sees no difference.

const server = setupTestServer();

interface Seen {
  method: string;
  url: string;
  headers: [string, string][];
  body: string;
}

/** A catch-all probe under /api/probe/* that records exactly what arrived. */
function probe(): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.all(`${server.baseURL}/api/probe/:n`, async ({ request }) => {
      seen.push({
        method: request.method,
        url: request.url,
        headers: [...request.headers.entries()],
        body: await request.text(),
      });
      return HttpResponse.json({ ok: 1 });
    }),
  );
  return seen;
}

// Every call also names the wire contract it was written for (the api refuses a major it does
// not serve) and its browser tab (live updates skip the tab's own writes), in order.
const IDENTITY: [string, string][] = [
  ['x-panel-contract', API_CONTRACT_VERSION],
  ['x-panel-tab', getPanelTabId()],
  ['x-system-key', 'system-key-demo'],
  ['x-user-id', 'host-user-1'],
];

describe('query strings, as axios serialised them', () => {
  it.each([
    [
      '/api/rdstation/contacts',
      { limit: 200, page: 1, order: 'name', direction: 'asc', filter: 'name:~"Ana Souza"' },
      '/api/rdstation/contacts?limit=200&page=1&order=name&direction=asc&filter=name:~%22Ana+Souza%22',
    ],
    [
      '/api/rdstation/contacts',
      { filter: 'email:~"ana+1@x.com.br"' },
      '/api/rdstation/contacts?filter=email:~%22ana%2B1%40x.com.br%22',
    ],
    [
      '/api/rdstation/tasks',
      { filter: 'deal_id:"d-1" and status:"open"' },
      '/api/rdstation/tasks?filter=deal_id:%22d-1%22+and+status:%22open%22',
    ],
    [
      '/api/x',
      { filter: 'name:~"São Paulo, (ç) ~ $5 [a] #1 & b=c / ? \\\\ \\" ! * \'"' },
      "/api/x?filter=name:~%22S%C3%A3o+Paulo,+(%C3%A7)+~+$5+%5Ba%5D+%231+%26+b%3Dc+%2F+%3F+%5C%5C+%5C%22+!+*+'%22",
    ],
    [
      '/api/chat/c%201/messages',
      { channelId: 'ch 1/2' },
      '/api/chat/c%201/messages?channelId=ch+1%2F2',
    ],
    ['/api/x?a=1', { b: true, c: 0 }, '/api/x?a=1&b=true&c=0'],
    ['/api/x#frag', { b: 'y' }, '/api/x?b=y'],
    ['/api/x', { a: undefined, b: '' }, '/api/x?b='],
    ['/api/x', {}, '/api/x'],
  ])('%s + %j → %s', (url, params, expected) => {
    expect(buildUrl('', url, params)).toBe(expected);
  });

  it('joins the base URL and the path with one slash; an absolute URL is kept', () => {
    expect(buildUrl('http://127.0.0.1:3333', '/api/x')).toBe('http://127.0.0.1:3333/api/x');
    expect(buildUrl('http://127.0.0.1:3333/', 'api/x')).toBe('http://127.0.0.1:3333/api/x');
    expect(buildUrl('http://127.0.0.1:3333', 'http://other/api/x')).toBe('http://other/api/x');
  });

  it('a contact search and a task list go out with exactly those query strings', async () => {
    const urls: string[] = [];
    // Answers nothing, so the mock api behind it answers.
    server.use(http.all(`${server.baseURL}/*`, ({ request }) => void urls.push(request.url)));
    await listContacts({ search: 'Ana Souza' });
    await listTasks('deal-1', 'open');

    expect(urls).toEqual([
      `${server.baseURL}/api/rdstation/contacts?limit=200&page=1&order=name&direction=asc&filter=name:~%22Ana+Souza%22`,
      `${server.baseURL}/api/rdstation/tasks?limit=200&page=1&order=due_date&direction=desc&filter=deal_id:%22deal-1%22+and+status:%22open%22`,
    ]);
  });
});

describe('requests, as axios sent them', () => {
  it('every call names the wire contract it was written for, 1.x', async () => {
    const seen = probe();
    await apiClient.get('/api/probe/1');
    await apiClient.post('/api/probe/2', { x: 1 });
    await apiClient.delete('/api/probe/3');
    expect(seen.map(({ headers }) => new Map(headers).get('x-panel-contract'))).toEqual([
      '1.0.0',
      '1.0.0',
      '1.0.0',
    ]);
  });

  it('GET: Accept application/json, no content type, no body', async () => {
    const seen = probe();
    await apiClient.get('/api/probe/1', { params: { a: 1 } });
    expect(seen).toEqual([
      {
        method: 'GET',
        url: `${server.baseURL}/api/probe/1?a=1`,
        headers: [['accept', 'application/json'], ...IDENTITY],
        body: '',
      },
    ]);
  });

  it('POST / PUT / DELETE with a body: JSON and its content type; POST without one: neither', async () => {
    const seen = probe();
    await apiClient.post('/api/probe/2', { x: 1 });
    await apiClient.post('/api/probe/3');
    await apiClient.delete('/api/probe/4', { data: { y: 2 } });
    await apiClient.put('/api/probe/5', {});
    const json: [string, string][] = [
      ['accept', 'application/json'],
      ['content-type', 'application/json'],
      ...IDENTITY,
    ];
    expect(seen.map(({ method, headers, body }) => ({ method, headers, body }))).toEqual([
      { method: 'POST', headers: json, body: '{"x":1}' },
      { method: 'POST', headers: [['accept', 'application/json'], ...IDENTITY], body: '' },
      { method: 'DELETE', headers: json, body: '{"y":2}' },
      { method: 'PUT', headers: json, body: '{}' },
    ]);
  });

  it("the resources' bodies: DELETE credentials { securityPassword }, revoke {}", async () => {
    await removeCredentials('senha-1').catch(() => undefined);
    await revokeAuth().catch(() => undefined);
    expect(server.requests.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['DELETE', '/api/rdstation/credentials', { securityPassword: 'senha-1' }],
      ['POST', '/api/rdstation/auth/revoke', {}],
    ]);
  });
});

describe('answers', () => {
  it('parses JSON, keeps a text that is not JSON, and gives an empty body as ""', async () => {
    server.use(
      http.get(`${server.baseURL}/api/empty`, () => new HttpResponse('', { status: 200 })),
      http.get(`${server.baseURL}/api/text`, () => new HttpResponse('não é json', { status: 200 })),
      http.get(`${server.baseURL}/api/none`, () => new HttpResponse(null, { status: 204 })),
    );
    await expect(apiClient.get('/api/empty')).resolves.toMatchObject({ data: '', status: 200 });
    await expect(apiClient.get('/api/text')).resolves.toMatchObject({ data: 'não é json' });
    await expect(apiClient.get('/api/none')).resolves.toMatchObject({ data: '', status: 204 });
  });

  it('a 502 page from a proxy rejects with its status and text; the person sees the fallback', async () => {
    server.use(
      http.get(
        `${server.baseURL}/api/rdstation/deals/:id`,
        () => new HttpResponse('<html>Bad gateway</html>', { status: 502 }),
      ),
    );
    const error = await getDeal('deal-1').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      code: 'ERR_BAD_RESPONSE',
      message: 'Request failed with status code 502',
      response: { status: 502, data: '<html>Bad gateway</html>' },
    });
    expect(getErrorMessage(error, MESSAGES.deal.createError)).toBe(MESSAGES.deal.createError);
    expect(isRetryableError(error)).toBe(false);
  });

  it("responseType 'blob' keeps a file's bytes as sent (a CSV's BOM), and an error still reads as JSON", async () => {
    const csv = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Ação;Campo\n')]);
    server.use(
      http.get(
        `${server.baseURL}/api/file`,
        () => new HttpResponse(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
      ),
      http.get(`${server.baseURL}/api/refused-file`, () =>
        HttpResponse.json({ message: 'Recusado' }, { status: 403 }),
      ),
    );
    const { data } = await apiClient.get<Blob>('/api/file', { responseType: 'blob' });
    expect(data).toBeInstanceOf(Blob);
    expect(new Uint8Array(await data.arrayBuffer())).toEqual(csv);
    const error = await apiClient
      .get('/api/refused-file', { responseType: 'blob' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ response: { status: 403, data: { message: 'Recusado' } } });
  });

  it('a 4xx rejects with ERR_BAD_REQUEST and the api message', async () => {
    const error = await getDeal('nao-existe').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'ERR_BAD_REQUEST', response: { status: 404 } });
    expect(getErrorMessage(error, 'x')).toBe('Registro não encontrado no RD Station CRM.');
  });
});

describe('failures without an answer', () => {
  it('an unreachable api is ERR_NETWORK, which reads retry', async () => {
    server.use(http.get(`${server.baseURL}/api/rdstation/deals/:id`, () => HttpResponse.error()));
    const error = await getDeal('deal-1').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ code: 'ERR_NETWORK', message: 'Network Error' });
    expect((error as ApiRequestError).response).toBeUndefined();
    expect(isRetryableError(error)).toBe(true);
    expect(getErrorMessage(error, MESSAGES.deal.createError)).toBe(MESSAGES.deal.createError);
  });

  it('a cancelled read is ERR_CANCELED, before it was sent or while it waits, and is not retried', async () => {
    server.use(
      http.get(`${server.baseURL}/api/rdstation/deals/:id`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const before = new AbortController();
    before.abort();
    const early = await getDeal('deal-1', { signal: before.signal }).catch(
      (caught: unknown) => caught,
    );
    expect(early).toMatchObject({ code: 'ERR_CANCELED' });
    expect(server.requests).toEqual([]);

    const during = new AbortController();
    const pending = getDeal('deal-1', { signal: during.signal }).catch((caught: unknown) => caught);
    await delay(20);
    during.abort();
    const late = await pending;
    expect(late).toBeInstanceOf(ApiRequestError);
    expect(late).toMatchObject({ code: 'ERR_CANCELED' });
    expect(isRetryableError(late)).toBe(false);
  });

  describe('with fake timers', () => {
    beforeEach(() => {
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    });
    afterEach(() => jest.useRealTimers());

    it('gives up after REQUEST_TIMEOUT_MS (10 s) with ECONNABORTED, which is not retried', async () => {
      server.use(
        http.get(`${server.baseURL}/api/rdstation/deals/:id`, async () => {
          await delay('infinite');
          return HttpResponse.json({});
        }),
      );
      let outcome: unknown = 'pendente';
      const pending = getDeal('deal-1').then(
        () => (outcome = 'respondeu'),
        (caught: unknown) => (outcome = caught),
      );

      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(outcome).toBe('pendente');
      await jest.advanceTimersByTimeAsync(1);
      await pending;

      expect(outcome).toBeInstanceOf(ApiRequestError);
      expect(outcome).toMatchObject({
        code: 'ECONNABORTED',
        message: 'timeout of 10000ms exceeded',
      });
      expect(isRetryableError(outcome)).toBe(false);
    });

    it('an answer in time leaves no timer behind', async () => {
      await getDeal('deal-1');
      expect(jest.getTimerCount()).toBe(0);
    });
  });
});
