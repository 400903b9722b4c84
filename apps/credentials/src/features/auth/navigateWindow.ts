/** Sends this window to `url` (its own module, so a test can stand in for the navigation). */
export function navigateWindow(url: string): void {
  window.location.assign(url);
}
