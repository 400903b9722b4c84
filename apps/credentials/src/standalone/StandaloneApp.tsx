import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { type FakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { PanelThemeProvider } from '@crm-panel/ui';
import { type MockWorld } from './mockWorld';
import { RoutedHost } from './RoutedHost';

export interface StandaloneAppProps {
  adapter: FakeHostAdapter;
  world: MockWorld;
}

/** Every provider the shell would give: theme, one QueryClient, router, host (fake). */
export function StandaloneApp({ adapter, world }: StandaloneAppProps) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }),
  );
  return (
    <PanelThemeProvider>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <RoutedHost adapter={adapter} world={world} />
        </BrowserRouter>
      </QueryClientProvider>
    </PanelThemeProvider>
  );
}
