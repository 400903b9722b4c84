import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { type ReactElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import {
  createFakeHostAdapter,
  type FakeHostAdapter,
  FakeHostProvider,
} from '@crm-panel/host-bridge/testing';
import { PanelThemeProvider } from '@crm-panel/ui';

export interface RenderWithProvidersOptions {
  /** Initial URL of the MemoryRouter, e.g. '/deal-create-modal?contactId=contact-1'. */
  route?: string;
  adapter?: FakeHostAdapter;
}

export interface ProvidersRenderResult extends RenderResult {
  adapter: FakeHostAdapter;
  queryClient: QueryClient;
  /** Re-renders with the same providers (same cache, same host). */
  rerenderWith(ui: ReactElement): void;
}

/** A fresh cache per test; no retries, so a failed request shows its error at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** What the shell puts around a remote: theme, one query cache, the router and the host bridge. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', adapter = createFakeHostAdapter() }: RenderWithProvidersOptions = {},
): ProvidersRenderResult {
  const queryClient = createTestQueryClient();
  const wrap = (node: ReactNode) => (
    <PanelThemeProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <FakeHostProvider adapter={adapter}>{node}</FakeHostProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </PanelThemeProvider>
  );
  const result = render(wrap(ui));
  return {
    ...result,
    adapter,
    queryClient,
    rerenderWith: (next) => result.rerender(wrap(next)),
  };
}
