import { type ReactElement } from 'react';
import { type QueryClient } from '@tanstack/react-query';
import { type FakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { renderRemote, type RenderRemoteResult } from '@crm-panel/dev-harness/render';

export interface RenderShellOptions {
  adapter: FakeHostAdapter;
  route?: string;
  /** Extra routes, e.g. redirect targets. */
  routes?: { path: string; element: ReactElement }[];
  /** The panel's own cache (its retries) instead of the tests' one that retries nothing. */
  queryClient?: QueryClient;
}

/** A piece of the shell with its providers; anything not in `routes` shows `ui`. */
export function renderShell(
  ui: ReactElement,
  { adapter, route = '/', routes = [], queryClient }: RenderShellOptions,
): RenderRemoteResult {
  return renderRemote(ui, { adapter, route, routes, queryClient });
}
