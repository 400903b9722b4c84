import { type ReactElement } from 'react';
import {
  renderRemote as renderWithHarness,
  type RenderRemoteOptions as HarnessOptions,
  type RenderRemoteResult,
} from '@crm-panel/dev-harness/render';

export { axeViolations, createTestQueryClient } from '@crm-panel/dev-harness/render';
export type { RenderRemoteResult };

export interface RenderRemoteOptions extends HarnessOptions {
  /** Kept for the tests that say so; user-event follows jest's fake timers by itself. */
  fakeTimers?: boolean;
}

/** The tasks remote as the shell mounts it; typing whole sentences at once keeps tests fast. */
export function renderRemote(
  ui: ReactElement,
  { fakeTimers: _fakeTimers, ...options }: RenderRemoteOptions = {},
): RenderRemoteResult {
  return renderWithHarness(ui, { typingDelay: null, ...options });
}
