import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { clearsItsTimer } from '@api/testing/timers';
import { OutboundError, recordOf, timedJson } from './http';

/** A local server answering each request with `answer`; its URL and how to close it. */
async function startServer(answer: (response: http.ServerResponse) => void) {
  const server = http.createServer((_request, response) => answer(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('timedJson', () => {
  it('answers the response and its JSON body, and leaves no timer behind', async () => {
    const server = await startServer((response) =>
      response.writeHead(201, { 'x-a': '1' }).end('{"data":{"id":"d1"}}'),
    );
    try {
      const cleared = await clearsItsTimer(60_000, async () => {
        const { response, body } = await timedJson(fetch, `${server.url}/deals`, {}, 60_000);
        expect([response.status, response.headers.get('x-a')]).toEqual([201, '1']);
        expect(body).toEqual({ data: { id: 'd1' } });
      });
      expect(cleared).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('reads an empty or non-JSON body as null', async () => {
    const server = await startServer((response) => response.end('<html>'));
    try {
      expect((await timedJson(fetch, server.url, {}, 5_000)).body).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('times out a call whose body never ends: the deadline covers the reading too', async () => {
    // Headers at once, then a body that never ends.
    const server = await startServer((response) => response.writeHead(200).write('{"data":'));
    try {
      const error = await timedJson(fetch, server.url, {}, 100).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OutboundError);
      expect((error as OutboundError).timedOut).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('tells a network failure from a deadline', async () => {
    const server = await startServer(() => undefined);
    await server.close();
    const error = await timedJson(fetch, server.url, {}, 5_000).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as OutboundError).timedOut).toBe(false);
  });
});

describe('recordOf', () => {
  it('is the record of a CRM v2 single-record answer, and null for any other body', () => {
    expect(recordOf({ data: { id: 'c1', organization_id: 'o1' } })).toEqual({
      id: 'c1',
      organization_id: 'o1',
    });
    for (const body of [null, undefined, 'texto', [], { data: null }, { data: [] }, {}])
      expect(recordOf(body)).toBeNull();
  });
});
