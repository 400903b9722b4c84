import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PanelThemeProvider } from '@crm-panel/ui';
import { startMockApi } from './standalone/startMockApi';
import { StandalonePage } from './standalone/StandalonePage';

async function start(): Promise<void> {
  // The mock api must answer before the first request leaves.
  await startMockApi();
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
