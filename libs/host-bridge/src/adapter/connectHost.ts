import { detectHostAdapter, type DetectHostOptions } from './detectHostAdapter';
import { type HostAdapter } from './HostAdapter';
import { loadHostSdk } from './loadHostSdk';

export interface ConnectHostOptions extends DetectHostOptions {
  /** Origins allowed to serve the host SDK and to act as a postMessage host. */
  allowedHostOrigins: readonly string[];
  sdkTimeoutMs?: number;
}

/** What the shell calls once at start: load the host SDK if the URL names one, then detect. */
export async function connectHost(win: Window, options: ConnectHostOptions): Promise<HostAdapter> {
  await loadHostSdk(win, {
    allowedOrigins: options.allowedHostOrigins,
    timeoutMs: options.sdkTimeoutMs,
  });
  return detectHostAdapter(win, options);
}
