import { type IntegrationMode } from '../world/types.js';

// Parameter names of contracts' host.ts (HOST_SDK_PARAM, HOST_ORIGIN_PARAM).
const SDK_PARAM = 'hostSdk';
const ORIGIN_PARAM = 'hostOrigin';

/**
 * Adds what the panel needs to find its host: the SDK's URL (global-object integration) or the
 * host's origin (postMessage integration).
 */
export function withHostParams(
  url: URL,
  mode: IntegrationMode,
  hostOrigin: string,
  sdkPath: string,
): string {
  const target = new URL(url.toString());
  target.searchParams.delete(SDK_PARAM);
  target.searchParams.delete(ORIGIN_PARAM);
  if (mode === 'global') target.searchParams.set(SDK_PARAM, `${hostOrigin}${sdkPath}`);
  else target.searchParams.set(ORIGIN_PARAM, hostOrigin);
  return target.toString();
}
