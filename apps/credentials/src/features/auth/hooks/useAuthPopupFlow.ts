import { useEffect, useRef, useState } from 'react';
import {
  getAuthStatus,
  getErrorMessage,
  startAuth,
  submitApiV1Token,
  usePanelCache,
} from '@crm-panel/api-client';
import { MODAL_CANCELLED } from '@crm-panel/contracts';
import {
  AUTH_POLL_INTERVAL_MS,
  AUTH_START_ERROR_CLOSE_DELAY_MS,
  AUTH_STATUS_ERROR_CLOSE_DELAY_MS,
  AUTH_SUCCESS_CLOSE_DELAY_MS,
  AUTH_WINDOW,
  type AuthPopupStatus,
  type AuthStatus,
  MESSAGES,
} from '@crm-panel/crm-model';
import { useHostForms } from '@crm-panel/host-bridge';
import { openWatchedWindow, type WatchedWindow } from '@credentials/features/auth/watchedWindow';
import { PROVIDER_WINDOW_NAME } from '../authWindow';
import { navigateWindow } from '../navigateWindow';

export interface AuthPopupState {
  status: AuthPopupStatus;
  /** The error screen's message. */
  error: string | null;
  /** The error screen closes the window by itself (start and status-check errors). */
  closing: boolean;
  /** The provider window closed and auth/status is being asked. */
  checking: boolean;
}

export interface AuthPopupFlow extends AuthPopupState {
  /** Brings the provider window to the front. */
  showProvider(): void;
  /** POST auth/v1-token; resolves with the error to show, or null on success. */
  submitToken(token: string): Promise<string | null>;
  /** Ends the window with failure now. */
  cancel(): void;
}

const INITIAL: AuthPopupState = {
  status: 'loading',
  error: null,
  closing: false,
  checking: false,
};

/**
 * /rdstation-auth-popup (PRODUCT.md §4): loading → opening → waiting (the provider window is checked
 * every 500 ms) → status check → success (closes after 1.5 s) or collecting_token (API v1 token);
 * errors close with failure after 3 s (start) or 2 s (status check).
 */
export function useAuthPopupFlow(): AuthPopupFlow {
  const { closeForm } = useHostForms();
  const cache = usePanelCache();
  const [state, setState] = useState<AuthPopupState>(INITIAL);
  const authUrlRef = useRef<string | null>(null);
  const providerRef = useRef<WatchedWindow | null>(null);
  const closeRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const activeRef = useRef(true);

  const show = (next: Partial<AuthPopupState> & { status: AuthPopupStatus }) => {
    if (activeRef.current) setState({ ...INITIAL, ...next });
  };

  const closeWith = (success: boolean) => {
    clearTimeout(closeRef.current);
    void closeForm(success ? { success: true, updated: true } : MODAL_CANCELLED);
  };

  const closeAfter = (success: boolean, delayMs: number) => {
    clearTimeout(closeRef.current);
    closeRef.current = setTimeout(() => closeWith(success), delayMs);
  };

  const fail = (message: string, closeDelayMs: number) => {
    show({ status: 'error', error: message, closing: true });
    closeAfter(false, closeDelayMs);
  };

  const succeed = (status: AuthStatus) => {
    // Same document when the page was opened in-app: the guards see the new session at once.
    void cache.authChanged(status);
    show({ status: 'success' });
    closeAfter(true, AUTH_SUCCESS_CLOSE_DELAY_MS);
  };

  const checkStatus = async () => {
    show({ status: 'waiting', checking: true });
    let status: AuthStatus;
    try {
      status = await getAuthStatus();
    } catch {
      fail(MESSAGES.auth.statusError, AUTH_STATUS_ERROR_CLOSE_DELAY_MS);
      return;
    }
    if (!activeRef.current) return;
    if (status.authenticated) succeed(status);
    else show({ status: 'collecting_token' });
  };

  const openProvider = () => {
    const authUrl = authUrlRef.current;
    if (!authUrl) return;
    show({ status: 'opening' });
    providerRef.current?.stop();
    const provider = openWatchedWindow(authUrl, {
      name: PROVIDER_WINDOW_NAME,
      width: AUTH_WINDOW.width,
      height: AUTH_WINDOW.height,
      pollMs: AUTH_POLL_INTERVAL_MS,
      onClosed: () => void checkStatus(),
    });
    if (!provider) {
      // A browser blocking pop-ups (Chromium by default) refuses a window this page opens by
      // itself: this window, opened by the attendant's click, goes to the provider instead. The
      // api's callback page closes it, and the opener, which watches it, checks the status.
      navigateWindow(authUrl);
      return;
    }
    providerRef.current = provider;
    show({ status: 'waiting' });
  };

  // Once per mount; the refs carry what the handlers above need between renders.
  const openProviderRef = useRef(openProvider);
  const failRef = useRef(fail);
  useEffect(() => {
    openProviderRef.current = openProvider;
    failRef.current = fail;
  });

  useEffect(() => {
    activeRef.current = true;
    const controller = new AbortController();
    startAuth({ signal: controller.signal }).then(
      ({ authUrl }) => {
        if (controller.signal.aborted) return;
        authUrlRef.current = authUrl;
        openProviderRef.current();
      },
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        failRef.current(
          getErrorMessage(cause, MESSAGES.auth.startError),
          AUTH_START_ERROR_CLOSE_DELAY_MS,
        );
      },
    );
    return () => {
      activeRef.current = false;
      controller.abort();
      providerRef.current?.stop();
      clearTimeout(closeRef.current);
    };
  }, []);

  async function submitToken(token: string): Promise<string | null> {
    let status: AuthStatus;
    try {
      status = await submitApiV1Token(token);
    } catch (cause) {
      return getErrorMessage(cause, MESSAGES.auth.invalidToken);
    }
    if (!status.authenticated) return MESSAGES.auth.invalidToken;
    succeed(status);
    return null;
  }

  return {
    ...state,
    showProvider: () => providerRef.current?.child.focus(),
    submitToken,
    cancel: () => closeWith(false),
  };
}
