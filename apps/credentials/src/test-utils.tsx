import { type ReactElement } from 'react';
import {
  renderRemote,
  type RenderRemoteOptions,
  type RenderRemoteResult,
} from '@crm-panel/dev-harness/render';

export {
  advance,
  advanceUntil,
  createTestQueryClient,
  fakeSpecTimers,
} from '@crm-panel/dev-harness/render';

export type RenderPageOptions = Pick<RenderRemoteOptions, 'route' | 'adapter' | 'queryClient'>;

/** A credentials page as the shell mounts it; the fake host navigates with the router. */
export function renderPage(ui: ReactElement, options: RenderPageOptions = {}): RenderRemoteResult {
  return renderRemote(ui, { ...options, routerNavigate: true });
}
