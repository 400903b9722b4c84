import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { FakeHostProvider, type FakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { PanelThemeProvider } from '@crm-panel/ui';

/** Shows where the router is, so tests can assert redirects as a person would see the page. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export interface RenderShellOptions {
  adapter: FakeHostAdapter;
  route?: string;
  /** Extra routes, e.g. redirect targets. */
  routes?: { path: string; element: ReactElement }[];
}

export function renderShell(
  ui: ReactElement,
  { adapter, route = '/', routes = [] }: RenderShellOptions,
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <PanelThemeProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <FakeHostProvider adapter={adapter}>
            <LocationProbe />
            <Routes>
              {routes.map((r) => (
                <Route key={r.path} path={r.path} element={r.element} />
              ))}
              <Route path="*" element={ui} />
            </Routes>
          </FakeHostProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </PanelThemeProvider>,
  );
}
