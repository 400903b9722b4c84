import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { type CrmClient, type CrmRequest, CrmRefusal } from '@api/crm/crmClient';
import { createPageSizes } from '@api/crm/pageSizes';
import { type ProbeVerdicts } from '@api/crm/filterProbes';
import { type Database, migrateToLatest, openDatabase } from '@api/db/database';
import { createWebhookReceiversRepository } from '@api/db/repositories/webhookReceiversRepository';
import { sessionEnded } from '@api/errors';
import { createSecretBox } from '@api/security/crypto';
import {
  CHECK_LEASE_MS,
  CRM_WEBHOOK_EVENTS,
  createCrmWebhooks,
  liveUpdatesInfo,
  publicUrlProblem,
} from './crmWebhooks';

const identity = { systemKey: 'tenant-a', userId: 'user:ana' };

let dir: string;
let databases: Database[] = [];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-webhooks-'));
});
afterEach(async () => {
  for (const database of databases) await database.close();
  databases = [];
  fs.rmSync(dir, { recursive: true, force: true });
});

/** An api process's webhooks: its own connection to the one store of the test, its own clock. */
async function processOn(
  crm: CrmClient,
  clock: { now: number },
  options: { production?: boolean; publicUrl?: string; enabled?: boolean } = {},
) {
  const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'store.sqlite') });
  databases.push(database);
  await migrateToLatest(database);
  const now = () => clock.now;
  const receivers = createWebhookReceiversRepository({
    database,
    box: createSecretBox(Buffer.alloc(32, 7)),
    now,
  });
  const verdicts = new Map<string, boolean>();
  const probes: ProbeVerdicts = {
    get: async (systemKey, capability) => verdicts.get(`${systemKey} ${capability}`) ?? null,
    set: async (systemKey, capability, supported) => {
      verdicts.set(`${systemKey} ${capability}`, supported);
    },
  };
  const webhooks = createCrmWebhooks({
    crm,
    receivers,
    latestSignIn: async () => identity,
    pageSizes: createPageSizes(probes, 100),
    log: Fastify({ logger: false }).log,
    publicUrl: options.publicUrl ?? 'https://painel.example.com',
    production: options.production ?? true,
    enabled: options.enabled ?? true,
    now,
    recheckMs: 60_000,
  });
  return { webhooks, receivers };
}

async function world(
  options: { production?: boolean; publicUrl?: string; enabled?: boolean } = {},
) {
  const sent: string[] = [];
  let hooks: Record<string, unknown>[] = [];
  let refuse: ((request: CrmRequest) => Error | null) | null = null;
  let nextId = 0;
  let cutTo = 0;
  // A CRM that keeps what it is asked to keep and answers a moment later (so two processes'
  // checks interleave as they would over the network).
  const crm: CrmClient = {
    async accessToken() {
      return 'token';
    },
    async request(_identity, request) {
      sent.push(`${request.method} ${request.path}`);
      await new Promise((resolve) => setImmediate(resolve));
      const error = refuse?.(request);
      if (error) throw error;
      if (request.method === 'GET' && cutTo > 0) {
        // Pages of `cutTo` whatever `page[size]` asked, as RD's links say (`last`), no error.
        const number = Number(request.query?.get('page[number]') ?? 1);
        const link = (n: number) => `https://crm.example/webhooks?page[number]=${n}`;
        return {
          data: hooks.slice((number - 1) * cutTo, number * cutTo),
          links: { next: link(number + 1), last: link(Math.ceil(hooks.length / cutTo)) },
        };
      }
      if (request.method === 'GET') return { data: hooks };
      if (request.method === 'POST') {
        const { data } = request.body as { data: Record<string, unknown> };
        hooks = [...hooks, { ...data, id: `novo${(nextId += 1)}`, status: 'active' }];
      }
      if (request.method === 'DELETE')
        hooks = hooks.filter((hook) => request.path !== `/webhooks/${String(hook.id)}`);
      return { data: {} };
    },
    readAhead() {},
    forgetReadAheads() {},
    forgetRecords() {},
  };
  const clock = { now: 1_700_000_000_000 };
  const first = await processOn(crm, clock, options);
  const publicUrl = options.publicUrl ?? 'https://painel.example.com';
  const url = `${publicUrl}/api/webhooks/rdstation/${await first.receivers.tokenFor('tenant-a')}`;
  return {
    ...first,
    clock,
    sent,
    url,
    /** Another api process on the same store and CRM. */
    another: () => processOn(crm, clock, options),
    hooks: () => hooks,
    setHooks(next: Record<string, unknown>[]) {
      hooks = next;
    },
    refuseWhen(rule: (request: CrmRequest) => Error | null) {
      refuse = rule;
    },
    /** The CRM answers every list page with at most `size` webhooks, and no error. */
    cutPagesTo(size: number) {
      cutTo = size;
    },
  };
}

