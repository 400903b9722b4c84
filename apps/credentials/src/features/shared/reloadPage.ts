/** Reloads the whole panel: after a logout or a removal every screen's session state is stale. */
export function reloadPage(): void {
  window.location.reload();
}
