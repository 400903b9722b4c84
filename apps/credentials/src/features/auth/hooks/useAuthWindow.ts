import { useEffect, useRef, useState } from 'react';
import { authStatusQueryOptions, useFetchQuery } from '@crm-panel/api-client';
import { AUTH_POLL_INTERVAL_MS, AUTH_WINDOW } from '@crm-panel/crm-model';
import { openWatchedWindow, type WatchedWindow } from '@credentials/features/auth/watchedWindow';
import { AUTH_POPUP_PATH, AUTH_WINDOW_NAME, authResultOf } from '../authWindow';

export interface AuthWindowControls {
  /** Opens (or focuses) the auth window; false when the browser blocked it. */
  open(): boolean;
  /** The auth window is open and its outcome not known yet. */
  waiting: boolean;
  blocked: boolean;
}

/**
 * The opener's side of the sign-in: /rdstation-auth-popup in a 600 × 700 window, centred. When it
 * reports back or is seen closed (checked every 500 ms), the server says whether the user is now
 * authenticated (the shared auth-status cache is refreshed on the way).
 */
export function useAuthWindow(onDone: (authenticated: boolean) => void): AuthWindowControls {
  const fetchQuery = useFetchQuery();
  const [waiting, setWaiting] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const childRef = useRef<WatchedWindow | null>(null);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  const stopWatching = () => {
    childRef.current?.stop();
    childRef.current = null;
  };

  const settle = async () => {
    stopWatching();
    // A failed check counts as not authenticated (PRODUCT.md §8).
    const authenticated = await fetchQuery({ ...authStatusQueryOptions(), staleTime: 0 }).then(
      (status) => status.authenticated,
      () => false,
    );
    setWaiting(false);
    onDoneRef.current(authenticated);
  };
  const settleRef = useRef(settle);
  useEffect(() => {
    settleRef.current = settle;
  });

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const child = childRef.current?.child;
      if (!child || event.source !== child || event.origin !== window.location.origin) return;
      if (authResultOf(event.data) === null) return;
      void settleRef.current();
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      childRef.current?.stop();
    };
  }, []);

  function open(): boolean {
    const current = childRef.current?.child;
    if (current && !current.closed) {
      current.focus();
      return true;
    }
    childRef.current?.stop();
    const watched = openWatchedWindow(new URL(AUTH_POPUP_PATH, window.location.href).toString(), {
      name: AUTH_WINDOW_NAME,
      width: AUTH_WINDOW.width,
      height: AUTH_WINDOW.height,
      pollMs: AUTH_POLL_INTERVAL_MS,
      onClosed: () => void settleRef.current(),
    });
    if (!watched) {
      setBlocked(true);
      return false;
    }
    setBlocked(false);
    setWaiting(true);
    childRef.current = watched;
    return true;
  }

  return { open, waiting, blocked };
}
