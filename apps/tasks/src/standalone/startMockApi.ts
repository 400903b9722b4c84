import { setupWorker } from 'msw/browser';
import { configureApiClient } from '@crm-panel/api-client';
import { createHandlers } from '@crm-panel/api-client/testing';
import { FAKE_USER_INFO } from '@crm-panel/host-bridge/testing';

/** The mock api of the standalone page: MSW in a service worker, a little latency to see states. */
export async function startMockApi(): Promise<void> {
  const worker = setupWorker(...createHandlers({ baseURL: '', delayMs: 300 }));
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  configureApiClient({ baseURL: '', getIdentity: () => FAKE_USER_INFO });
}
