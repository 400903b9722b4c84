import { type FastifyInstance } from 'fastify';
import { changeOfDelivery, WEBHOOK_RECEIVER_PATH } from '@api/changes/crmWebhooks';
import { createCrmSignals } from '@api/changes/crmSignals';
import { ApiError } from '@api/errors';
import { API_MESSAGES } from '@api/messages';
import { perMinuteLimit } from '@api/security/perMinuteLimit';
import { type Services } from '@api/services';
import {
  apiErrorAnswer,
  webhookDeliveryBody,
  type WebhookDeliveryBody,
  webhookReceivedAnswer,
  webhookTokenParams,
} from '@crm-panel/crm-model/schemas';

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
  app.post<{ Params: { token: string }; Body: WebhookDeliveryBody }>(
    `${WEBHOOK_RECEIVER_PATH}/:token`,
    {
      // Counted per tenant in the handler (above), once the token names the tenant: RD delivers
      // every tenant's events from its own few addresses, so a count per address would let one
      // tenant's flood hold back the others'.
      config: { access: 'public', rateLimit: false },
      // One record's event: RD's envelope around one document (webhooks-payload-crm).
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['mudanças'],
        summary: 'Recebe os webhooks do RD Station CRM do tenant (sem sessão; o token da URL)',
        params: webhookTokenParams,
        body: webhookDeliveryBody,
        response: {
          202: webhookReceivedAnswer,
          404: apiErrorAnswer,
          413: apiErrorAnswer,
          429: apiErrorAnswer,
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
      const receivers = services.repos.webhookReceivers;
      const first = await receivers.firstDelivery(
        systemKey,
        delivery.transaction_uuid,
        live.webhookDedupMs,
      );
      // RD reaches this api: webhooks made again after a suspension are known to work from now on.
      await receivers.recordDelivery(systemKey);
      // The event's name as RD wrote it (its case is one of the readings the README confirms here).
      request.log.info(
        { systemKey, event: delivery.event_name, duplicate: !first },
        'aviso do RD Station CRM recebido',
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
