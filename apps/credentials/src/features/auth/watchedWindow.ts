// The sign-in's own windows, watched until they close. This lives with the remote that opens them,
// not in host-bridge: host-bridge is one per page and comes from the shell, so a credentials
// remote released before its shell must not need a host-bridge newer than the shell's. Its centring
// is the same arithmetic host-bridge's form popups use (createHostForms' popupFeatures).

/** `window.open` features of a window of this size, centred over `win`. */
export function popupFeatures(win: Window, width: number, height: number): string {
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

export interface WatchedWindowOptions {
  /** The window's name: opening again with the same name reuses that window. */
  name: string;
  width: number;
  height: number;
  /** How often the window is checked for having been closed. */
  pollMs: number;
  /** Called once, when the window is first seen closed. */
  onClosed: () => void;
  /** The opener (default: this window). */
  window?: Window;
}

export interface WatchedWindow {
  child: Window;
  /** Stops watching (onClosed is not called any more). */
  stop(): void;
}

/**
 * Opens `url` in a centred window and checks every `pollMs` whether it was closed. null when the
 * browser (or a frame that may not open windows) refused to open it: the caller offers another
 * way. The sign-in windows of the panel and its popup both follow their child this way.
 */
export function openWatchedWindow(
  url: string,
  options: WatchedWindowOptions,
): WatchedWindow | null {
  const win = options.window ?? window;
  let child: Window | null;
  try {
    child = win.open(url, options.name, popupFeatures(win, options.width, options.height));
  } catch {
    // A sandboxed frame may throw instead of answering null.
    child = null;
  }
  if (!child) return null;
  const opened = child;
  const poll = setInterval(() => {
    if (!opened.closed) return;
    clearInterval(poll);
    options.onClosed();
  }, options.pollMs);
  return { child: opened, stop: () => clearInterval(poll) };
}
