import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Registry, Summary } from 'prom-client';
import { type CrmLane } from '@api/crm/limiter';

/** Which cache answered a CRM read: the tenant's reference data, or a CRM user's record. */
export type CacheName = 'reference' | 'record';
/** What answered a read: see crm/cache.ts's CacheOutcome. */
export type CacheResult = 'hit' | 'stale' | 'joined' | 'miss';

/**
 * What an operator watches of one api process, in the Prometheus text format (GET /metrics):
 * the CRM budget each tenant spends (by lane and status), how long requests wait for it, how much
 * the caches save, the 429s, the open live streams and the webhook deliveries. Each process has
 * its own registry; a scrape of every process gives the deployment's figures (sum them).
 */
export interface ApiMetrics {
  /**
   * One request sent to the CRM: its answer's status, or 'error' (no answer) / 'timeout'; `path`
   * is the method and the CRM path with its ids as `{id}` ('GET /deals/{id}/notes'), so where the
   * budget goes is told by kind of read or write, not by record.
   */
  crmRequest(
    tenant: string,
    lane: CrmLane,
    status: number | 'error' | 'timeout',
    path?: string,
  ): void;
  /** How long a request waited for the tenant's rate before it went. */
  limiterWait(tenant: string, lane: CrmLane, ms: number): void;
  cache(cache: CacheName, result: CacheResult): void;
  /** A 429: the CRM answered it ('crm'), or the api answered it to the panel ('api'). */
  rateLimited(tenant: string, source: 'crm' | 'api'): void;
  webhookDelivery(tenant: string, result: 'accepted' | 'duplicate' | 'unknown'): void;
  /** The open live streams are counted when scraped. */
  countLiveStreams(count: () => number): void;
  /** The registry as Prometheus text. */
  render(): Promise<string>;
  readonly contentType: string;
}

export function createApiMetrics(): ApiMetrics {
  const registry = new Registry();
  const crmRequests = new Counter({
    name: 'crm_panel_crm_requests_total',
    help: 'Requisições enviadas ao RD Station CRM, por tenant, fila (interactive: uma pessoa espera; background: leitura antecipada, varredura, atualização), status da resposta e rota do CRM (método e caminho, ids como {id}).',
    labelNames: ['tenant', 'lane', 'status', 'path'],
    registers: [registry],
  });
  const waits = new Summary({
    name: 'crm_panel_limiter_wait_seconds',
    help: 'Espera de uma requisição pelo limite de requisições por minuto do tenant antes de ir ao CRM (no último minuto).',
    labelNames: ['lane'],
    percentiles: [0.5, 0.95, 0.99],
    // Over the last minute, as the CRM's budget is counted.
    maxAgeSeconds: 60,
    ageBuckets: 6,
    registers: [registry],
  });
  const waitsByTenant = new Counter({
    name: 'crm_panel_limiter_wait_seconds_by_tenant_total',
    help: 'Soma das esperas pelo limite do CRM, por tenant e fila.',
    labelNames: ['tenant', 'lane'],
    registers: [registry],
  });
  const caches = new Counter({
    name: 'crm_panel_cache_total',
    help: 'Leituras do CRM servidas do cache (hit), do cache vencido enquanto são lidas de novo por trás (stale), juntadas a uma leitura em andamento (joined) ou lidas no CRM (miss).',
    labelNames: ['cache', 'result'],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'crm_panel_crm_rate_limited_total',
    help: 'Respostas 429: do CRM ao api (source=crm) ou do api ao painel por espera longa demais (source=api).',
    labelNames: ['tenant', 'source'],
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'crm_panel_webhook_deliveries_total',
    help: 'Entregas de webhook do RD Station CRM recebidas: aceitas, repetidas (mesma transação) ou de receptor desconhecido.',
    labelNames: ['tenant', 'result'],
    registers: [registry],
  });
  let liveStreams: () => number = () => 0;
  new Gauge({
    name: 'crm_panel_live_streams',
    help: 'Canais de atualização ao vivo (SSE) abertos neste processo.',
    registers: [registry],
    collect() {
      this.set(liveStreams());
    },
  });
  return {
    crmRequest(tenant, lane, status, path = '') {
      crmRequests.inc({ tenant, lane, status: String(status), path });
    },
    limiterWait(tenant, lane, ms) {
      waits.observe({ lane }, ms / 1000);
      waitsByTenant.inc({ tenant, lane }, ms / 1000);
    },
    cache(cache, result) {
      caches.inc({ cache, result });
    },
    rateLimited(tenant, source) {
      rateLimited.inc({ tenant, source });
    },
    webhookDelivery(tenant, result) {
      webhooks.inc({ tenant, result });
    },
    countLiveStreams(count) {
      liveStreams = count;
    },
    render: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

/**
 * A CRM v2 path as a metrics label: every id segment (the 2nd, 4th… after the resource names:
 * '/deals/abc/products/xyz') as `{id}`, so the label has one value per kind of request.
 */
export function crmRouteLabel(method: string, path: string): string {
  const segments = path
    .split('/')
    .map((segment, index) => (index > 0 && index % 2 === 0 ? '{id}' : segment));
  return `${method} ${segments.join('/')}`;
}

/** Whether `authorization` carries the operator's metrics token (compared in constant time). */
export function metricsAuthorized(authorization: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '', 'utf8');
  const wanted = Buffer.from(token, 'utf8');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
