import { type ReactElement } from 'react';
import {
  renderRemoteSettled,
  type RenderRemoteOptions,
  type RenderRemoteResult,
} from '@crm-panel/dev-harness/render';

export { createTestQueryClient } from '@crm-panel/dev-harness/render';

export interface RenderOptions extends RenderRemoteOptions {
  /** Kept for the tests that say so; user-event follows jest's fake timers by itself. */
  advanceTimers?: (ms: number) => void;
}

/** The notes remote as the shell mounts it, once the fake host handed over its user info. */
export function renderWithProviders(
  ui: ReactElement,
  { advanceTimers: _advanceTimers, ...options }: RenderOptions = {},
): Promise<RenderRemoteResult> {
  return renderRemoteSettled(ui, options);
}
