import { ApiRequestError, getNovusMapping, reportNovusDiagnostics } from '@crm-panel/api-client';
import { type NovusPanelAdapter } from '@crm-panel/host-bridge';

/** Reports go at most this often: a burst of host events becomes one report. */
export const NOVUS_REPORT_DEBOUNCE_MS = 1_000;
/** A failed read or report goes again after 1 s, doubling up to this (unless Retry-After says). */
export const NOVUS_SYNC_MAX_RETRY_MS = 30_000;

export interface NovusTenantSyncOptions {
  debounceMs?: number;
  /** Every failure, retried or not (the panel works without diagnostics); tests watch them. */
  onError?: (error: unknown) => void;
}

/**
 * Whether asking again may help: no answer at all, a busy api (429) or its failure (5xx). Any
 * other answer (an unknown tenant, a report refused) stays what it is until something changes.
 */
function isPassing(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  const status = error.response?.status;
  return status === undefined || status === 429 || status >= 500;
}

/** How long to wait before try `attempt` (1, 2, …): the api's Retry-After, else 1 s doubling. */
export function novusSyncRetryDelay(attempt: number, error: unknown): number {
  const header =
    error instanceof ApiRequestError ? error.response?.headers.get('retry-after') : null;
  const seconds = header ? Number(header) : NaN;
  if (Number.isFinite(seconds) && seconds >= 0) {
    return Math.min(NOVUS_SYNC_MAX_RETRY_MS * 2, Math.max(1_000, seconds * 1_000));
  }
  return Math.min(NOVUS_SYNC_MAX_RETRY_MS, 1_000 * 2 ** (attempt - 1));
}

/** Failed mapping reads (1 + 2 + 4 s apart) after which the user info settles on the defaults. */
export const NOVUS_MAPPING_TRIES_BEFORE_DEFAULTS = 3;

/**
 * A page in a Novus frame reads its tenant's field mapping from the api (the host's replies are
 * read again under it). The panel page also reports what the host sent and what it understood,
 * after each change, so an admin sees it in the credentials manager; a modal page reports
 * nothing (the panel's report is the one that counts). Nothing fails in silence: a mapping read
 * that fails is read again (after the api's Retry-After, else with a doubling wait) and the
 * adapter knows it failed meanwhile (the chat import says so instead of using the api route); a
 * report that fails goes again with the state of that moment. Returns the stop function.
 */
export function startNovusTenantSync(
  adapter: NovusPanelAdapter,
  options: NovusTenantSyncOptions = {},
): () => void {
  const debounceMs = options.debounceMs ?? NOVUS_REPORT_DEBOUNCE_MS;
  const onError = options.onError ?? (() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let mappingTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let mappingFor: string | null = null;
  let mappingAttempts = 0;
  let reportAttempts = 0;

  const tenantOf = (): string | null => {
    const report = adapter.diagnostics();
    return report.understood.systemKey ?? report.urlTenant;
  };

  const fetchMapping = (systemKey: string): void => {
    clearTimeout(mappingTimer);
    mappingTimer = undefined;
    mappingAttempts += 1;
    getNovusMapping(systemKey).then(
      (answer) => {
        if (stopped || mappingFor !== systemKey) return;
        mappingAttempts = 0;
        adapter.setMapping(answer.mapping);
      },
      (error: unknown) => {
        onError(error);
        if (stopped || mappingFor !== systemKey) return;
        adapter.mappingFailed?.(() => fetchMapping(systemKey));
        // The user info waits for the mapping, but not for ever: a refusal, or a read that kept
        // failing a few times (some seconds), settles it on the defaults; the reads go on.
        if (!isPassing(error) || mappingAttempts >= NOVUS_MAPPING_TRIES_BEFORE_DEFAULTS)
          adapter.mappingUnavailable?.();
        if (isPassing(error)) {
          mappingTimer = setTimeout(
            () => fetchMapping(systemKey),
            novusSyncRetryDelay(mappingAttempts, error),
          );
        }
      },
    );
  };

  const readMapping = (systemKey: string): void => {
    if (mappingFor === systemKey) return;
    mappingFor = systemKey;
    mappingAttempts = 0;
    fetchMapping(systemKey);
  };

  const report = (): void => {
    timer = undefined;
    const systemKey = tenantOf();
    if (!systemKey || stopped || adapter.role !== 'panel') return;
    // The state of this moment: a retry sends what the page knows by then, not the failed body.
    reportNovusDiagnostics(systemKey, adapter.diagnostics()).then(
      () => {
        reportAttempts = 0;
      },
      (error: unknown) => {
        onError(error);
        if (stopped || !isPassing(error)) return;
        reportAttempts += 1;
        clearTimeout(timer);
        timer = setTimeout(report, novusSyncRetryDelay(reportAttempts, error));
      },
    );
  };

  const changed = (): void => {
    const systemKey = tenantOf();
    if (systemKey) readMapping(systemKey);
    if (timer === undefined) timer = setTimeout(report, debounceMs);
  };

  const unwatch = adapter.watchDiagnostics(changed);
  // Once at start too: a host that never answers still shows where the page thinks it is.
  changed();
  return () => {
    stopped = true;
    unwatch();
    clearTimeout(timer);
    clearTimeout(mappingTimer);
  };
}
