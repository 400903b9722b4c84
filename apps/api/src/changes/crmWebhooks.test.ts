import Fastify from 'fastify';
import { type CrmClient, type CrmRequest, CrmRefusal } from '@api/crm/crmClient';
import { createPageSizes } from '@api/crm/pageSizes';
import { type ProbeVerdicts } from '@api/crm/filterProbes';
import { type WebhookReceiversRepository } from '@api/db/repositories/webhookReceiversRepository';
import { sessionEnded } from '@api/errors';
import {
  CRM_WEBHOOK_EVENTS,
  createCrmWebhooks,
  liveUpdatesInfo,
  publicUrlProblem,
} from './crmWebhooks';

const identity = { systemKey: 'tenant-a', userId: 'user:ana' };

function world(options: { production?: boolean; publicUrl?: string; enabled?: boolean } = {}) {
  const sent: string[] = [];
  let hooks: Record<string, unknown>[] = [];
  let refuse: ((request: CrmRequest) => Error | null) | null = null;
  const crm: CrmClient = {
    async accessToken() {
      return 'token';
    },
    async request(_identity, request) {
      sent.push(`${request.method} ${request.path}`);
      const error = refuse?.(request);
      if (error) throw error;
      if (request.method === 'GET') return { data: hooks };
      return { data: {} };
    },
    readAhead() {},
    forgetReadAheads() {},
    forgetRecords() {},
  };
  const receivers = {
    firstDelivery: async () => true,
    tokenFor: async () => 'T'.repeat(43),
    existingToken: async () => 'T'.repeat(43),
    tenantOf: async () => 'tenant-a',
    tenants: async () => ['tenant-a'],
    remove: async () => {},
  } as WebhookReceiversRepository;
  const verdicts = new Map<string, boolean>();
  const probes: ProbeVerdicts = {
    get: async (systemKey, capability) => verdicts.get(`${systemKey} ${capability}`) ?? null,
    set: async (systemKey, capability, supported) => {
      verdicts.set(`${systemKey} ${capability}`, supported);
    },
  };
  const publicUrl = options.publicUrl ?? 'https://painel.example.com';
  const webhooks = createCrmWebhooks({
    crm,
    receivers,
    latestSignIn: async () => identity,
    pageSizes: createPageSizes(probes, 100),
    log: Fastify({ logger: false }).log,
    publicUrl,
    production: options.production ?? true,
    enabled: options.enabled ?? true,
    now: Date.now,
    recheckMs: 60_000,
  });
  const url = `${publicUrl}/api/webhooks/rdstation/${'T'.repeat(43)}`;
  return {
    webhooks,
    sent,
    url,
    setHooks(next: Record<string, unknown>[]) {
      hooks = next;
    },
    refuseWhen(rule: (request: CrmRequest) => Error | null) {
      refuse = rule;
    },
  };
}

const refusal = () => new CrmRefusal(422, 'O RD Station CRM recusou os dados enviados.', []);

describe('webhooks that stay on', () => {
  it('takes upper-case event names of the list as registered, and makes suspended ones again', async () => {
    const w = world();
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
    const w = world();
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
    const w = world();
    w.setHooks([{ id: 'h0', event_name: 'crm_deal_updated', url: w.url, status: 'suspended' }]);
    w.refuseWhen((request) => (request.method === 'POST' ? refusal() : null));
    await w.webhooks.keepAll();
    expect((await w.webhooks.status('tenant-a')).reason).toBe('suspended');
  });

  it('says a sign-in is needed when the CRM no longer takes the token', async () => {
    const w = world();
    w.refuseWhen(() => sessionEnded());
    await w.webhooks.keepAll();
    expect((await w.webhooks.status('tenant-a')).reason).toBe('sign_in_needed');
  });

  it('the schedule checks again within the sign-in’s recheck time', async () => {
    const w = world();
    await w.webhooks.register(identity);
    await w.webhooks.register(identity);
    expect(w.sent.filter((line) => line === 'GET /webhooks')).toHaveLength(1);
    await w.webhooks.keepAll();
    expect(w.sent.filter((line) => line === 'GET /webhooks')).toHaveLength(2);
  });

  it('registers nothing, and says why, when API_PUBLIC_URL is no public https address', async () => {
    const w = world({ publicUrl: 'http://painel.example.com' });
    expect(await w.webhooks.register(identity)).toEqual([]);
    await w.webhooks.keepAll();
    expect(w.sent).toEqual([]);
    expect(w.webhooks.serverProblem()).toBe('public_url');
    expect(liveUpdatesInfo(await w.webhooks.status('tenant-a'))).toMatchObject({
      on: false,
      reason: 'public_url',
      action:
        'Peça ao responsável pelo servidor para configurar API_PUBLIC_URL com o endereço https público do painel e reiniciá-lo.',
    });
    expect(world({ enabled: false }).webhooks.serverProblem()).toBe('disabled');
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
