// Outbound addresses the tenant configures cannot reach inside the
// network, and input is taken strictly (no coercion, no control characters, pt-BR at the HTTP
// layer too), on SQLite and on PostgreSQL.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startApi } from '@api/app';
import { API_MESSAGES } from '@api/messages';
import {
  ACCOUNT1,
  type Harness,
  TEST_SECRET_KEY,
  acceptTerms,
  call,
  configure,
  credentialsFor,
  freshPeople,
  login,
  sessionHeaders,
  startHarness,
  testTenants,
} from './support/harness';
import { type StoreKind, sandboxAndStoresPerFile } from './support/stores';

type Kind = StoreKind;

const stores = sandboxAndStoresPerFile();
const tmpDirs: string[] = [];
afterAll(() => {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('outbound addresses (defaultChatDomain)', () => {
  // Names resolve from this table; fetch is stubbed, so nothing leaves this machine.
  const DNS: Record<string, string[]> = {
    'chat.example.com': ['93.184.215.14'],
    'internal.example.com': ['10.0.0.5'],
    'metadata.example.com': ['169.254.169.254'],
    'mixed.example.com': ['93.184.215.15', '192.168.1.1'],
    'v6.example.com': ['fd00:ec2::254'],
  };
  const outbound: string[] = [];
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({
      sharedSandbox: stores.sandbox(),
      api: {
        mode: 'production',
        lookupHost: async (hostname) => {
          const addresses = DNS[hostname];
          if (!addresses) throw new Error('ENOTFOUND');
          return addresses;
        },
        // The chat host answers with a redirect into the network: it must not be followed.
        fetch: async (input, init) => {
          const url = String(input instanceof Request ? input.url : input);
          outbound.push(url);
          if (url.startsWith('https://chat.example.com/'))
            return new Response(null, {
              status: 302,
              headers: { location: 'http://127.0.0.1:9/api/chat/x/messages' },
            });
          return fetch(input, init);
        },
      },
    });
  });
  afterAll(async () => {
    await h.close();
  });

  it.each([
    ['http://127.0.0.1:4300', API_MESSAGES.chatDomainScheme],
    ['http://chat.example.com', API_MESSAGES.chatDomainScheme],
    ['https://[::1]', API_MESSAGES.chatDomainInternal],
    ['https://127.0.0.1', API_MESSAGES.chatDomainInternal],
    ['https://internal.example.com', API_MESSAGES.chatDomainInternal],
    ['https://metadata.example.com', API_MESSAGES.chatDomainInternal],
    ['https://mixed.example.com', API_MESSAGES.chatDomainInternal],
    ['https://v6.example.com', API_MESSAGES.chatDomainInternal],
    ['https://nowhere.example.com', API_MESSAGES.chatDomainInternal],
    ['file:///etc/passwd', API_MESSAGES.chatDomainInvalid],
    ['gopher://chat.example.com', API_MESSAGES.chatDomainInvalid],
  ])('refuses %s in production', async (domain, message) => {
    const { alice } = freshPeople();
    await acceptTerms(h.api, alice);
    const result = await call(h.api, 'POST', '/api/rdstation/credentials', {
      as: alice,
      body: { ...credentialsFor(), defaultChatDomain: domain },
    });
    expect(result).toMatchObject({ status: 400, json: { message } });
  });

  it('accepts a public https domain, and never follows its redirect into the network', async () => {
    const { alice } = freshPeople();
    await configure(h.api, alice, { defaultChatDomain: 'chat.example.com' });
    const result = await call(h.api, 'GET', '/api/chat/chat-1/messages?channelId=c1', {
      as: alice,
    });
    expect(result).toMatchObject({
      status: 502,
      json: { message: API_MESSAGES.chatDomainInvalid },
    });
    expect(outbound.filter((url) => url.includes('chat'))).toEqual([
      'https://chat.example.com/api/chat/chat-1/messages?channelId=c1',
    ]);
    expect(outbound.some((url) => url.startsWith('http://127.0.0.1:9'))).toBe(false);
  });

  it('allows http only for loopback, and only in development mode', async () => {
    const dev = await startHarness({
      sharedSandbox: stores.sandbox(),
      api: { mode: 'development' },
    });
    try {
      const { alice, beatriz } = freshPeople();
      await configure(dev.api, alice, { defaultChatDomain: 'http://127.0.0.1:4300' });
      await acceptTerms(dev.api, beatriz);
      const remote = await call(dev.api, 'POST', '/api/rdstation/credentials', {
        as: beatriz,
        body: { ...credentialsFor(), defaultChatDomain: 'http://chat.example.com' },
      });
      expect(remote).toMatchObject({
        status: 400,
        json: { message: API_MESSAGES.chatDomainScheme },
      });
    } finally {
      await dev.close();
    }
  });
});

