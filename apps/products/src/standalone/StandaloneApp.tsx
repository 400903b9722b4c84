import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { HostBridgeProvider } from '@crm-panel/host-bridge';
import { PanelThemeProvider } from '@crm-panel/ui';
import { StandaloneModalLayer } from './StandaloneModalLayer';
import { StandalonePage } from './StandalonePage';
import { createStandaloneHost } from './standaloneHost';

/** Every provider the shell would give the remote, over the fake host and the mock api. */
export function StandaloneApp() {
  const [host] = useState(createStandaloneHost);
  const [queryClient] = useState(() => new QueryClient());
  return (
    <PanelThemeProvider>
      <QueryClientProvider client={queryClient}>
        <HostBridgeProvider adapter={host.adapter}>
          <BrowserRouter>
            <StandalonePage host={host} />
          </BrowserRouter>
          <StandaloneModalLayer host={host} />
        </HostBridgeProvider>
      </QueryClientProvider>
    </PanelThemeProvider>
  );
}
