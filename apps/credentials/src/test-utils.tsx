import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import {
  createFakeHostAdapter,
  FakeHostProvider,
  type FakeHostAdapter,
} from '@crm-panel/host-bridge/testing';
import { PanelThemeProvider } from '@crm-panel/ui';

export interface RenderPageOptions {
  /** Initial URL of the memory router. */
  route?: string;
  adapter?: FakeHostAdapter;
  queryClient?: QueryClient;
}

export interface RenderPageResult extends RenderResult {
  adapter: FakeHostAdapter;
  queryClient: QueryClient;
  user: UserEvent;
  /** The router's current pathname (and search). */
  location(): string;
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

function HostWithRouter({ adapter, children }: { adapter: FakeHostAdapter; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <FakeHostProvider adapter={adapter} navigate={navigate}>
      {children}
    </FakeHostProvider>
  );
}

const usesFakeTimers = (): boolean => 'clock' in setTimeout;

/**
 * Renders a page as the shell would: theme, one QueryClient (retry off), a router and a fake
 * host. user-event follows jest's fake timers when a test turned them on.
 */
export function renderPage(ui: ReactElement, options: RenderPageOptions = {}): RenderPageResult {
  const adapter = options.adapter ?? createFakeHostAdapter();
  const queryClient = options.queryClient ?? createTestQueryClient();
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (usesFakeTimers()) jest.advanceTimersByTime(ms);
    },
  });
  const result = render(
    <PanelThemeProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[options.route ?? '/']}>
          <HostWithRouter adapter={adapter}>
            {ui}
            <LocationProbe />
          </HostWithRouter>
        </MemoryRouter>
      </QueryClientProvider>
    </PanelThemeProvider>,
  );
  return {
    ...result,
    adapter,
    queryClient,
    user,
    location: () => result.getByTestId('location').textContent ?? '',
  };
}

/**
 * Jest fake timers for the spec's delays. Node's own queues stay real: MSW answers through
 * streams that run on them.
 */
export function fakeSpecTimers(): void {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
}

/**
 * Moves fake time forward in small steps inside act, letting answers and renders in between
 * schedule what comes next (a request made after a timer fires is answered within the same call).
 */
export async function advance(ms: number, stepMs = 50): Promise<void> {
  let left = ms;
  while (left > 0) {
    const step = Math.min(stepMs, left);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(step);
    });
    left -= step;
  }
}

/** Advances fake time in 10 ms steps until `check` holds (at most `limitMs`). */
export async function advanceUntil(check: () => boolean, limitMs = 5_000): Promise<void> {
  for (let elapsed = 0; !check(); elapsed += 10) {
    if (elapsed >= limitMs) throw new Error(`Condition not met within ${limitMs} ms`);
    await advance(10, 10);
  }
}