const posts = (sent: string[]) => sent.filter((line) => line === 'POST /webhooks').length;

describe('two api processes on one store', () => {
  it('sweeping at once, they create each webhook once, and list them once', async () => {
    const w = await world();
    const other = await w.another();
    await Promise.all([
      w.webhooks.keepAll({ unlessCheckedSince: w.clock.now }),
      other.webhooks.keepAll({ unlessCheckedSince: w.clock.now }),
    ]);
    expect(posts(w.sent)).toBe(CRM_WEBHOOK_EVENTS.length);
    expect(w.hooks().map((hook) => hook.event_name)).toEqual([...CRM_WEBHOOK_EVENTS]);
    expect(w.sent.filter((line) => line === 'GET /webhooks')).toHaveLength(1);
  });

  it('signing in at both at once creates each webhook once', async () => {
    const w = await world();
    const other = await w.another();
    const created = await Promise.all([
      w.webhooks.register(identity),
      other.webhooks.register(identity),
    ]);
    expect(created.flat().sort()).toEqual([...CRM_WEBHOOK_EVENTS].sort());
    expect(posts(w.sent)).toBe(CRM_WEBHOOK_EVENTS.length);
  });

  it('say the same about live updates, whichever of them checked', async () => {
    const w = await world();
    const other = await w.another();
    expect(await other.webhooks.status('tenant-a')).toEqual({
      on: true,
      reason: null,
      checkedAt: null,
    });
    w.refuseWhen((request) => (request.method === 'POST' ? refusal() : null));
    await expect(w.webhooks.register(identity)).rejects.toBeInstanceOf(CrmRefusal);
    expect(await other.webhooks.status('tenant-a')).toEqual({
      on: false,
      reason: 'refused',
      checkedAt: w.clock.now,
    });
    w.refuseWhen(() => null);
    w.clock.now += 5_000;
    // A refusal is no reason to wait: the next sign-in, at the other process, checks again.
    expect(await other.webhooks.register(identity)).toEqual([...CRM_WEBHOOK_EVENTS]);
    expect(await w.webhooks.status('tenant-a')).toEqual({
      on: true,
      reason: null,
      checkedAt: w.clock.now,
    });
    // Found on: neither checks again at a sign-in within the recheck time.
    const lists = w.sent.filter((line) => line === 'GET /webhooks').length;
    await w.webhooks.register(identity);
    expect(w.sent.filter((line) => line === 'GET /webhooks')).toHaveLength(lists);
  });

  it('a process that stopped in the middle of a check holds the others off until its lease ends', async () => {
    const w = await world();
    expect(await w.receivers.claimCheck('tenant-a', 'parou', w.clock.now + CHECK_LEASE_MS)).toBe(
      true,
    );
    expect(await w.webhooks.register(identity)).toEqual([]);
    await w.webhooks.keepAll({ unlessCheckedSince: w.clock.now });
    expect(w.sent).toEqual([]);
    w.clock.now += CHECK_LEASE_MS;
    expect(await w.webhooks.register(identity)).toEqual([...CRM_WEBHOOK_EVENTS]);
    // Given back once done: the next check need not wait.
    expect(await w.receivers.claimCheck('tenant-a', 'outro', w.clock.now + 1)).toBe(true);
  });
});

const refusal = () => new CrmRefusal(422, 'O RD Station CRM recusou os dados enviados.', []);

