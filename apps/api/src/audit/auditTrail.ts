import { type FastifyBaseLogger } from 'fastify';
import { type ChangeFeed } from '@api/changes/recordChange';
import { type AuditConfig } from '@api/config';
import { type AuditRepository } from '@api/db/repositories/auditRepository';

const DAY_MS = 24 * 60 * 60_000;

export interface AuditTrailDeps {
  changes: ChangeFeed;
  audit: AuditRepository;
  config: AuditConfig;
  now: () => number;
  log: FastifyBaseLogger;
}

export interface AuditTrail {
  /** Removes the entries older than the retention (and refreshes the statistics); how many went. */
  purge(): Promise<number>;
  /** Stops listening and purging; waits for the writes under way. */
  close(): Promise<void>;
}

/**
 * The audit trail's keeper: a panel change the write path did not store itself (publishChange
 * stores each write's row before answering it) is stored when published (once, by id), and
 * entries older than the retention are purged now and then (an unref'd timer: it never keeps the
 * process alive).
 */
export function startAuditTrail(deps: AuditTrailDeps): AuditTrail {
  const { changes, audit, config, now, log } = deps;
  const pending = new Set<Promise<void>>();

  const unsubscribe = changes.subscribe((change) => {
    if (change.origin !== 'panel') return;
    const write: Promise<void> = audit
      .record(change)
      .catch((error: unknown) =>
        log.error({ err: error, change: change.id }, 'registro de auditoria não gravado'),
      )
      .finally(() => pending.delete(write));
    pending.add(write);
  });

  const purge = async (): Promise<number> => {
    try {
      const removed = await audit.purgeBefore(now() - config.retentionDays * DAY_MS);
      if (removed > 0) log.info({ removed }, 'registros de auditoria expirados removidos');
      // The list's plans depend on fresh statistics (auditRepository.analyze).
      await audit.analyze();
      return removed;
    } catch (error) {
      log.error({ err: error }, 'limpeza da auditoria falhou');
      return 0;
    }
  };

  const timer = setInterval(() => void purge(), config.purgeEveryMs);
  timer.unref();

  return {
    purge,
    async close() {
      unsubscribe();
      clearInterval(timer);
      await Promise.all([...pending]);
    },
  };
}
