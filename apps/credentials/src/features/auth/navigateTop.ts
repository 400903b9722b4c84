/**
 * Sends the whole page (the host's, around this frame) to `url`; false when the frame may not
 * (a sandbox without top navigation throws). Its own module, so a test can stand in for it.
 */
export function navigateTop(url: string): boolean {
  try {
    const top = window.top ?? window;
    top.location.href = url;
    return true;
  } catch {
    return false;
  }
}
