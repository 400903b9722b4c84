import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupWorker } from 'msw/browser';
import { configureApiClient } from '@crm-panel/api-client';
import { createHandlers } from '@crm-panel/api-client/testing';
import { FAKE_USER_INFO } from '@crm-panel/host-bridge/testing';
import { StandaloneApp } from './standalone/StandaloneApp';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('Elemento #root ausente em index.html');
  // The mock api answers in the page (service worker), with a little latency to show loading.
  await setupWorker(...createHandlers({ baseURL: '', delayMs: 300 })).start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  configureApiClient({ baseURL: '', getIdentity: () => FAKE_USER_INFO });
  createRoot(container).render(
    <StrictMode>
      <StandaloneApp />
    </StrictMode>,
  );
}

void start();
