import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { type ChatMessage } from '@crm-panel/crm-model';
import {
  type Harness,
  type Identity,
  acceptTerms,
  call,
  configure,
  freshPeople,
  startHarness,
} from './support/harness';

const MESSAGES: ChatMessage[] = [
  {
    IdMessage: 'm1',
    text: 'Olá, gostaria de uma proposta',
    senderName: 'Mariana Costa',
    isSentByMe: false,
    dhMessage: '10/03/2025 09:15',
    unixTimeMessage: 1741608900,
  },
  {
    IdMessage: 'm2',
    text: 'Claro! Envio hoje.',
    senderName: 'Ana Paula Ferreira',
    isSentByMe: true,
    dhMessage: '10/03/2025 09:16',
    unixTimeMessage: 1741608960,
  },
];

interface HostRequest {
  url: string;
  systemKey: string | undefined;
}

let h: Harness;
let host: http.Server;
let hostOrigin: string;
let mode: 'ok' | 'error' | 'garbage' | 'slow' = 'ok';
const requests: HostRequest[] = [];
let alice: Identity;

beforeAll(async () => {
  host = http.createServer((request, response) => {
    requests.push({
      url: request.url ?? '',
      systemKey: request.headers['x-system-key'] as string | undefined,
    });
    if (mode === 'error') {
      response.writeHead(500).end('{"error":"boom"}');
      return;
    }
    if (mode === 'garbage') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>');
      return;
    }
    const send = () =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ messages: [...MESSAGES, { text: 'sem id' }] }));
    if (mode === 'slow') setTimeout(send, 300);
    else send();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  h = await startHarness({ api: { chatTimeoutMs: 150 } });
});
afterAll(async () => {
  await h.close();
  await new Promise((resolve) => host.close(resolve));
});
beforeEach(async () => {
  ({ alice } = freshPeople());
  await acceptTerms(h.api, alice);
  mode = 'ok';
  requests.length = 0;
});

describe('GET /api/chat/{id}/messages', () => {
  it('needs credentials (the chat domain is part of them)', async () => {
    const result = await call(h.api, 'GET', '/api/chat/chat-1/messages?channelId=canal-1', {
      as: alice,
    });
    expect(result.status).toBe(428);
    expect(requests).toHaveLength(0);
  });

  it('reads the host chat API at defaultChatDomain and answers { data: ChatMessage[] }', async () => {
    await configure(h.api, alice, { defaultChatDomain: hostOrigin });
    const result = await call(h.api, 'GET', '/api/chat/chat%231/messages?channelId=canal-9', {
      as: alice,
    });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ data: MESSAGES });
    expect(requests).toEqual([
      { url: '/api/chat/chat%231/messages?channelId=canal-9', systemKey: alice.systemKey },
    ]);
  });

  it('needs channelId', async () => {
    await configure(h.api, alice, { defaultChatDomain: hostOrigin });
    const result = await call(h.api, 'GET', '/api/chat/chat-1/messages', { as: alice });
    expect(result).toMatchObject({
      status: 400,
      json: { message: "O campo 'channelId' é obrigatório." },
    });
  });

  it.each(['error', 'garbage', 'slow'] as const)(
    'answers 502 in pt-BR when the host chat fails (%s)',
    async (failure) => {
      await configure(h.api, alice, { defaultChatDomain: hostOrigin });
      mode = failure;
      const result = await call(h.api, 'GET', '/api/chat/chat-1/messages?channelId=c', {
        as: alice,
      });
      expect(result).toMatchObject({
        status: 502,
        json: {
          message:
            'Não foi possível carregar as mensagens do chat. Verifique se o domínio do chat está configurado corretamente.',
        },
      });
    },
  );

  it('answers 502 when the chat domain cannot be reached', async () => {
    await configure(h.api, alice, { defaultChatDomain: 'http://127.0.0.1:1' });
    const result = await call(h.api, 'GET', '/api/chat/chat-1/messages?channelId=c', { as: alice });
    expect(result.status).toBe(502);
  });
});
