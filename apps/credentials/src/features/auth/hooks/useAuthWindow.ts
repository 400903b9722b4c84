import { useEffect, useRef, useState } from 'react';
import { authStatusQueryOptions, useFetchQuery } from '@crm-panel/api-client';
import { AUTH_POLL_INTERVAL_MS, AUTH_WINDOW } from '@crm-panel/crm-model';
import {
  AUTH_POPUP_PATH,
  AUTH_WINDOW_NAME,
  authResultOf,
  centredWindowFeatures,
} from '../authWindow';

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
  const childRef = useRef<Window | null>(null);
  const pollRef = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  const stopWatching = () => {
    clearInterval(pollRef.current);
    pollRef.current = undefined;
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
      const child = childRef.current;
      if (!child || event.source !== child || event.origin !== window.location.origin) return;
      if (authResultOf(event.data) === null) return;
      void settleRef.current();
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      clearInterval(pollRef.current);
    };
  }, []);

  function open(): boolean {
    const current = childRef.current;
    if (current && !current.closed) {
      current.focus();
      return true;
    }
    const url = new URL(AUTH_POPUP_PATH, window.location.href).toString();
    const child = window.open(
      url,
      AUTH_WINDOW_NAME,
      centredWindowFeatures(window, AUTH_WINDOW.width, AUTH_WINDOW.height),
    );
    if (!child) {
      setBlocked(true);
      return false;
    }
    setBlocked(false);
    setWaiting(true);
    childRef.current = child;
    clearInterval(pollRef.current);
    pollRef.current = setInterval(() => {
      if (childRef.current?.closed) void settleRef.current();
    }, AUTH_POLL_INTERVAL_MS);
    return true;
  }

  return { open, waiting, blocked };
}
