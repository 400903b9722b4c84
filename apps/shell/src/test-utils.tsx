import { type ReactElement } from 'react';
import { type FakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { renderRemote, type RenderRemoteResult } from '@crm-panel/dev-harness/render';

export interface RenderShellOptions {
  adapter: FakeHostAdapter;
  route?: string;
  /** Extra routes, e.g. redirect targets. */
  routes?: { path: string; element: ReactElement }[];
}

/** A piece of the shell with its providers; anything not in `routes` shows `ui`. */
export function renderShell(
  ui: ReactElement,
  { adapter, route = '/', routes = [] }: RenderShellOptions,
): RenderRemoteResult {
  return renderRemote(ui, { adapter, route, routes });
}
