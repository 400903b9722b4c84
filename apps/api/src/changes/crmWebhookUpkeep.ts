import { type FastifyBaseLogger } from 'fastify';
import { type CrmWebhooks } from './crmWebhooks';

export interface CrmWebhookUpkeepDeps {
  crmWebhooks: Pick<CrmWebhooks, 'keepAll' | 'serverProblem'>;
  /** WEBHOOK_KEEP_MS: the period; 0 turns the schedule off (the start-up run too). */
  keepMs: number;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface CrmWebhookUpkeep {
  /** Runs once now (the start-up run: its end) and then every `keepMs`. */
  start(): Promise<void>;
  /** Stops the schedule and waits for a run under way. */
  close(): Promise<void>;
}

/**
 * RD suspends a webhook whose endpoint keeps failing and documents no way back (crm-v2-webhooks,
 * "Suspensão de webhooks"): every tenant's are checked at start-up and every WEBHOOK_KEEP_MS,
 * a suspended or missing one made again, by one api process at a time. The live-updates state
 * (in the store) says how it went. Every api process on the store runs this schedule; a tenant
 * another process checked since this process started (at start-up), or within the last half
 * period (on schedule), is spared, so the tenants are checked about once a period whatever the
 * number of processes.
 */
export function createCrmWebhookUpkeep(deps: CrmWebhookUpkeepDeps): CrmWebhookUpkeep {
  const { crmWebhooks, keepMs, now, log } = deps;
  const off = crmWebhooks.serverProblem() !== null || keepMs <= 0;
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let closed = false;
  const run = (unlessCheckedSince: number): Promise<void> => {
    if (running || closed) return running ?? Promise.resolve();
    running = crmWebhooks
      .keepAll({ unlessCheckedSince })
      .catch((error: unknown) => log.warn({ err: error }, 'manutenção dos webhooks falhou'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    start() {
      if (off || closed) return Promise.resolve();
      timer = setInterval(() => void run(now() - keepMs / 2), keepMs);
      timer.unref();
      return run(now());
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
