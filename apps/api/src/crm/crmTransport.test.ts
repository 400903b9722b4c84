import http from 'node:http';
import { type AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { OutboundError, timedJson } from '@api/http';
import { clearsItsTimer } from '@api/testing/timers';
import { bufferedAnswer, createCrmTransport, type CrmTransport } from './crmTransport';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  socket: number;
}

/** A local server that records what reached it and answers with `answer`. */
async function startServer(answer: (request: Seen, response: http.ServerResponse) => void) {
  const seen: Seen[] = [];
  const sockets = new Map<unknown, number>();
  const server = http.createServer((request, response) => {
    if (!sockets.has(request.socket)) sockets.set(request.socket, sockets.size + 1);
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
        socket: sockets.get(request.socket) ?? 0,
      };
      seen.push(entry);
      answer(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls the event loop (no clock) until `test` holds. */
async function waitUntil(test: () => boolean): Promise<void> {
  while (!test()) await new Promise((resolve) => setImmediate(resolve));
}

let transport: CrmTransport;
beforeEach(() => {
  transport = createCrmTransport();
});
afterEach(() => transport.close());

describe('crmTransport', () => {
  it('sends the method, headers and body as given, and answers status, headers and JSON', async () => {
    const server = await startServer((_request, response) => {
      response.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'r1' });
      response.end('{"data":{"id":"d1","name":"Implantação"}}');
    });
    try {
      const response = await transport.fetch(`${server.url}/crm/v2/deals?filter=a%20b`, {
        method: 'POST',
        headers: { authorization: 'Bearer t0k', 'content-type': 'application/json' },
        body: '{"data":{"name":"Implantação"}}',
      });
      expect(response.status).toBe(201);
      expect(response.ok).toBe(true);
      expect(response.headers.get('x-request-id')).toBe('r1');
      expect(await response.json()).toEqual({ data: { id: 'd1', name: 'Implantação' } });
      expect(server.seen).toEqual([
        expect.objectContaining({
          method: 'POST',
          url: '/crm/v2/deals?filter=a%20b',
          body: '{"data":{"name":"Implantação"}}',
          headers: expect.objectContaining({
            authorization: 'Bearer t0k',
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength('{"data":{"name":"Implantação"}}')),
            'accept-encoding': 'gzip, deflate, br',
          }),
        }),
      ]);
    } finally {
      await server.close();
    }
  });

  it('answers a body that reads once, as fetch does: text, JSON, bytes, stream and clones', async () => {
    const json = '{"data":{"id":"d1","name":"Implantação"}}';
    const server = await startServer((_request, response) => response.end(json));
    try {
      const response = await transport.fetch(`${server.url}/crm/v2/deals/d1`);
      expect(response.bodyUsed).toBe(false);
      const copy = response.clone();
      expect(await response.text()).toBe(json);
      expect(response.bodyUsed).toBe(true);
      await expect(response.text()).rejects.toThrow(TypeError);
      await expect(response.json()).rejects.toThrow(TypeError);
      expect(() => response.clone()).toThrow(TypeError);
      expect(await copy.json()).toEqual({ data: { id: 'd1', name: 'Implantação' } });

      const again = await transport.fetch(`${server.url}/crm/v2/deals/d1`);
      expect(Buffer.from(await again.clone().arrayBuffer()).toString('utf8')).toBe(json);
      expect(await new Response(again.body).text()).toBe(json);
      expect(again.bodyUsed).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('bufferedAnswer: status, headers and an empty body as a platform Response has them', async () => {
    const answer = bufferedAnswer(Buffer.from('{"errors":[]}'), {
      status: 404,
      statusText: 'Not Found',
      rawHeaders: ['X-A', '1', 'x-b', '2', 'x-b', '3'],
    });
    const platform = new Response('{"errors":[]}', {
      status: 404,
      statusText: 'Not Found',
      headers: [
        ['X-A', '1'],
        ['x-b', '2'],
        ['x-b', '3'],
      ],
    });
    expect([answer.status, answer.ok, answer.statusText, answer.headers.get('x-a')]).toEqual([
      platform.status,
      platform.ok,
      platform.statusText,
      platform.headers.get('x-a'),
    ]);
    // Every header as read, repeated ones joined, as a Headers made of them has it.
    expect([...answer.headers]).toEqual([
      ['x-a', '1'],
      ['x-b', '2, 3'],
    ]);
    expect(answer.headers).toBe(answer.headers);
    expect([answer.type, answer.url, answer.redirected, answer.bodyUsed]).toEqual([
      platform.type,
      platform.url,
      platform.redirected,
      platform.bodyUsed,
    ]);
    expect(await answer.text()).toBe(await platform.text());
    const empty = bufferedAnswer(null, { status: 204 });
    expect(empty.body).toBeNull();
    expect(await empty.text()).toBe('');
  });

  it('bufferedAnswer: ok is 200–299, as a platform Response says', () => {
    for (const status of [200, 204, 299, 300, 404, 599])
      expect(bufferedAnswer(null, { status }).ok).toBe(new Response(null, { status }).ok);
  });

  it('answers a status a platform Response refuses (600) as one more failure, not a crash', async () => {
    const server = await startServer((_request, response) => response.writeHead(600).end('{}'));
    try {
      const answer = await transport.fetch(`${server.url}/crm/v2/deals/d1`);
      expect([answer.status, answer.ok, await answer.text()]).toEqual([600, false, '{}']);
    } finally {
      await server.close();
    }
  });

  it('keeps the connection: calls one after another reuse kept-alive sockets, never one each', async () => {
    const server = await startServer((_request, response) => response.end('{}'));
    try {
      // Chained in one turn of the event loop: undici frees a socket for the next call on the turn
      // after an answer, so such calls may take a second socket in turn, never a new one each.
      for (let index = 0; index < 4; index += 1)
        await (await transport.fetch(`${server.url}/crm/v2/pipelines`)).text();
      // One call per turn, as the api makes them (one per request it serves): one socket.
      for (let index = 0; index < 3; index += 1) {
        await (await transport.fetch(`${server.url}/crm/v2/pipelines`)).text();
        await new Promise((resolve) => setImmediate(resolve));
      }
      const sockets = server.seen.map((request) => request.socket);
      expect(new Set(sockets).size).toBeLessThanOrEqual(2);
      expect(new Set(sockets.slice(-2)).size).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('decompresses gzip and br answers, as fetch does', async () => {
    const json = JSON.stringify({ data: [{ id: 'p1', name: 'Funil de vendas' }] });
    const server = await startServer((request, response) => {
      const br = request.url.endsWith('br');
      response.writeHead(200, { 'content-encoding': br ? 'br' : 'gzip' });
      response.end(br ? zlib.brotliCompressSync(json) : zlib.gzipSync(json));
    });
    try {
      expect(await (await transport.fetch(`${server.url}/gzip`)).text()).toBe(json);
      expect(await (await transport.fetch(`${server.url}/br`)).text()).toBe(json);
    } finally {
      await server.close();
    }
  });

  it('answers a 204 with no body, and a redirect as it is (never followed)', async () => {
    const server = await startServer((request, response) => {
      if (request.url === '/gone') response.writeHead(204).end();
      else response.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' }).end('moved');
    });
    try {
      const empty = await transport.fetch(`${server.url}/gone`, { method: 'DELETE' });
      expect(empty.status).toBe(204);
      expect(empty.body).toBeNull();
      const moved = await transport.fetch(`${server.url}/deals/1`);
      expect(moved.status).toBe(302);
      expect(moved.headers.get('location')).toBe('http://127.0.0.1:9/elsewhere');
      expect(server.seen.map((request) => request.url)).toEqual(['/gone', '/deals/1']);
    } finally {
      await server.close();
    }
  });

  it('ends a call when its signal aborts, rejecting with the reason of the signal, as fetch does', async () => {
    const server = await startServer(() => {
      // Never answers.
    });
    try {
      const controller = new AbortController();
      const pending = transport.fetch(`${server.url}/slow`, { signal: controller.signal });
      await waitUntil(() => server.seen.length === 1);
      const reason = new DOMException('prazo', 'TimeoutError');
      controller.abort(reason);
      await expect(pending).rejects.toBe(reason);
      // An already aborted signal sends nothing.
      await expect(
        transport.fetch(`${server.url}/never`, { signal: controller.signal }),
      ).rejects.toBe(reason);
      expect(server.seen.map((request) => request.url)).toEqual(['/slow']);
    } finally {
      await server.close();
    }
  });

  it('timedJson: the answer and its JSON, and no timer left once answered', async () => {
    const server = await startServer((_request, response) =>
      response.writeHead(429, { 'retry-after': '7' }).end('{"errors":[{"code":"RATE"}]}'),
    );
    try {
      const cleared = await clearsItsTimer(60_000, async () => {
        const { response, body } = await transport.timedJson(
          `${server.url}/crm/v2/deals/d1`,
          { headers: { authorization: 'Bearer t0k' } },
          60_000,
        );
        expect([response.status, response.ok, response.headers.get('retry-after')]).toEqual([
          429,
          false,
          '7',
        ]);
        expect(body).toEqual({ errors: [{ code: 'RATE' }] });
      });
      expect(cleared).toBe(true);
      expect(server.seen).toEqual([
        expect.objectContaining({
          method: 'GET',
          url: '/crm/v2/deals/d1',
          headers: expect.objectContaining({ authorization: 'Bearer t0k' }),
        }),
      ]);
    } finally {
      await server.close();
    }
  });

  it('timedJson: past its deadline, the call ends as a timeout, before or during the answer', async () => {
    const server = await startServer((request, response) => {
      if (request.url === '/silent') return;
      // Headers, then a gzip body that never ends.
      response.writeHead(200, { 'content-encoding': 'gzip' });
      response.write(zlib.gzipSync('{"data":[').subarray(0, 12));
    });
    try {
      for (const path of ['/silent', '/stalled']) {
        const error = await transport
          .timedJson(`${server.url}${path}`, {}, 100)
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(OutboundError);
        expect((error as OutboundError).timedOut).toBe(true);
      }
      expect(server.seen.map((request) => request.url)).toEqual(['/silent', '/stalled']);
    } finally {
      await server.close();
    }
  });

  it('rejects when nothing listens (a network failure, not a deadline)', async () => {
    const server = await startServer(() => undefined);
    const { url } = server;
    await server.close();
    for (const call of [
      () => timedJson(transport.fetch, `${url}/deals`, {}, 5_000),
      () => transport.timedJson(`${url}/deals`, {}, 5_000),
    ]) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OutboundError);
      expect((error as OutboundError).timedOut).toBe(false);
    }
  });

  it('refuses what it does not speak: other schemes and non-text bodies', async () => {
    await expect(transport.fetch('ftp://127.0.0.1/x')).rejects.toThrow(
      'crmTransport: protocolo não suportado (ftp:).',
    );
    await expect(
      transport.fetch('http://127.0.0.1:9/x', { method: 'POST', body: new Uint8Array([1]) }),
    ).rejects.toThrow('crmTransport: só corpos de texto (JSON).');
  });
});
