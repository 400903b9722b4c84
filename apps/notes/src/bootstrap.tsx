import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { CHANNEL_ID_FIXTURE, CHAT_ID_FIXTURE } from '@crm-panel/api-client/testing';
import { HostBridgeProvider } from '@crm-panel/host-bridge';
import { FAKE_ATTENDANCE } from '@crm-panel/host-bridge/testing';
import { PanelThemeProvider } from '@crm-panel/ui';
import { startMockApi } from './standalone/mockApi';
import { StandaloneModal } from './standalone/StandaloneModal';
import { StandalonePage } from './standalone/StandalonePage';
import { createStandaloneHost } from './standalone/standaloneHost';

async function start(container: HTMLElement): Promise<void> {
  await startMockApi();
  const host = createStandaloneHost({
    // The mock api keeps its chat messages under these ids.
    attendance: { ...FAKE_ATTENDANCE, atendimentoId: CHAT_ID_FIXTURE, canalId: CHANNEL_ID_FIXTURE },
    onPageFormClosed: () => window.history.back(),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });
  createRoot(container).render(
    <StrictMode>
      <PanelThemeProvider>
        <QueryClientProvider client={queryClient}>
          <HostBridgeProvider adapter={host.adapter}>
            <BrowserRouter>
              <StandalonePage />
            </BrowserRouter>
            <StandaloneModal host={host} />
          </HostBridgeProvider>
        </QueryClientProvider>
      </PanelThemeProvider>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root ausente em index.html');
start(container).catch((error: unknown) => {
  console.error(error);
  container.textContent = 'Não foi possível iniciar a API simulada desta página.';
});
