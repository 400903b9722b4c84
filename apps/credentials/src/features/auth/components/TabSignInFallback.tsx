import { useState } from 'react';
import { type AuthStatus } from '@crm-panel/crm-model';
import { Alert } from '@crm-panel/ui';
import { TEXTS } from '@credentials/features/shared/texts';
import { type AuthWindowControls } from '../hooks/useAuthWindow';
import { storedTabSignIn } from '../hooks/useTabSignIn';
import { TabSignIn } from './TabSignIn';

/**
 * What the sign-in window is doing: blocked (by the browser or by a frame that may not open
 * windows: the tab sign-in is offered below), or waited on.
 */
export function AuthWindowAlerts({ authWindow }: { authWindow: AuthWindowControls }) {
  return (
    <>
      {authWindow.blocked ? <Alert tone="error">{TEXTS.common.popupBlockedOrTab}</Alert> : null}
      {authWindow.waiting ? <Alert tone="info">{TEXTS.prompt.waiting}</Alert> : null}
    </>
  );
}

export interface TabSignInFallbackProps {
  /** The browser blocked the sign-in window. */
  blocked: boolean;
  /** The tab's sign-in is done and the panel's session has it. */
  onDone: (status: AuthStatus) => void;
}

/**
 * Every page that opens the sign-in window offers the sign-in in a tab of its own ('Entre pelo
 * navegador') once the window was blocked (a frame that may not open windows), and at once when
 * this frame already started one (back from a top navigation, it is picked up again).
 */
export function TabSignInFallback({ blocked, onDone }: TabSignInFallbackProps) {
  const [resumed] = useState(() => storedTabSignIn() !== null);
  return blocked || resumed ? <TabSignIn onDone={onDone} /> : null;
}
