import { useState, type ReactNode } from 'react';
import { BrowserRouter, useNavigate } from '@crm-panel/contracts/router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createPanelQueryClient } from '@crm-panel/api-client';
import { HostBridgeProvider, type HostAdapter } from '@crm-panel/host-bridge';
import { PanelThemeProvider } from '@crm-panel/ui';
import { IdentitySync } from '@shell/identity/IdentitySync';
import { PanelContextSync } from '@shell/identity/PanelContextSync';
import { AppRoutes } from '@shell/routes/AppRoutes';
import { HostWaitingNotice } from '@shell/novus/HostWaitingNotice';
import { RemoteOverridesBanner } from '@shell/federation/RemoteOverridesBanner';
import type { RemoteOverride } from '@shell/federation/remoteOverrides';

function HostBridge({ adapter, children }: { adapter: HostAdapter; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <HostBridgeProvider adapter={adapter} navigate={navigate}>
      {children}
    </HostBridgeProvider>
  );
}

export interface AppProps {
  adapter: HostAdapter;
  /** Remotes this browser loads from another address (remoteOverrides.ts): a banner says so. */
  overrides?: readonly RemoteOverride[];
  onClearOverrides?: () => void;
}

/** The panel: theme, one query cache, the router and the host bridge around the route table. */
export function App({ adapter, overrides = [], onClearOverrides = () => undefined }: AppProps) {
  const [queryClient] = useState(createPanelQueryClient);
  return (
    <PanelThemeProvider>
      <RemoteOverridesBanner overrides={overrides} onClear={onClearOverrides} />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <HostBridge adapter={adapter}>
            <HostWaitingNotice />
            <IdentitySync />
            <PanelContextSync />
            <AppRoutes />
          </HostBridge>
        </BrowserRouter>
      </QueryClientProvider>
    </PanelThemeProvider>
  );
}
