import { axe } from 'jest-axe';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  createFakeHostAdapter,
  type FakeHostAdapter,
  FakeHostProvider,
} from '@crm-panel/host-bridge/testing';
import { PanelThemeProvider } from '@crm-panel/ui';

export interface RenderOptions {
  /** Where the router starts, e.g. '/contact-edit-modal?contactId=…'. Default '/page'. */
  route?: string;
  /** The route pattern the element is mounted at. Default: the path of `route`. */
  path?: string;
  adapter?: FakeHostAdapter;
  /** Fake timers: user-event advances them instead of sleeping. */
  fakeTimers?: boolean;
}

export interface RenderedPage extends RenderResult {
  user: UserEvent;
  adapter: FakeHostAdapter;
  queryClient: QueryClient;
}

/** Shows where the router is, so tests can assert navigations (e.g. back to '/'). */
function LocationProbe() {
  const location = useLocation();
  return <div hidden data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/**
 * What the shell gives a remote: theme, one QueryClient (no retries), a router and the fake host.
 * The element is mounted at `path`; '/' shows 'Painel principal'.
 */
export function renderPage(ui: ReactElement, options: RenderOptions = {}): RenderedPage {
  const route = options.route ?? '/page';
  const path = options.path ?? route.split('?')[0] ?? '/page';
  const adapter = options.adapter ?? createFakeHostAdapter();
  const queryClient = createTestQueryClient();
  const user = options.fakeTimers
    ? userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
    : userEvent.setup();
  const result = render(
    <PanelThemeProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <FakeHostProvider adapter={adapter}>
            <Routes>
              <Route path="/" element={<p>Painel principal</p>} />
              <Route path={path} element={ui} />
            </Routes>
            <LocationProbe />
          </FakeHostProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </PanelThemeProvider>,
  );
  return { ...result, user, adapter, queryClient };
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** Lets the fake host's async start (user info) finish inside act, for tests that only look. */
export async function settle(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
  });
}

/** Fails with axe-core's findings (WCAG rules) for the rendered page. */
export async function expectAccessible(container: Element): Promise<void> {
  const results = await axe(container);
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}
