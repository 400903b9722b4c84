import http from 'node:http';

export interface FuzzChatHost {
  /** e.g. http://127.0.0.1:53121 (the tenant's defaultChatDomain). */
  url: string;
  close(): Promise<void>;
}

/**
 * The host's chat API as the api reads it (GET /api/chat/{id}/messages → { messages }), on
 * loopback: the fuzzed chat route must reach a healthy chat, never the internet.
 */
export async function startFuzzChatHost(): Promise<FuzzChatHost> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (request.method !== 'GET' || !/^\/api\/chat\/[^/]+\/messages$/.test(path)) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"nada"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        messages: [
          {
            IdMessage: 'm1',
            text: 'Olá, tudo bem?',
            senderName: 'Cliente',
            isSentByMe: false,
            dhMessage: '2024-09-17T12:00:00Z',
            unixTimeMessage: 1726574400,
          },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
