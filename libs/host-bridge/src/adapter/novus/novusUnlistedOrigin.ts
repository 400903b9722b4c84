import {
  DEFAULT_NOVUS_MAPPING,
  understandNovus,
  type NovusDiagnosticsReport,
} from '@crm-panel/contracts';
import { createNoHostAdapter } from '@host-bridge/adapter/createNoHostAdapter';
import { HostRequestError } from '@host-bridge/adapter/portRequests';
import { type NovusPageRole, type NovusPanelAdapter } from './createNovusHostAdapter';

export interface NovusUnlistedOriginOptions {
  role: NovusPageRole;
  /** Where the page says it is framed from (none of them allow-listed as the host). */
  origins: NovusDiagnosticsReport['origins'];
  /** The plugin URL's `hostTenant`: where the report goes (the tenant's pre-session slot). */
  tenant: string | null;
}

/**
 * A page framed with `hostProtocol=novus` whose host origin is not in the allow-list: the panel
 * talks to no one (nothing is posted to an origin it does not trust), knows no user, and says why
 * instead of passing for a page opened outside its host: its diagnostics carry `hostOrigin: null`
 * and the origins it saw, so the shell shows what to configure and reports it to the tenant's
 * pre-session slot.
 */
export function createNovusUnlistedOriginAdapter(
  options: NovusUnlistedOriginOptions,
): NovusPanelAdapter {
  const base = createNoHostAdapter({ opener: null });
  const refused = (): Promise<never> =>
    Promise.reject(
      new HostRequestError('config', 'A origem da página do Novus não está entre as permitidas.'),
    );
  const report: NovusDiagnosticsReport = {
    hostOrigin: null,
    origins: { ...options.origins },
    urlTenant: options.tenant,
    userInfo: null,
    lastEvent: null,
    understood: understandNovus(undefined, undefined, options.tenant, DEFAULT_NOVUS_MAPPING),
    unexpected: [],
  };
  return {
    ...base,
    kind: 'novus',
    role: options.role,
    apiRequest: refused,
    userInfoPending: () => false,
    watchWaiting: () => () => undefined,
    setMapping: () => undefined,
    mappingUnavailable: () => undefined,
    // Nothing reads through this host: the panel stops at the card that names the origin.
    mappingFailed: () => undefined,
    retryMapping: () => undefined,
    chatMessagesSource: () => 'api',
    diagnostics: () => ({ ...report, origins: { ...report.origins } }),
    watchDiagnostics: () => () => undefined,
  };
}
