import { configureApiClient } from '@crm-panel/api-client';
import { type HostAdapter } from '@crm-panel/host-bridge';
import { getIdentity } from './identity';

export interface ConfigurePanelApiOptions {
  /** `apiBaseUrl` of the runtime manifest. */
  apiBaseUrl: string;
  /** The connected host: it signs the identity assertions the api's sessions start from. */
  adapter: HostAdapter;
}

/**
 * Points the one api client (a federation singleton: every remote's calls too) at the api, with
 * the host user as identity and the api's session on: each call carries a bearer token earned
 * from the host's assertion, or — for hosts that sign nothing — by the CRM sign-in.
 */
export function configurePanelApi({ apiBaseUrl, adapter }: ConfigurePanelApiOptions) {
  configureApiClient({
    baseURL: apiBaseUrl,
    getIdentity,
    session: true,
    getAssertion: async () => (await adapter.getIdentityAssertion?.()) ?? null,
  });
}
