import { useCallback, useEffect, useRef, useState } from 'react';
import {
  getErrorMessage,
  isHttpStatus,
  redeemTabSignIn,
  startTabSignIn,
  usePanelCache,
} from '@crm-panel/api-client';
import { type AuthStatus, type TabSignInStart } from '@crm-panel/crm-model';
import { TEXTS } from '@credentials/features/shared/texts';

/** How often the framed panel asks whether the tab's sign-in is done. */
export const TAB_REDEEM_POLL_MS = 2_000;
/**
 * Where the framed panel keeps the sign-in it started (this frame's own sessionStorage): a top
 * navigation takes the host's page away and back, and the panel picks the sign-in up again.
 */
export const TAB_SIGN_IN_STORAGE_KEY = 'crm-panel.tab-sign-in';

export type TabSignInStatus = 'starting' | 'ready' | 'done' | 'failed';

export interface TabSignInState {
  status: TabSignInStatus;
  /** The tab's link (auth/begin), once ready. */
  authUrl: string | null;
  /** Why it failed (pt-BR). */
  error: string | null;
}

export interface TabSignInFlow extends TabSignInState {
  /** A new link and code (after a failure, or a link that expired). */
  restart(): void;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // A frame without storage: the sign-in lives in memory only (no top-navigation round trip).
    return null;
  }
}

function isTabSignInStart(value: unknown): value is TabSignInStart {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.authUrl === 'string' &&
    typeof record.redeem === 'string' &&
    typeof record.expiresAt === 'number'
  );
}

/** The sign-in this frame started and may still redeem, if any. */
export function storedTabSignIn(now = Date.now()): TabSignInStart | null {
  try {
    const raw = storage()?.getItem(TAB_SIGN_IN_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isTabSignInStart(parsed) && parsed.expiresAt > now ? parsed : null;
  } catch {
    return null;
  }
}

function remember(started: TabSignInStart | null): void {
  try {
    if (started) storage()?.setItem(TAB_SIGN_IN_STORAGE_KEY, JSON.stringify(started));
    else storage()?.removeItem(TAB_SIGN_IN_STORAGE_KEY);
  } catch {
    // Quota or blocked: memory still has it.
  }
}

/** The page the panel is framed in, as the browser tells it (often its origin only), or null. */
function hostPage(): string | null {
  const referrer = document.referrer;
  return /^https?:\/\//.test(referrer) ? referrer : null;
}

/**
 * The framed panel's side of the sign-in in a tab of its own: asks the api for the tab's link and
 * the redeem code (kept here, never in a URL), then redeems every 2 s and whenever the panel gets
 * the focus back, until the tab's sign-in is done (the auth status is shared at once and `onDone`
 * called), the code is gone (expired, spent) or the tab refused the sign-in (consent denied,
 * another account: the api says why at once) — failed, with a new link on retry — or the panel goes.
 * A network hiccup while waiting just waits for the next try.
 */
export function useTabSignIn(onDone: (status: AuthStatus) => void): TabSignInFlow {
  const cache = usePanelCache();
  const [state, setState] = useState<TabSignInState>({
    status: 'starting',
    authUrl: null,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    let code: string | null = null;

    const fail = (error: string) => {
      remember(null);
      clearTimeout(timer);
      setState({ status: 'failed', authUrl: null, error });
    };

    const ask = async () => {
      if (!code || asking || signal.aborted) return;
      asking = true;
      clearTimeout(timer);
      try {
        const answer = await redeemTabSignIn(code, { signal });
        if (signal.aborted) return;
        if (answer.done && answer.status) {
          remember(null);
          code = null;
          setState((current) => ({ ...current, status: 'done' }));
          void cache.authChanged(answer.status);
          onDoneRef.current(answer.status);
          return;
        }
      } catch (cause) {
        if (signal.aborted) return;
        if (isHttpStatus(cause, 404) || isHttpStatus(cause, 409) || isHttpStatus(cause, 400)) {
          fail(getErrorMessage(cause, TEXTS.tab.startError));
          return;
        }
      } finally {
        asking = false;
      }
      timer = setTimeout(() => void ask(), TAB_REDEEM_POLL_MS);
    };

    const ready = (started: TabSignInStart) => {
      code = started.redeem;
      setState({ status: 'ready', authUrl: started.authUrl, error: null });
      timer = setTimeout(() => void ask(), TAB_REDEEM_POLL_MS);
    };

    const resumed = storedTabSignIn();
    if (resumed) ready(resumed);
    else
      startTabSignIn(hostPage(), { signal }).then(
        (started) => {
          if (signal.aborted) return;
          remember(started);
          ready(started);
        },
        (cause: unknown) => {
          if (!signal.aborted) fail(getErrorMessage(cause, TEXTS.tab.startError));
        },
      );

    // Back from the tab: ask at once rather than at the next tick.
    const onBack = () => {
      if (document.visibilityState === 'visible') void ask();
    };
    window.addEventListener('focus', onBack);
    document.addEventListener('visibilitychange', onBack);
    return () => {
      controller.abort();
      clearTimeout(timer);
      window.removeEventListener('focus', onBack);
      document.removeEventListener('visibilitychange', onBack);
    };
  }, [attempt, cache]);

  const restart = useCallback(() => {
    remember(null);
    setState({ status: 'starting', authUrl: null, error: null });
    setAttempt((count) => count + 1);
  }, []);

  return { ...state, restart };
}