describe.each<Kind>(['sqlite', 'postgres'])('strict input on %s', (kind) => {
  const h = stores.harnessOn(kind);
  const crmWrites = () => h.calls.filter((c) => c.method !== 'GET' && c.url.includes('/crm/v2/'));

  it('never coerces a body: a number where text is expected is refused, not stored', async () => {
    const { alice } = freshPeople();
    await configure(h.api, alice);
    await login(h, alice);
    const before = crmWrites().length;
    const note = await call(
      h.api,
      'POST',
      `/api/rdstation/deals/${ACCOUNT1.deals.treinamento.id}/notes`,
      { as: alice, body: { description: 12345 } },
    );
    expect(note).toMatchObject({
      status: 400,
      json: { message: "O campo 'description' deve ser um texto." },
    });
    const mapping = await call(h.api, 'POST', '/api/rdstation/contact-mapping', {
      as: alice,
      body: { contactId: 42, rdstationContactId: ACCOUNT1.contact.id },
    });
    expect(mapping.status).toBe(400);
    expect(crmWrites()).toHaveLength(before);
  });

  it('refuses NUL and control characters before any store or CRM call, with-mapping included', async () => {
    const { alice } = freshPeople();
    await configure(h.api, alice);
    await login(h, alice);
    const before = crmWrites().length;
    const withMapping = await call(h.api, 'POST', '/api/rdstation/contacts/with-mapping', {
      as: alice,
      body: { contact: { name: 'Lucas Almeida' }, contactId: 'chat\u0000lucas' },
    });
    expect(withMapping).toMatchObject({
      status: 400,
      json: {
        message: "O campo 'contactId' contém caracteres de controle, que não são permitidos.",
      },
    });
    const mapped = await call(h.api, 'GET', '/api/rdstation/contact-mapping/chat%00lucas', {
      as: alice,
    });
    expect(mapped.status).toBe(400);
    const name = await call(h.api, 'POST', '/api/rdstation/contacts', {
      as: alice,
      body: { name: 'Lucas\u0007Almeida' },
    });
    expect(name).toMatchObject({ status: 400, json: { message: /^O campo 'name' contém/ } });
    expect(crmWrites()).toHaveLength(before);
    expect(await h.countRows('contact_mappings')).toBe(0);
    // Line breaks and tabs are text, and stay allowed in bodies.
    const note = await call(
      h.api,
      'POST',
      `/api/rdstation/deals/${ACCOUNT1.deals.treinamento.id}/notes`,
      { as: alice, body: { description: 'linha 1\nlinha 2\tfim', user_id: ACCOUNT1.users.ana.id } },
    );
    expect(note.status).toBe(201);
  });
});

describe('the HTTP layer answers in pt-BR too', () => {
  it('answers a control character in a header with 400 and a header block over 16 KB with 431, as JSON', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-api-http-'));
    tmpDirs.push(dataDir);
    const api = await startApi({
      port: 0,
      dataDir,
      secretKey: TEST_SECRET_KEY,
      logger: false,
      identity: { tenants: testTenants },
    });
    try {
      const { port } = new URL(api.url);
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = net.connect(Number(port), '127.0.0.1');
          let answer = '';
          socket.on('data', (chunk) => {
            answer += chunk.toString('utf8');
          });
          socket.on('end', () => resolve(answer));
          socket.on('error', reject);
          socket.write(request);
        });
      const control = await raw(
        'GET /api/rdstation/terms/status HTTP/1.1\r\nHost: x\r\nx-user-id: a\u0001b\r\nx-system-key: tenant-a\r\n\r\n',
      );
      expect(control).toMatch(/^HTTP\/1.1 400 /);
      expect(control).toContain('application/json');
      expect(control).toContain(JSON.stringify({ message: API_MESSAGES.badRequest }));
      const huge = await raw(
        `GET /api/health HTTP/1.1\r\nHost: x\r\nx-filler: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(huge).toMatch(/^HTTP\/1.1 431 /);
      expect(huge).toContain(JSON.stringify({ message: API_MESSAGES.headersTooLarge }));
    } finally {
      await api.close();
    }
  });

  it('keeps the session headers consistent: a token with the headers of another tenant is refused', async () => {
    const h = await startHarness({ sharedSandbox: stores.sandbox() });
    try {
      const { alice, beatriz } = freshPeople();
      const headers = await sessionHeaders(h.api, alice);
      const crossed = await call(h.api, 'GET', '/api/rdstation/terms/status', {
        as: null,
        headers: { ...headers, 'x-system-key': beatriz.systemKey, 'x-user-id': beatriz.userId },
      });
      expect(crossed).toMatchObject({ status: 401, json: { code: 'session_mismatch' } });
    } finally {
      await h.close();
    }
  });
});
