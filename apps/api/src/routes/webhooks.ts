import { type FastifyInstance } from 'fastify';
import { changeOfDelivery, WEBHOOK_RECEIVER_PATH } from '@api/changes/crmWebhooks';
import { createCrmSignals } from '@api/changes/crmSignals';
import { ApiError } from '@api/errors';
import { API_MESSAGES } from '@api/messages';
import { perMinuteLimit } from '@api/security/perMinuteLimit';
import { type Services } from '@api/services';
import { messageSchema } from './schemas';

/** A CRM record id as a delivery may carry it: RD's ids are 24 hex characters or numbers. */
const RECORD_ID = {
  type: ['string', 'integer'],
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
} as const;

/** RD's webhook envelope (webhooks-payload-crm): only what the receiver reads is required. */
const deliveryBody = {
  type: 'object',
  required: ['event_name', 'document', 'transaction_uuid'],
  properties: {
    event_name: { type: 'string', minLength: 1, maxLength: 100 },
    // The sample's own id ('f111b90-ec81-…') is not a well-formed UUID: any short token is taken.
    transaction_uuid: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9-]+$' },
    event_timestamp: { type: 'string', maxLength: 40 },
    // Only ids travel on from here (the panels re-read): each one bounded, so no delivery makes
    // an event bigger than a few hundred bytes on any transport (SSE, PostgreSQL NOTIFY).
    document: {
      type: 'object',
      properties: { id: RECORD_ID, deal_id: { ...RECORD_ID, type: ['string', 'null'] } },
    },
  },
} as const;

interface Delivery {
  event_name: string;
  transaction_uuid: string;
  event_timestamp?: string;
  document: Record<string, unknown>;
}

/**
 * POST /api/webhooks/rdstation/:token — RD Station's deliveries, public (RD sends no session) and
 * protected only by the tenant's unguessable token: RD documents no signature. Each delivery is a
 * signal: the panels showing the record re-read it. Answered at once, with no CRM call, well
 * inside RD's 5 s; the signal itself is published after `live.webhookEchoSettleMs` unless it is
 * the echo of a panel write (changes/crmSignals.ts).
 */
export function registerWebhookRoutes(app: FastifyInstance, services: Services): void {
  const { live } = services.config;
  // Counted in the store: the bound holds whichever api process RD's deliveries reach.
  const perTenant = perMinuteLimit(
    services.repos.windowCounters,
    'webhook-deliveries:tenant',
    live.webhookDeliveriesPerMinute,
  );
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
      // One record's event: RD's envelope around one document (webhooks-payload-crm).
      bodyLimit: 64 * 1024,
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
          413: messageSchema,
          429: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const systemKey = await services.repos.webhookReceivers.tenantOf(request.params.token);
      if (!systemKey) {
        services.metrics.webhookDelivery('', 'unknown');
        throw new ApiError(404, API_MESSAGES.webhookReceiverUnknown);
      }
      // A flood at one receiver (its token leaked) costs the tenant's panels nothing past the
      // bound: RD re-sends what was refused ("diferente de 2XX"), so nothing genuine is lost.
      await perTenant.count(systemKey);
      const delivery = request.body;
      const first = await services.repos.webhookReceivers.firstDelivery(
        systemKey,
        delivery.transaction_uuid,
        live.webhookDedupMs,
      );
      if (first) {
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
