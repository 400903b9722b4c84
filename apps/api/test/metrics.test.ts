import { type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import { WEBHOOK_RECEIVER_PATH } from '@api/changes/crmWebhooks';
import {
  ACCOUNT1,
  type Harness,
  call,
  configure,
  freshPeople,
  login,
  startHarness,
} from './support/harness';

// What an operator watches (GET /metrics, Prometheus text): only with METRICS_TOKEN, only for
// whoever holds it, and the figures are the CRM calls the api really made.

const TOKEN = 'token-de-metricas-do-operador';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimitPerMinute: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

async function scrape(h: Harness, authorization?: string) {
  return h.api.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const h = await startHarness({ sharedSandbox: sandbox });
    try {
      expect((await scrape(h, `Bearer ${TOKEN}`)).statusCode).toBe(404);
    } finally {
      await h.close();
    }
  });

  it('answers 401 in pt-BR without the token or with another one', async () => {
    const h = await startHarness({ sharedSandbox: sandbox, api: { metricsToken: TOKEN } });
    try {
      for (const authorization of [undefined, 'Bearer outro-token-qualquer-1234', TOKEN]) {
        const answer = await scrape(h, authorization);
        expect(answer.statusCode).toBe(401);
        expect(answer.json()).toEqual({ message: 'Token de métricas ausente ou inválido.' });
        expect(answer.body).not.toContain('crm_panel_');
      }
    } finally {
      await h.close();
    }
  });

  it('counts the CRM requests by tenant, lane, status and route, the limiter waits and the caches', async () => {
    const h = await startHarness({ sharedSandbox: sandbox, api: { metricsToken: TOKEN } });
    try {
      const { alice } = freshPeople();
      await configure(h.api, alice);
      await login(h, alice);
      const deal = `/api/rdstation/deals/${ACCOUNT1.deals.implantacao.id}`;
      const crmBefore = h.calls.filter((c) => c.url.includes('/crm/v2/deals/')).length;
      expect((await call(h.api, 'GET', deal, { as: alice })).status).toBe(200);
      expect((await call(h.api, 'GET', deal, { as: alice })).status).toBe(200);
      expect(
        (await call(h.api, 'GET', '/api/rdstation/deals/65a1b2c3010bffffffffffff', { as: alice }))
          .status,
      ).toBe(404);
      expect(h.calls.filter((c) => c.url.includes('/crm/v2/deals/')).length - crmBefore).toBe(2);

      const answer = await scrape(h, `Bearer ${TOKEN}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('text/plain');
      const text = answer.body;
      const tenant = alice.systemKey;
      expect(text).toContain(
        `crm_panel_crm_requests_total{tenant="${tenant}",lane="interactive",status="200",path="GET /deals/{id}"} 1`,
      );
      expect(text).toContain(
        `crm_panel_crm_requests_total{tenant="${tenant}",lane="interactive",status="404",path="GET /deals/{id}"} 1`,
      );
      expect(text).toMatch(
        /crm_panel_limiter_wait_seconds\{quantile="0\.95",lane="interactive"\} \d/,
      );
      expect(text).toMatch(/crm_panel_cache_total\{cache="record",result="hit"\} 1\n/);
      expect(text).toMatch(/crm_panel_cache_total\{cache="record",result="miss"\} 2\n/);
      expect(text).toContain('crm_panel_live_streams 0');
    } finally {
      await h.close();
    }
  });

  it('counts the 429s of the CRM and of the api, and the webhook deliveries', async () => {
    const h = await startHarness({
      sharedSandbox: sandbox,
      api: { metricsToken: TOKEN, crm: { maxRateLimitWaitMs: 300 } },
    });
    try {
      const { alice } = freshPeople();
      await configure(h.api, alice);
      await login(h, alice);
      sandbox.forceStatus(429, 1);
      const limited = await call(h.api, 'GET', '/api/rdstation/deals?limit=1', { as: alice });
      expect(limited.status).toBe(429);
      expect(limited.json).toMatchObject({ code: 'crm_busy' });
      // A delivery to a receiver nobody registered (a guessed or revoked URL).
      const unknown = await h.api.inject({
        method: 'POST',
        url: `${WEBHOOK_RECEIVER_PATH}/${'x'.repeat(43)}`,
        payload: { event_name: 'crm_deal_updated', transaction_uuid: 't1', document: {} },
      });
      expect(unknown.statusCode).toBe(404);
      const text = (await scrape(h, `Bearer ${TOKEN}`)).body;
      expect(text).toContain(
        `crm_panel_crm_rate_limited_total{tenant="${alice.systemKey}",source="crm"} 1`,
      );
      expect(text).toContain(
        `crm_panel_crm_rate_limited_total{tenant="${alice.systemKey}",source="api"} 1`,
      );
      expect(text).toContain('crm_panel_webhook_deliveries_total{tenant="",result="unknown"} 1');
    } finally {
      await h.close();
    }
  });
});