describe('webhooks that stay on', () => {
  it('takes upper-case event names of the list as registered, and makes suspended ones again', async () => {
    const w = await world();
    w.setHooks(
      CRM_WEBHOOK_EVENTS.map((event, index) => ({
        id: `h${index}`,
        event_name: event.toUpperCase(),
        url: w.url,
        status: index === 0 ? 'suspended' : 'active',
      })),
    );
    expect(await w.webhooks.register(identity)).toEqual([CRM_WEBHOOK_EVENTS[0]]);
    expect(w.sent).toEqual(['GET /webhooks', 'DELETE /webhooks/h0', 'POST /webhooks']);
    expect(await w.webhooks.status('tenant-a')).toMatchObject({ on: true, reason: null });
  });

  it('says registration refused, with what to do, when the CRM refuses the creation', async () => {
    const w = await world();
    w.refuseWhen((request) => (request.method === 'POST' ? refusal() : null));
    await expect(w.webhooks.register(identity)).rejects.toBeInstanceOf(CrmRefusal);
    expect(liveUpdatesInfo(await w.webhooks.status('tenant-a'))).toEqual({
      on: false,
      reason: 'refused',
      message:
        'Atualizações ao vivo do RD Station CRM: desligadas. O RD Station CRM recusou o cadastro dos avisos (webhooks).',
      action:
        'Confira se o usuário que fez login pode gerenciar webhooks na conta do RD Station CRM e faça login novamente.',
    });
  });

  it('says suspended when RD suspended them and making them again fails', async () => {
    const w = await world();
    w.setHooks([{ id: 'h0', event_name: 'crm_deal_updated', url: w.url, status: 'suspended' }]);
    w.refuseWhen((request) => (request.method === 'POST' ? refusal() : null));
    await w.webhooks.keepAll({ unlessCheckedSince: w.clock.now });
    expect((await w.webhooks.status('tenant-a')).reason).toBe('suspended');
  });

  it('says a sign-in is needed when the CRM no longer takes the token', async () => {
    const w = await world();
    w.refuseWhen(() => sessionEnded());
    await w.webhooks.keepAll({ unlessCheckedSince: w.clock.now });
    expect((await w.webhooks.status('tenant-a')).reason).toBe('sign_in_needed');
  });

  it('the schedule checks again within the sign-in’s recheck time, unless checked since its moment', async () => {
    const w = await world();
    await w.webhooks.register(identity);
    w.clock.now += 1_000;
    await w.webhooks.register(identity);
    expect(w.sent.filter((line) => line === 'GET /webhooks')).toHaveLength(1);
    await w.webhooks.keepAll({ unlessCheckedSince: w.clock.now - 1_000 });
    expect(w.sent.filter((line) => line === 'GET /webhooks')).toHaveLength(1);
    await w.webhooks.keepAll({ unlessCheckedSince: w.clock.now - 999 });
    expect(w.sent.filter((line) => line === 'GET /webhooks')).toHaveLength(2);
  });

  it('keeps one active webhook per event: a second one of an event is deleted', async () => {
    const w = await world();
    w.setHooks([
      ...CRM_WEBHOOK_EVENTS.map((event, index) => ({
        id: `h${index}`,
        event_name: event,
        url: w.url,
        status: 'active',
      })),
      { id: 'repetido', event_name: 'crm_deal_updated', url: w.url, status: 'active' },
    ]);
    expect(await w.webhooks.register(identity)).toEqual([]);
    expect(w.sent).toEqual(['GET /webhooks', 'DELETE /webhooks/repetido']);
    expect(w.hooks().map((hook) => hook.id)).toEqual(CRM_WEBHOOK_EVENTS.map((_, i) => `h${i}`));
  });

  it('registers nothing, and says why, when API_PUBLIC_URL is no public https address', async () => {
    const w = await world({ publicUrl: 'http://painel.example.com' });
    expect(await w.webhooks.register(identity)).toEqual([]);
    await w.webhooks.keepAll({ unlessCheckedSince: w.clock.now });
    expect(w.sent).toEqual([]);
    expect(w.webhooks.serverProblem()).toBe('public_url');
    expect(liveUpdatesInfo(await w.webhooks.status('tenant-a'))).toMatchObject({
      on: false,
      reason: 'public_url',
      action:
        'Peça ao responsável pelo servidor para configurar API_PUBLIC_URL com o endereço https público do painel e reiniciá-lo.',
    });
    expect((await world({ enabled: false })).webhooks.serverProblem()).toBe('disabled');
  });

  it.each([
    ['http://painel.example.com', true],
    ['https://localhost:3333', true],
    ['https://127.0.0.1', true],
    ['https://10.1.2.3', true],
    ['https://192.168.0.10', true],
    ['https://172.20.0.1', true],
    ['https://[::1]', true],
    ['https://painel.local', true],
    ['não é url', true],
    ['https://painel.example.com', false],
    ['https://203.0.113.7', false],
  ])('in production %s is unreachable by RD: %s', (url, problem) => {
    expect(publicUrlProblem(url, true)).toBe(problem);
    expect(publicUrlProblem(url, false)).toBe(false);
  });
});

describe("the CRM's webhook list, read to its end", () => {
  it('finds ours past a page the CRM cut to 50 without an error, and makes none twice', async () => {
    const w = await world();
    const others = Array.from({ length: 60 }, (_, index) => ({
      id: `outro${index}`,
      event_name: 'crm_deal_updated',
      url: 'https://outra-integracao.example.com/hook',
      status: 'active',
    }));
    const ours = CRM_WEBHOOK_EVENTS.map((event, index) => ({
      id: `h${index}`,
      event_name: event,
      url: w.url,
      status: 'active',
    }));
    w.setHooks([...others, ...ours]);
    w.cutPagesTo(50);
    expect(await w.webhooks.register(identity)).toEqual([]);
    expect(w.sent).toEqual(['GET /webhooks', 'GET /webhooks']);
    expect(w.hooks()).toHaveLength(60 + CRM_WEBHOOK_EVENTS.length);
  });
});
