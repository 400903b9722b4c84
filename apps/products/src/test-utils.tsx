import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { type ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import {
  createFakeHostAdapter,
  type FakeHostAdapter,
  FakeHostProvider,
} from '@crm-panel/host-bridge/testing';
import { PanelThemeProvider } from '@crm-panel/ui';

export interface RenderOptions {
  /** The router's first entry, e.g. '/product-create-modal?dealId=deal-1'. */
  route?: string;
  adapter?: FakeHostAdapter;
  queryClient?: QueryClient;
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  adapter: FakeHostAdapter;
  queryClient: QueryClient;
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

const usesFakeTimers = (): boolean =>
  typeof (setTimeout as unknown as { clock?: unknown }).clock === 'object';

/**
 * Renders like the shell does: theme, one QueryClient (no retries), a router and the fake host,
 * and lets the host hand over its user info. user-event follows jest's fake timers when a test
 * turned them on.
 */
export async function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions = {},
): Promise<Rendered> {
  const adapter = options.adapter ?? createFakeHostAdapter();
  const queryClient = options.queryClient ?? createTestQueryClient();
  const user = usesFakeTimers()
    ? userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) })
    : userEvent.setup();
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(
      <PanelThemeProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[options.route ?? '/']}>
            <FakeHostProvider adapter={adapter}>{ui}</FakeHostProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </PanelThemeProvider>,
    );
  });
  if (!result) throw new Error('render did not run');
  return { ...result, user, adapter, queryClient };
}
