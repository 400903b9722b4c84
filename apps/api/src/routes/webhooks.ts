import { type FastifyInstance } from 'fastify';
import { changeOfDelivery, WEBHOOK_RECEIVER_PATH } from '@api/changes/crmWebhooks';
import { type RecordChange } from '@api/changes/recordChange';
import { ApiError } from '@api/errors';
import { API_MESSAGES } from '@api/messages';
import { type Services } from '@api/services';
import { messageSchema } from './schemas';

/** RD's webhook envelope (webhooks-payload-crm): only what the receiver reads is required. */
const deliveryBody = {
  type: 'object',
  required: ['event_name', 'document', 'transaction_uuid'],
  properties: {
    event_name: { type: 'string', minLength: 1, maxLength: 100 },
    // The sample's own id ('f111b90-ec81-…') is not a well-formed UUID: any short token is taken.
    transaction_uuid: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9-]+$' },
    event_timestamp: { type: 'string', maxLength: 40 },
    document: { type: 'object' },
  },
} as const;

interface Delivery {
  event_name: string;
  transaction_uuid: string;
  event_timestamp?: string;
  document: Record<string, unknown>;
}

/** Deliveries seen lately, per process: RD re-sends after 5 s or a non-2xx ("duplicidade"). */
function recentDeliveries(limit: number) {
  const seen = new Set<string>();
  return {
    /** True the first time `key` is seen (oldest forgotten beyond `limit`). */
    first(key: string): boolean {
      if (seen.has(key)) return false;
      seen.add(key);
      if (seen.size > limit) {
        const oldest = seen.values().next().value;
        if (oldest !== undefined) seen.delete(oldest);
      }
      return true;
    },
  };
}

/**
 * RD calls back for the panel's own writes too (an API update fires crm_deal_updated). Each panel
 * change of a record expects one such echo within `live.echoWindowMs`, taken as it and dropped
 * (the panels already re-read it, and its 'Atualizado no RD Station CRM' hint would be wrong):
 * the signal whose document's `updated_at` is the one the CRM answered the write with, or, when
 * either is unknown, the first signal for the record in the window. A signal with another
 * `updated_at` (someone changed the record in the CRM meanwhile) goes through.
 */
function panelEchoes(services: Services) {
  const { now } = services.config;
  const windowMs = services.config.live.echoWindowMs;
  interface Expected {
    at: number;
    crmUpdatedAt: string | null;
  }
  const expected = new Map<string, Expected[]>();
  const keyOf = (systemKey: string, type: string, id: string) => `${systemKey}|${type}|${id}`;
  const live = (key: string, at: number): Expected[] => {
    const entries = (expected.get(key) ?? []).filter((entry) => at - entry.at <= windowMs);
    if (entries.length) expected.set(key, entries);
    else expected.delete(key);
    return entries;
  };
  services.changes.subscribe((change) => {
    if (change.origin !== 'panel') return;
    const at = now();
    const { systemKey, record } = change;
    const expect = (key: string, crmUpdatedAt: string | null) =>
      expected.set(key, [...live(key, at), { at, crmUpdatedAt }]);
    expect(keyOf(systemKey, record.type, record.id), change.crmUpdatedAt ?? null);
    // RD reports a deal's products, contacts and tasks as the deal's update.
    if (record.dealId && !(record.type === 'deal' && record.dealId === record.id))
      expect(keyOf(systemKey, 'deal', record.dealId), null);
    if (expected.size > 5_000) for (const key of [...expected.keys()]) live(key, at);
  });
  return {
    isEcho(change: RecordChange, document: Record<string, unknown>): boolean {
      const key = keyOf(change.systemKey, change.record.type, change.record.id);
      const entries = live(key, now());
      const stamp = typeof document.updated_at === 'string' ? document.updated_at : null;
      const index = entries.findIndex(
        (entry) => entry.crmUpdatedAt === null || stamp === null || entry.crmUpdatedAt === stamp,
      );
      if (index === -1) return false;
      entries.splice(index, 1);
      if (entries.length) expected.set(key, entries);
      else expected.delete(key);
      return true;
    },
  };
}

/**
 * POST /api/webhooks/rdstation/:token — RD Station's deliveries, public (RD sends no session) and
 * protected only by the tenant's unguessable token: RD documents no signature. Each delivery is a
 * signal: the panels showing the record re-read it. Answered at once, with no CRM call, well
 * inside RD's 5 s.
 */
export function registerWebhookRoutes(app: FastifyInstance, services: Services): void {
  const recent = recentDeliveries(10_000);
  const echoes = panelEchoes(services);
  app.post<{ Params: { token: string }; Body: Delivery }>(
    `${WEBHOOK_RECEIVER_PATH}/:token`,
    {
      config: { access: 'public' },
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['mudanças'],
        summary: 'Recebe os webhooks do RD Station CRM do tenant (sem sessão; o token da URL)',
        params: {
          type: 'object',
          required: ['token'],
          properties: { token: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } },
        },
        body: deliveryBody,
        response: {
          202: { type: 'object', properties: { received: { type: 'boolean' } } },
          404: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const systemKey = await services.repos.webhookReceivers.tenantOf(request.params.token);
      if (!systemKey) throw new ApiError(404, API_MESSAGES.webhookReceiverUnknown);
      const delivery = request.body;
      if (recent.first(`${systemKey}:${delivery.transaction_uuid}`)) {
        const change = changeOfDelivery(systemKey, delivery, services.config.now());
        if (change && !echoes.isEcho(change, delivery.document)) services.changes.publish(change);
      }
      return reply.code(202).send({ received: true });
    },
  );
}
