import { setupWorker } from 'msw/browser';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from '@crm-panel/api-client';
import { createHandlers } from '@crm-panel/api-client/testing';
import { FAKE_USER_INFO } from '@crm-panel/host-bridge/testing';
import { PanelThemeProvider } from '@crm-panel/ui';
import { StandalonePage } from './standalone/StandalonePage';

async function start(): Promise<void> {
  // The mock api must answer before the first request leaves.
  const worker = setupWorker(...createHandlers({ baseURL: '', delayMs: 300 }));
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  configureApiClient({ baseURL: '', getIdentity: () => FAKE_USER_INFO });

  const container = document.getElementById('root');
  if (!container) throw new Error('Elemento #root ausente em index.html');
  createRoot(container).render(
    <StrictMode>
      <PanelThemeProvider>
        <StandalonePage />
      </PanelThemeProvider>
    </StrictMode>,
  );
}

void start();
