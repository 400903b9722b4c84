import { getNovusMapping, reportNovusDiagnostics } from '@crm-panel/api-client';
import { type NovusPanelAdapter } from '@crm-panel/host-bridge';

/** Reports go at most this often: a burst of host events becomes one report. */
export const NOVUS_REPORT_DEBOUNCE_MS = 1_000;

export interface NovusTenantSyncOptions {
  debounceMs?: number;
  /** Failures are dropped (the panel works without diagnostics); tests watch them. */
  onError?: (error: unknown) => void;
}

/**
 * A page in a Novus frame reads its tenant's field mapping from the api (the host's replies are
 * read again under it). The panel page also reports what the host sent and what it understood,
 * after each change, so an admin sees it in the credentials manager; a modal page reports
 * nothing (the panel's report is the one that counts). Returns the stop function.
 */
export function startNovusTenantSync(
  adapter: NovusPanelAdapter,
  options: NovusTenantSyncOptions = {},
): () => void {
  const debounceMs = options.debounceMs ?? NOVUS_REPORT_DEBOUNCE_MS;
  const onError = options.onError ?? (() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let mappingFor: string | null = null;

  const tenantOf = (): string | null => {
    const report = adapter.diagnostics();
    return report.understood.systemKey ?? report.urlTenant;
  };

  const readMapping = (systemKey: string): void => {
    if (mappingFor === systemKey) return;
    mappingFor = systemKey;
    getNovusMapping(systemKey).then(
      (answer) => {
        if (!stopped) adapter.setMapping(answer.mapping);
      },
      (error: unknown) => {
        // The user info waits for the mapping: without one it settles on the defaults.
        if (!stopped) adapter.mappingUnavailable?.();
        onError(error);
      },
    );
  };

  const report = (): void => {
    timer = undefined;
    const systemKey = tenantOf();
    if (!systemKey || stopped || adapter.role !== 'panel') return;
    reportNovusDiagnostics(systemKey, adapter.diagnostics()).catch(onError);
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
  };
}
