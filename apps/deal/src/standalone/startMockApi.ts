import { setupWorker } from 'msw/browser';
import { configureApiClient } from '@crm-panel/api-client';
import { createHandlers, identityFixture } from '@crm-panel/api-client/testing';

/** The api-client mock world in the browser (MSW service worker), same origin as the page. */
export async function startMockApi(): Promise<void> {
  const worker = setupWorker(...createHandlers({ baseURL: '', delayMs: 300 }));
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  configureApiClient({ baseURL: '', getIdentity: () => identityFixture });
}
