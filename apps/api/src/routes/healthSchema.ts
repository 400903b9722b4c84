import { Type } from '@sinclair/typebox';
import { healthAnswer, liveUpdatesAnswer } from '@crm-panel/crm-model/schemas';
import { LIVE_UPDATES_REASONS, type LiveUpdatesCounts } from '@api/changes/crmWebhooks';

const count = Type.Integer({ minimum: 0 });

/**
 * GET /api/health: the shared answer (`status`, `crmLiveUpdates` with `on`, `reason`, `message`,
 * `action`), and beside them whether live updates are on for some tenants and off for others
 * (`degraded`) and how many configured tenants are in each state (`tenants`: null under a
 * server-wide reason, which every tenant shares). No tenant is named.
 */
export const apiHealthAnswer = Type.Object({
  ...healthAnswer.properties,
  crmLiveUpdates: Type.Object({
    ...liveUpdatesAnswer.properties,
    degraded: Type.Boolean(),
    tenants: Type.Unsafe<LiveUpdatesCounts | null>({
      ...Type.Object(
        Object.fromEntries(['on', ...LIVE_UPDATES_REASONS].map((state) => [state, count])),
      ),
      type: ['object', 'null'],
    }),
  }),
});
