import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { HostBridgeProvider } from '@crm-panel/host-bridge';
import { StandaloneModalLayer } from './StandaloneModalLayer';
import { StandalonePage } from './StandalonePage';
import { createStandaloneModalHost } from './standaloneModalHost';

/** Everything the shell would provide, for the standalone page. */
export function StandaloneApp() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }),
  );
  const [host] = useState(createStandaloneModalHost);
  return (
    <QueryClientProvider client={queryClient}>
      <HostBridgeProvider adapter={host.adapter}>
        <BrowserRouter>
          <StandalonePage />
        </BrowserRouter>
        <StandaloneModalLayer host={host} />
      </HostBridgeProvider>
    </QueryClientProvider>
  );
}
