import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { type CrmClient, type CrmRequest, CrmRefusal } from '@api/crm/crmClient';
import { createPageSizes } from '@api/crm/pageSizes';
import { type ProbeVerdicts } from '@api/crm/filterProbes';
import { type Database, migrateToLatest, openDatabase } from '@api/db/database';
import { createWebhookReceiversRepository } from '@api/db/repositories/webhookReceiversRepository';
import { ApiError, sessionEnded } from '@api/errors';
import { createSecretBox } from '@api/security/crypto';
import {
  CHECK_LEASE_MS,
  CRM_WEBHOOK_EVENTS,
  createCrmWebhooks,
  LIVE_UPDATES_REASONS,
  LIVE_UPDATES_TEXTS,
  type LiveUpdatesCounts,
  liveUpdatesInfo,
  publicUrlProblem,
  serverLiveUpdates,
} from './crmWebhooks';
import { createCrmWebhookUpkeep } from './crmWebhookUpkeep';

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
  options: { checkPublicUrl?: boolean; publicUrl?: string; enabled?: boolean } = {},
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
    checkPublicUrl: options.checkPublicUrl ?? true,
    enabled: options.enabled ?? true,
    now,
    recheckMs: 60_000,
  });
  return { webhooks, receivers };
}

async function world(
  options: { checkPublicUrl?: boolean; publicUrl?: string; enabled?: boolean } = {},
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
    expect(await other.webhooks.status('tenant-a')).toMatchObject({
      on: true,
      reason: null,
      checkedAt: null,
    });
    w.refuseWhen((request) => (request.method === 'POST' ? refusal() : null));
    await expect(w.webhooks.register(identity)).rejects.toBeInstanceOf(CrmRefusal);
    expect(await other.webhooks.status('tenant-a')).toMatchObject({
      on: false,
      reason: 'refused',
      checkedAt: w.clock.now,
    });
    w.refuseWhen(() => null);
    w.clock.now += 5_000;
    // A refusal is no reason to wait: the next sign-in, at the other process, checks again.
    expect(await other.webhooks.register(identity)).toEqual([...CRM_WEBHOOK_EVENTS]);
    expect(await w.webhooks.status('tenant-a')).toMatchObject({
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
    // Made again, but RD suspended it because deliveries failed: not on until one arrives.
    expect(await w.webhooks.status('tenant-a')).toMatchObject({
      on: false,
      reason: 'suspended_recreated',
    });
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

/** Lets the store and the fake CRM answer (real I/O) while the clock is fake. */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  for (let turn = 0; turn < 10_000; turn += 1) {
    if (await done()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('a condição não chegou');
}

const PUBLIC_URL = 'https://painel.example.com';
const RECEIVER_BASE = `${PUBLIC_URL}/api/webhooks/rdstation/…`;

describe('a suspension RD made, said until a delivery arrives', () => {
  it('webhooks RD suspended and made again are a warning with the date and the address, until a delivery arrives', async () => {
    const w = await world();
    // 2026-11-29 17:43:20 UTC: 14:43 in Brasília.
    w.clock.now = Date.parse('2026-11-29T17:43:20Z');
    w.setHooks(
      CRM_WEBHOOK_EVENTS.map((event, index) => ({
        id: `h${index}`,
        event_name: event,
        url: w.url,
        status: 'suspended',
      })),
    );
    expect(await w.webhooks.register(identity)).toEqual([...CRM_WEBHOOK_EVENTS]);
    expect(w.hooks().every((hook) => hook.status === 'active')).toBe(true);
    const status = await w.webhooks.status('tenant-a');
    expect(status).toMatchObject({ on: false, reason: 'suspended_recreated' });
    expect(liveUpdatesInfo(status, PUBLIC_URL)).toEqual({
      on: false,
      reason: 'suspended_recreated',
      message:
        'Atualizações ao vivo do RD Station CRM: sem confirmação. O RD Station CRM suspendeu os avisos (webhooks) porque as entregas a este servidor falhavam; o painel os recriou em 29/11/2026 14:43, e nenhuma entrega chegou desde então.',
      action: `Confira se ${RECEIVER_BASE} está acessível pela internet e responde 2xx em até 5 s. Este alerta some quando a próxima entrega chegar (por exemplo, ao alterar uma negociação no RD Station CRM).`,
    });
    // Found on at the next checks, the warning stays: nothing has arrived yet.
    w.clock.now += 60_001;
    await w.webhooks.keepAll({ unlessCheckedSince: w.clock.now });
    expect((await w.webhooks.status('tenant-a')).reason).toBe('suspended_recreated');
    // A delivery arrives: RD reaches this api again.
    w.clock.now += 1_000;
    await w.receivers.recordDelivery('tenant-a');
    expect(await w.webhooks.status('tenant-a')).toMatchObject({ on: true, reason: null });
    // RD suspends them again later: the warning comes back with the new date.
    w.setHooks(w.hooks().map((hook) => ({ ...hook, status: 'suspended' })));
    w.clock.now += 3 * 60 * 60_000;
    await w.webhooks.keepAll({ unlessCheckedSince: w.clock.now });
    expect(liveUpdatesInfo(await w.webhooks.status('tenant-a'), PUBLIC_URL).message).toContain(
      'o painel os recriou em 29/11/2026 17:44',
    );
  });

  it('a delivery that arrived before the suspension confirms nothing', async () => {
    const w = await world();
    await w.receivers.recordDelivery('tenant-a');
    w.clock.now += 1_000;
    w.setHooks([{ id: 'h0', event_name: 'crm_deal_updated', url: w.url, status: 'suspended' }]);
    await w.webhooks.register(identity);
    expect((await w.webhooks.status('tenant-a')).reason).toBe('suspended_recreated');
  });

  it('says suspended, with RD’s answer, when making them again fails', async () => {
    const w = await world();
    w.setHooks([{ id: 'h0', event_name: 'crm_deal_updated', url: w.url, status: 'suspended' }]);
    w.refuseWhen((request) => (request.method === 'POST' ? refusal() : null));
    await w.webhooks.keepAll({ unlessCheckedSince: w.clock.now });
    const info = liveUpdatesInfo(await w.webhooks.status('tenant-a'), PUBLIC_URL);
    expect(info).toMatchObject({ on: false, reason: 'suspended' });
    expect(info.message).toBe(
      'Atualizações ao vivo do RD Station CRM: suspensas pelo RD Station CRM, e não foi possível recriá-las. Resposta do RD Station CRM (422): O RD Station CRM recusou os dados enviados.',
    );
  });
});

describe('a refusal said as the CRM said it, with what fits it', () => {
  const urlRefusal = (url: string) =>
    new CrmRefusal(422, 'O RD Station CRM recusou os dados enviados. Verifique os dados.', [
      JSON.stringify({
        detail: `'${url}' must use https (http only on 127.0.0.1, localhost or [::1])`,
        pointer: '/data/url',
        code: 'INVALID_FIELD',
      }),
    ]);

  it('a 422 on the URL: RD’s words with the receiver’s token masked, and an action on API_PUBLIC_URL', async () => {
    const w = await world();
    w.refuseWhen((request) => (request.method === 'POST' ? urlRefusal(w.url) : null));
    await expect(w.webhooks.register(identity)).rejects.toBeInstanceOf(CrmRefusal);
    const token = w.url.split('/').pop() ?? '';
    const info = liveUpdatesInfo(await w.webhooks.status('tenant-a'), PUBLIC_URL);
    expect(info).toEqual({
      on: false,
      reason: 'refused',
      message: `Atualizações ao vivo do RD Station CRM: desligadas. O RD Station CRM recusou o cadastro dos avisos (webhooks). Resposta do RD Station CRM (422): /data/url: '${RECEIVER_BASE}' must use https (http only on 127.0.0.1, localhost or [::1])`,
      action: `Peça ao responsável pelo servidor para conferir API_PUBLIC_URL (${PUBLIC_URL}): o RD Station CRM só aceita avisos para um endereço https público. Depois, faça login no RD Station CRM pelo painel novamente.`,
    });
    expect(JSON.stringify(info)).not.toContain(token);
    expect(JSON.stringify(await w.receivers.lastCheck('tenant-a'))).not.toContain(token);
  });

  it('a 403 points at the permissions of who signed in', async () => {
    const w = await world();
    w.refuseWhen(() => new ApiError(403, 'O RD Station CRM negou acesso a este recurso.'));
    await w.webhooks.keepAll({ unlessCheckedSince: w.clock.now });
    expect(liveUpdatesInfo(await w.webhooks.status('tenant-a'), PUBLIC_URL)).toEqual({
      on: false,
      reason: 'refused',
      message:
        'Atualizações ao vivo do RD Station CRM: desligadas. O RD Station CRM recusou o cadastro dos avisos (webhooks). Resposta do RD Station CRM (403): O RD Station CRM negou acesso a este recurso.',
      action:
        'Confira se o usuário que fez login pode gerenciar webhooks na conta do RD Station CRM e faça login novamente.',
    });
  });

  it('a CRM that does not answer is no refusal: nothing to change, the next check tries again', async () => {
    const w = await world();
    w.refuseWhen(
      () =>
        new ApiError(
          502,
          'O RD Station CRM está indisponível no momento. Tente novamente em instantes.',
        ),
    );
    await w.webhooks.keepAll({ unlessCheckedSince: w.clock.now });
    expect(liveUpdatesInfo(await w.webhooks.status('tenant-a'), PUBLIC_URL)).toEqual({
      on: false,
      reason: 'unavailable',
      message:
        'Atualizações ao vivo do RD Station CRM: sem confirmação. O RD Station CRM não respondeu quando o painel conferiu os avisos (webhooks). Resposta do RD Station CRM (502): O RD Station CRM está indisponível no momento. Tente novamente em instantes.',
      action:
        'Nada a fazer se passar: o painel confere os avisos de novo a cada hora e a cada login no CRM.',
    });
    w.refuseWhen(() => null);
    w.clock.now += 1;
    await w.webhooks.keepAll({ unlessCheckedSince: w.clock.now });
    expect(await w.webhooks.status('tenant-a')).toMatchObject({ on: true, refusal: null });
  });

  it('the public health answer names neither the address nor the CRM’s answer', async () => {
    const w = await world();
    w.refuseWhen((request) => (request.method === 'POST' ? urlRefusal(w.url) : null));
    await expect(w.webhooks.register(identity)).rejects.toBeInstanceOf(CrmRefusal);
    expect(liveUpdatesInfo(await w.webhooks.status('tenant-a'))).toEqual(
      expect.objectContaining({
        message:
          'Atualizações ao vivo do RD Station CRM: desligadas. O RD Station CRM recusou o cadastro dos avisos (webhooks).',
      }),
    );
  });
});

describe('webhooks of an address the api no longer has', () => {
  it('deletes its own webhooks at an old API_PUBLIC_URL, and leaves another tenant’s alone', async () => {
    const w = await world();
    const token = w.url.split('/').pop() ?? '';
    const old = `https://antigo.example.com/api/webhooks/rdstation/${token}`;
    const another = `${PUBLIC_URL}/api/webhooks/rdstation/${'B'.repeat(43)}`;
    const elsewhere = `https://outro-sistema.example.com/ganchos/${token}`;
    w.setHooks([
      ...CRM_WEBHOOK_EVENTS.map((event, index) => ({
        id: `antigo${index}`,
        event_name: event,
        url: old,
        status: 'active',
      })),
      { id: 'outro-tenant', event_name: 'crm_deal_updated', url: another, status: 'active' },
      { id: 'outro-sistema', event_name: 'crm_deal_updated', url: elsewhere, status: 'active' },
    ]);
    expect(await w.webhooks.register(identity)).toEqual([...CRM_WEBHOOK_EVENTS]);
    expect(w.sent.filter((line) => line.startsWith('DELETE')).sort()).toEqual(
      CRM_WEBHOOK_EVENTS.map((_, index) => `DELETE /webhooks/antigo${index}`).sort(),
    );
    expect(w.hooks().map((hook) => hook.url)).toEqual([
      another,
      elsewhere,
      ...CRM_WEBHOOK_EVENTS.map(() => w.url),
    ]);
  });

  it('removing the integration deletes those at an old address too', async () => {
    const w = await world();
    await w.webhooks.register(identity);
    const token = w.url.split('/').pop() ?? '';
    w.setHooks([
      ...w.hooks(),
      {
        id: 'antigo',
        event_name: 'crm_deal_updated',
        url: `https://antigo.example.com/api/webhooks/rdstation/${token}`,
        status: 'suspended',
      },
    ]);
    expect(await w.webhooks.unregister(identity)).toBe(CRM_WEBHOOK_EVENTS.length + 1);
    expect(w.hooks()).toEqual([]);
  });
});

describe('the upkeep schedule', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('makes suspended and missing webhooks again every WEBHOOK_KEEP_MS, with no sign-in', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const w = await world();
    await w.webhooks.register(identity);
    const keepMs = 60 * 60_000;
    const upkeep = createCrmWebhookUpkeep({
      crmWebhooks: w.webhooks,
      keepMs,
      now: () => w.clock.now,
      log: Fastify({ logger: false }).log,
    });
    // The start-up run: checked a moment ago (the sign-in), so spared.
    await upkeep.start();
    expect(w.sent).toEqual(['GET /webhooks', ...CRM_WEBHOOK_EVENTS.map(() => 'POST /webhooks')]);
    w.sent.length = 0;

    // RD suspends one (its deliveries failed); another is gone.
    const [first, , ...rest] = w.hooks();
    w.setHooks([{ ...first, status: 'suspended' }, ...rest]);
    w.clock.now += keepMs - 1;
    await jest.advanceTimersByTimeAsync(keepMs - 1);
    expect(w.sent).toEqual([]);
    w.clock.now += 1;
    await jest.advanceTimersByTimeAsync(1);
    await until(() => w.sent.filter((line) => line === 'POST /webhooks').length === 2);
    await upkeep.close();
    expect(w.sent).toEqual([
      'GET /webhooks',
      `DELETE /webhooks/${String(first?.id)}`,
      'POST /webhooks',
      'POST /webhooks',
    ]);
    expect(
      w
        .hooks()
        .map((hook) => [hook.event_name, hook.status])
        .sort(),
    ).toEqual([...CRM_WEBHOOK_EVENTS].sort().map((event) => [event, 'active']));
    expect((await w.webhooks.status('tenant-a')).reason).toBe('suspended_recreated');
    // Closed: the next hour checks nothing.
    w.sent.length = 0;
    w.clock.now += keepMs;
    await jest.advanceTimersByTimeAsync(keepMs);
    expect(w.sent).toEqual([]);
  });

  it('has no schedule when the server cannot receive deliveries', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const w = await world({ publicUrl: 'http://127.0.0.1:3333' });
    const upkeep = createCrmWebhookUpkeep({
      crmWebhooks: w.webhooks,
      keepMs: 60_000,
      now: () => w.clock.now,
      log: Fastify({ logger: false }).log,
    });
    await upkeep.start();
    expect(jest.getTimerCount()).toBe(0);
    await upkeep.close();
  });
});

describe('the health answer’s live updates', () => {
  const counts = (given: Partial<Record<string, number>>) =>
    ({
      ...Object.fromEntries(['on', ...LIVE_UPDATES_REASONS].map((state) => [state, 0])),
      ...given,
    }) as LiveUpdatesCounts;
  const server = (problem: 'disabled' | null, tenants: LiveUpdatesCounts | null) => ({
    serverProblem: () => problem,
    tenantCounts: async () => tenants,
  });

  it('off, with the reason most tenants share, when no tenant has them on', async () => {
    expect(
      await serverLiveUpdates(server(null, counts({ suspended_recreated: 2, refused: 1 }))),
    ).toEqual({
      on: false,
      reason: 'suspended_recreated',
      message: LIVE_UPDATES_TEXTS.suspended_recreated.message,
      action: LIVE_UPDATES_TEXTS.suspended_recreated.action,
      degraded: false,
      tenants: counts({ suspended_recreated: 2, refused: 1 }),
    });
    expect((await serverLiveUpdates(server(null, counts({})))).reason).toBe('not_registered');
  });

  it('on and degraded when some tenants have them off', async () => {
    expect(await serverLiveUpdates(server(null, counts({ on: 3, suspended: 1 })))).toEqual({
      on: true,
      reason: null,
      message: 'Atualizações ao vivo do RD Station CRM: ligadas em 3 de 4 empresas.',
      action: 'Cada empresa vê no gerenciador de credenciais por que as suas estão desligadas.',
      degraded: true,
      tenants: counts({ on: 3, suspended: 1 }),
    });
    expect(await serverLiveUpdates(server(null, counts({ on: 2 })))).toMatchObject({
      on: true,
      message: 'Atualizações ao vivo do RD Station CRM: ligadas.',
      degraded: false,
    });
  });

  it('the server’s own reason, uncounted, when it cannot receive deliveries', async () => {
    expect(await serverLiveUpdates(server('disabled', null))).toMatchObject({
      on: false,
      reason: 'disabled',
      degraded: false,
      tenants: null,
    });
  });
});

describe('API_PUBLIC_URL outside production', () => {
  it('is checked against a CRM not on this machine: nothing registered, and the address said', async () => {
    const w = await world({ publicUrl: 'http://127.0.0.1:3333', checkPublicUrl: true });
    expect(await w.webhooks.register(identity)).toEqual([]);
    expect(w.sent).toEqual([]);
    expect(
      liveUpdatesInfo(await w.webhooks.status('tenant-a'), 'http://127.0.0.1:3333').message,
    ).toBe(
      'Atualizações ao vivo do RD Station CRM: desligadas. O endereço público do servidor do painel não é um endereço https acessível pela internet, e o RD Station CRM só envia avisos para endereços assim. (API_PUBLIC_URL: http://127.0.0.1:3333)',
    );
  });
});
