import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import { axe } from 'jest-axe';
import userEvent from '@testing-library/user-event';
import { type ReactElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import {
  createFakeHostAdapter,
  FakeHostProvider,
  type FakeHostAdapter,
} from '@crm-panel/host-bridge/testing';
import { PanelThemeProvider } from '@crm-panel/ui';

export interface RenderRemoteOptions {
  /** Initial URL of the MemoryRouter, e.g. '/task-create-modal?dealId=deal-1'. */
  route?: string;
  adapter?: FakeHostAdapter;
  queryClient?: QueryClient;
  /** Set when the test runs on jest fake timers. */
  fakeTimers?: boolean;
}

export interface RenderRemoteResult extends RenderResult {
  adapter: FakeHostAdapter;
  queryClient: QueryClient;
  user: ReturnType<typeof userEvent.setup>;
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders as the shell would: theme, a fresh QueryClient (no retries), router, fake host. */
export function renderRemote(
  ui: ReactElement,
  options: RenderRemoteOptions = {},
): RenderRemoteResult {
  const adapter = options.adapter ?? createFakeHostAdapter();
  const queryClient = options.queryClient ?? createTestQueryClient();
  // delay null: no timer between keystrokes, so typing whole sentences stays fast.
  const user = userEvent.setup(
    options.fakeTimers ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : { delay: null },
  );
  const route = options.route ?? '/';
  // A wrapper (not inline providers), so rerender() keeps the same client, router and host.
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
  const result = render(ui, { wrapper: Providers });
  return { ...result, adapter, queryClient, user };
}

/** axe's violations for an element; inside act, since queries may settle while axe runs. */
export async function axeViolations(element: Element) {
  let violations: Awaited<ReturnType<typeof axe>>['violations'] = [];
  await act(async () => {
    violations = (await axe(element)).violations;
  });
  return violations;
}
