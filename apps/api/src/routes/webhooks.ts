import { type FastifyInstance } from 'fastify';
import { changeOfDelivery, WEBHOOK_RECEIVER_PATH } from '@api/changes/crmWebhooks';
import { createCrmSignals } from '@api/changes/crmSignals';
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
 * POST /api/webhooks/rdstation/:token — RD Station's deliveries, public (RD sends no session) and
 * protected only by the tenant's unguessable token: RD documents no signature. Each delivery is a
 * signal: the panels showing the record re-read it. Answered at once, with no CRM call, well
 * inside RD's 5 s; the signal itself is published after `live.webhookEchoSettleMs` unless it is
 * the echo of a panel write (changes/crmSignals.ts).
 */
export function registerWebhookRoutes(app: FastifyInstance, services: Services): void {
  const recent = recentDeliveries(10_000);
  const signals = createCrmSignals({
    feed: services.changes,
    now: services.config.now,
    echoWindowMs: services.config.live.echoWindowMs,
    settleMs: services.config.live.webhookEchoSettleMs,
  });
  app.addHook('onClose', async () => signals.close());
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
      if (!systemKey) {
        services.metrics.webhookDelivery('', 'unknown');
        throw new ApiError(404, API_MESSAGES.webhookReceiverUnknown);
      }
      const delivery = request.body;
      if (recent.first(`${systemKey}:${delivery.transaction_uuid}`)) {
        services.metrics.webhookDelivery(systemKey, 'accepted');
        const change = changeOfDelivery(systemKey, delivery, services.config.now());
        if (change) signals.receive(change, delivery.document);
      } else {
        services.metrics.webhookDelivery(systemKey, 'duplicate');
      }
      return reply.code(202).send({ received: true });
    },
  );
}
