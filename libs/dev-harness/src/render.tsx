// Tests' half of the harness (`@crm-panel/dev-harness/render`): what the shell puts around a
// remote, for Testing Library. Kept apart from the standalone half so a dev page never bundles it.
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from '@crm-panel/contracts/router';
import {
  createFakeHostAdapter,
  type FakeHostAdapter,
  FakeHostProvider,
} from '@crm-panel/host-bridge/testing';
import { createPanelQueryClient } from '@crm-panel/api-client';
import { PanelThemeProvider } from '@crm-panel/ui';

export interface RenderRemoteOptions {
  /** Where the router starts, e.g. '/task-create-modal?dealId=deal-1'. Default '/'. */
  route?: string;
  adapter?: FakeHostAdapter;
  queryClient?: QueryClient;
  /**
   * Mount the element at this route pattern (instead of everywhere), beside `routes`; with
   * `mainPanel`, '/' shows 'Painel principal', so a form going back to the panel can be seen.
   */
  mountAt?: string;
  routes?: { path: string; element: ReactElement }[];
  mainPanel?: boolean;
  /** The fake host navigates with the router (the page fallback of a form without a modal API). */
  routerNavigate?: boolean;
  /** user-event's pause between keystrokes; null types whole sentences at once. */
  typingDelay?: number | null;
}

export interface RenderRemoteResult extends RenderResult {
  user: UserEvent;
  adapter: FakeHostAdapter;
  queryClient: QueryClient;
  /** The router's current path and query. */
  location(): string;
  /** Re-renders another element with the same providers (same cache, router and host). */
  rerenderWith(ui: ReactElement): void;
}

/**
 * A fresh cache per test with the panel's own freshness (createPanelQueryClient), so a test sees
 * the requests the panel makes; no retries, so a failed request shows its error at once.
 */
export function createTestQueryClient(): QueryClient {
  const client = createPanelQueryClient();
  const { queries } = client.getDefaultOptions();
  client.setDefaultOptions({
    queries: { ...queries, retry: false, gcTime: Infinity },
    mutations: { retry: false },
  });
  return client;
}

/** Shows where the router is, so a test can assert navigations as a person would see them. */
function LocationProbe() {
  const location = useLocation();
  return <output hidden data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function RouterNavigatingHost({
  adapter,
  children,
}: {
  adapter: FakeHostAdapter;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <FakeHostProvider adapter={adapter} navigate={navigate}>
      {children}
    </FakeHostProvider>
  );
}

/** Jest's modern fake timers are on (user-event must then move them instead of sleeping). */
export const usesFakeTimers = (): boolean => 'clock' in setTimeout;

/** Renders a remote's module as the shell would: theme, one query cache, a router, a fake host. */
export function renderRemote(
  ui: ReactElement,
  options: RenderRemoteOptions = {},
): RenderRemoteResult {
  const adapter = options.adapter ?? createFakeHostAdapter();
  const queryClient = options.queryClient ?? createTestQueryClient();
  const user = usesFakeTimers()
    ? userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) })
    : userEvent.setup(options.typingDelay === undefined ? {} : { delay: options.typingDelay });
  const route = options.route ?? '/';
  const Host = options.routerNavigate ? RouterNavigatingHost : FakeHostProvider;

  // A wrapper (not inline providers), so a rerender keeps the same client, router and host.
  function Providers({ children }: { children: ReactNode }) {
    return (
      <PanelThemeProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]}>
            <Host adapter={adapter}>
              {children}
              <LocationProbe />
            </Host>
          </MemoryRouter>
        </QueryClientProvider>
      </PanelThemeProvider>
    );
  }

  const routed = options.mountAt !== undefined || options.routes !== undefined;
  const place = (node: ReactElement): ReactElement =>
    routed ? (
      <Routes>
        {options.mainPanel ? <Route path="/" element={<p>Painel principal</p>} /> : null}
        {(options.routes ?? []).map((extra) => (
          <Route key={extra.path} path={extra.path} element={extra.element} />
        ))}
        <Route path={options.mountAt ?? '*'} element={node} />
      </Routes>
    ) : (
      node
    );

  const result = render(place(ui), { wrapper: Providers });
  return {
    ...result,
    user,
    adapter,
    queryClient,
    location: () => result.getByTestId('location').textContent ?? '',
    rerenderWith: (next) => result.rerender(place(next)),
  };
}

/** renderRemote, then lets the fake host hand over its user info inside act. */
export async function renderRemoteSettled(
  ui: ReactElement,
  options: RenderRemoteOptions = {},
): Promise<RenderRemoteResult> {
  let rendered: RenderRemoteResult | undefined;
  await act(async () => {
    rendered = renderRemote(ui, options);
  });
  if (!rendered) throw new Error('render did not run');
  await act(async () => {});
  return rendered;
}

/** The router's current path and query, read from the page. */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** Lets pending promises (the fake host's start) finish inside act, for tests that only look. */
export async function settle(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
  });
}

/** axe-core's violations (WCAG rules) for an element, inside act since queries may settle. */
export async function axeViolations(element: Element) {
  let violations: Awaited<ReturnType<typeof axe>>['violations'] = [];
  await act(async () => {
    violations = (await axe(element)).violations;
  });
  return violations;
}

/** Fails with axe-core's findings for the rendered page. */
export async function expectAccessible(container: Element): Promise<void> {
  const violations = await axeViolations(container);
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/**
 * Jest fake timers for the spec's delays. Node's own queues stay real: MSW answers through
 * streams that run on them.
 */
export function fakeSpecTimers(): void {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
}

/** Moves fake time forward in small steps inside act, so what each step schedules runs too. */
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
