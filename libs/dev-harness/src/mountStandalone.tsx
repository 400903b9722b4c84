import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setupWorker } from 'msw/browser';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@crm-panel/contracts/router';
import { configureApiClient, LiveUpdatesProvider } from '@crm-panel/api-client';
import {
  createHandlers,
  type CreateHandlersOptions,
  createMockDb,
  mockErrorHandler,
  type MockLiveFeed,
} from '@crm-panel/api-client/testing';
import { type HostAttendance } from '@crm-panel/contracts';
import { HostBridgeProvider } from '@crm-panel/host-bridge';
import { FAKE_USER_INFO } from '@crm-panel/host-bridge/testing';
import { PanelThemeProvider } from '@crm-panel/ui';
import { FailureSwitches, type StandaloneFailure } from './FailureSwitches';
import { StandaloneFrame, type StandalonePageRoute, type StandaloneView } from './StandaloneFrame';
import { StandaloneModalLayer, type StandaloneModalRoute } from './StandaloneModalLayer';
import { createStandaloneHost, type StandaloneHost } from './standaloneHost';

export interface StandaloneConfig {
  /** The remote's name, e.g. 'tasks'. */
  name: string;
  views: StandaloneView[];
  routes: StandalonePageRoute[];
  /** The modal pages the remote exposes, drawn in the page's own modal layer. */
  modalRoutes?: StandaloneModalRoute[];
  /** The mock world: a seeded db, the latency (300 ms by default, to see loading states). */
  world?: CreateHandlersOptions;
  /** Called after each answer of the mock api (e.g. to keep the world's state across windows). */
  onMockedResponse?: () => void;
  /** Routes a checkbox can make fail. */
  failures?: StandaloneFailure[];
  /** The attendance the fake host starts with (none by default). */
  attendance?: HostAttendance;
  /**
   * More controls of the page, given the fake host (e.g. to switch the attendance) and the mock
   * world's live stream (e.g. to push someone else's change to the open page).
   */
  controls?: (host: StandaloneHost, live: MockLiveFeed) => ReactNode;
}

/**
 * A remote's standalone page (`npx nx serve <remote>`): the mock api in a service worker, a fake
 * host whose modals open inside the page, and every provider the shell would give.
 */
export async function mountStandalone(config: StandaloneConfig): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('Elemento #root ausente em index.html');
  try {
    // The db is the page's own, so its controls can push live changes into it.
    const world = { baseURL: '', delayMs: 300, ...config.world };
    const db = world.db ?? createMockDb();
    const worker = setupWorker(...createHandlers({ ...world, db }));
    const { onMockedResponse } = config;
    if (onMockedResponse) worker.events.on('response:mocked', () => onMockedResponse());
    await worker.start({
      serviceWorker: { url: '/mockServiceWorker.js' },
      onUnhandledRequest: 'bypass',
      quiet: true,
    });
    configureApiClient({ baseURL: '', getIdentity: () => FAKE_USER_INFO });
    const fail = (failing: StandaloneFailure[]) => {
      worker.resetHandlers();
      worker.use(...failing.map((failure) => mockErrorHandler({ ...failure, status: 500 })));
    };
    const host = createStandaloneHost(config.attendance);
    const queryClient = new QueryClient({
      defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
    });
    const modalRoutes = config.modalRoutes ?? [];
    createRoot(container).render(
      <StrictMode>
        <PanelThemeProvider>
          <QueryClientProvider client={queryClient}>
            <HostBridgeProvider adapter={host.adapter}>
              {/* As the shell does: one live stream (the mock world's GET /api/events). */}
              <LiveUpdatesProvider selfUserId={FAKE_USER_INFO.userId}>
                <BrowserRouter>
                  <StandaloneFrame
                    name={config.name}
                    host={host}
                    views={config.views}
                    routes={config.routes}
                    modalRoutes={modalRoutes}
                    controls={
                      <>
                        {config.failures ? (
                          <FailureSwitches failures={config.failures} onChange={fail} />
                        ) : null}
                        {config.controls?.(host, db.live)}
                      </>
                    }
                  />
                </BrowserRouter>
                <StandaloneModalLayer host={host} routes={modalRoutes} />
              </LiveUpdatesProvider>
            </HostBridgeProvider>
          </QueryClientProvider>
        </PanelThemeProvider>
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    container.textContent = 'Não foi possível iniciar a api simulada desta página.';
  }
}
