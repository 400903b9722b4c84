import { type ReactElement } from 'react';
import {
  renderRemote,
  type RenderRemoteOptions,
  type RenderRemoteResult,
} from '@crm-panel/dev-harness/render';

export { currentLocation, expectAccessible, settle } from '@crm-panel/dev-harness/render';

export interface RenderOptions extends Pick<RenderRemoteOptions, 'adapter'> {
  /** Where the router starts, e.g. '/contact-edit-modal?contactId=…'. Default '/page'. */
  route?: string;
  /** The route pattern the element is mounted at. Default: the path of `route`. */
  path?: string;
  /** Kept for the tests that say so; user-event follows jest's fake timers by itself. */
  fakeTimers?: boolean;
}

/** A contacts page as the shell mounts it; '/' shows 'Painel principal', where forms return. */
export function renderPage(ui: ReactElement, options: RenderOptions = {}): RenderRemoteResult {
  const route = options.route ?? '/page';
  return renderRemote(ui, {
    route,
    adapter: options.adapter,
    mountAt: options.path ?? route.split('?')[0] ?? '/page',
    mainPanel: true,
  });
}
