import {
  buildModalUrl,
  FORM_WINDOW,
  isModalResult,
  isModalRoute,
  MODAL_CANCELLED,
  modalRouteFromPath,
  modalTitle,
  type ModalQueryInput,
  type ModalResult,
  type ModalRoute,
} from '@crm-panel/contracts';
import { type HostAdapter } from '@host-bridge/adapter/HostAdapter';
import { emitFormResult } from './formResultBus';

/** How `openForm` showed the form (PRODUCT.md §1 order). */
export type FormOpening = 'modal' | 'popup' | 'tab' | 'page';
/** How `closeForm` ended it (PRODUCT.md §4). */
export type FormEnding = 'modal' | 'opener' | 'history';

export interface OpenFormOptions {
  title?: string;
  width?: number;
  height?: number;
}

export interface HostForms {
  /** Opens a modal route: host modal API → popup (600 × 700, centred) → new tab → page. */
  openForm<R extends ModalRoute>(
    route: R,
    query: ModalQueryInput<R>,
    options?: OpenFormOptions,
  ): FormOpening;
  /**
   * Ends the current form page: closes the host modal with the result, or hands the result to
   * the window that opened this popup and closes it, or goes back in history.
   */
  closeForm(result: ModalResult): Promise<FormEnding>;
  /** Cancel: ends with `{ success: false }`. */
  cancelForm(): Promise<FormEnding>;
  /** Stops watching popups; the forms object stays usable. */
  dispose(): void;
}

export interface HostFormsOptions {
  adapter: HostAdapter;
  window?: Window;
  /** In-app navigation, the last fallback (e.g. the router's navigate). */
  navigate?: (path: string) => void;
}

/** popup → opener message (same origin only). */
export const FORM_RESULT_PROTOCOL = 'crm-panel-form/1';
export const POPUP_NAME = 'crm-panel-form';
/** How often opened form windows are checked for having been closed without a result. */
export const FORM_WINDOW_POLL_MS = 500;

interface FormResultMessage {
  protocol: typeof FORM_RESULT_PROTOCOL;
  type: 'formResult';
  route: ModalRoute | null;
  result: ModalResult;
}

function isFormResultMessage(value: unknown): value is FormResultMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return (
    message.protocol === FORM_RESULT_PROTOCOL &&
    message.type === 'formResult' &&
    (message.route === null || isModalRoute(message.route)) &&
    isModalResult(message.result)
  );
}

interface OpenedWindow {
  route: ModalRoute;
  /** Set when first seen closed; the cancel is sent one poll later, so a result in flight wins. */
  closedSeen: boolean;
}

/** `window.open` features of a window of this size, centred over `win`. */
export function popupFeatures(win: Window, width: number, height: number): string {
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

export function createHostForms(options: HostFormsOptions): HostForms {
  const { adapter, navigate } = options;
  const win = options.window ?? window;
  const opened = new Map<Window, OpenedWindow>();
  let listening = false;
  let poll: ReturnType<typeof setInterval> | undefined;
  /** The route this document navigated to in-app: its form ends with history.back(). */
  let inAppRoute: ModalRoute | null = null;

  function onMessage(event: MessageEvent): void {
    if (event.origin !== win.location.origin) return;
    const source = event.source as Window | null;
    const entry = source ? opened.get(source) : undefined;
    if (!source || !entry || !isFormResultMessage(event.data)) return;
    opened.delete(source);
    emitFormResult({ route: entry.route, result: event.data.result });
    stopWatchingIfIdle();
  }

  function checkClosed(): void {
    for (const [child, entry] of [...opened]) {
      if (!child.closed) continue;
      if (!entry.closedSeen) {
        entry.closedSeen = true;
        continue;
      }
      opened.delete(child);
      emitFormResult({ route: entry.route, result: MODAL_CANCELLED });
    }
    stopWatchingIfIdle();
  }

  function watch(child: Window, route: ModalRoute): void {
    opened.set(child, { route, closedSeen: false });
    if (!listening) {
      win.addEventListener('message', onMessage);
      listening = true;
    }
    poll ??= setInterval(checkClosed, FORM_WINDOW_POLL_MS);
  }

  function stopWatchingIfIdle(): void {
    if (opened.size > 0) return;
    if (listening) {
      win.removeEventListener('message', onMessage);
      listening = false;
    }
    clearInterval(poll);
    poll = undefined;
  }

  function openForm<R extends ModalRoute>(
    route: R,
    query: ModalQueryInput<R>,
    openOptions: OpenFormOptions = {},
  ): FormOpening {
    const path = buildModalUrl(route, query);
    const url = new URL(path, win.location.href).toString();
    const width = openOptions.width ?? FORM_WINDOW.width;
    const height = openOptions.height ?? FORM_WINDOW.height;

    if (adapter.openModal) {
      const title = openOptions.title ?? modalTitle(route, query);
      adapter.openModal({ url, title, width, height }).then(
        (result) => emitFormResult({ route, result }),
        (error: unknown) => {
          console.error(error);
          emitFormResult({ route, result: MODAL_CANCELLED });
        },
      );
      return 'modal';
    }

    const popup = win.open(url, POPUP_NAME, popupFeatures(win, width, height));
    if (popup) {
      watch(popup, route);
      return 'popup';
    }

    const tab = win.open(url, '_blank');
    if (tab) {
      watch(tab, route);
      return 'tab';
    }

    inAppRoute = route;
    if (navigate) navigate(path);
    else win.location.assign(url);
    return 'page';
  }

  async function closeForm(result: ModalResult): Promise<FormEnding> {
    if (inAppRoute) {
      const route = inAppRoute;
      inAppRoute = null;
      emitFormResult({ route, result });
      win.history.back();
      return 'history';
    }
    if (adapter.closeModal) {
      await adapter.closeModal(result);
      return 'modal';
    }
    const opener = win.opener as Window | null;
    if (opener && opener !== win && !opener.closed) {
      const message: FormResultMessage = {
        protocol: FORM_RESULT_PROTOCOL,
        type: 'formResult',
        route: modalRouteFromPath(win.location.pathname),
        result,
      };
      opener.postMessage(message, win.location.origin);
      win.close();
      return 'opener';
    }
    emitFormResult({ route: modalRouteFromPath(win.location.pathname), result });
    win.history.back();
    return 'history';
  }

  return {
    openForm,
    closeForm,
    cancelForm: () => closeForm(MODAL_CANCELLED),
    dispose() {
      opened.clear();
      stopWatchingIfIdle();
    },
  };
}
