import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { type ReactElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import {
  createFakeHostAdapter,
  type FakeHostAdapter,
  FakeHostProvider,
} from '@crm-panel/host-bridge/testing';
import { PanelThemeProvider } from '@crm-panel/ui';

export interface RenderOptions {
  /** Path and query the router starts at, e.g. '/note-create-modal?dealId=deal-1'. */
  route?: string;
  adapter?: FakeHostAdapter;
  queryClient?: QueryClient;
  /** For tests on fake timers. */
  advanceTimers?: (ms: number) => void;
}

export interface RenderWithProvidersResult extends RenderResult {
  user: UserEvent;
  adapter: FakeHostAdapter;
  queryClient: QueryClient;
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/**
 * Renders like the shell does: theme, one QueryClient (no retries), a router and a fake host.
 * Resolves once the host user info has settled, so its state update lands inside act().
 */
export async function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    adapter = createFakeHostAdapter(),
    queryClient = createTestQueryClient(),
    advanceTimers,
  }: RenderOptions = {},
): Promise<RenderWithProvidersResult> {
  function Providers({ children }: { children: ReactNode }) {
    return (
      <PanelThemeProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]}>
            <FakeHostProvider adapter={adapter}>{children}</FakeHostProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </PanelThemeProvider>
    );
  }
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  const result = render(ui, { wrapper: Providers });
  await act(async () => {});
  return { ...result, user, adapter, queryClient };
}
