import { HOST_ORIGIN_PARAM, HOST_SDK_PARAM } from '@crm-panel/contracts';

const STORAGE_PREFIX = 'crm-panel:';

export function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

function storage(win: Window): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    // Storage can be blocked for third-party frames: the parameters then live only in the URL.
    return null;
  }
}

/** The host parameters of the panel URL: the SDK to load, or the postMessage host's origin. */
export interface HostParams {
  hostSdk: string | null;
  hostOrigin: string | null;
}

const NAMES: Record<keyof HostParams, string> = {
  hostSdk: HOST_SDK_PARAM,
  hostOrigin: HOST_ORIGIN_PARAM,
};

/**
 * Router navigation drops the query and the spec reloads the page (after logout, after removal),
 * so a framed panel remembers its host parameters for the session. A URL naming either one
 * replaces both (the host may switch integrations); a top-level window never reuses remembered
 * values (a popup must not think it is framed).
 */
export function readHostParams(win: Window): HostParams {
  const search = new URLSearchParams(win.location.search);
  const fromUrl: HostParams = {
    hostSdk: search.get(NAMES.hostSdk) || null,
    hostOrigin: search.get(NAMES.hostOrigin) || null,
  };
  const store = win.parent !== win ? storage(win) : null;
  const keys = Object.keys(NAMES) as (keyof HostParams)[];
  try {
    if (fromUrl.hostSdk || fromUrl.hostOrigin) {
      for (const key of keys) {
        const value = fromUrl[key];
        if (value) store?.setItem(STORAGE_PREFIX + NAMES[key], value);
        else store?.removeItem(STORAGE_PREFIX + NAMES[key]);
      }
      return fromUrl;
    }
    return {
      hostSdk: store?.getItem(STORAGE_PREFIX + NAMES.hostSdk) ?? null,
      hostOrigin: store?.getItem(STORAGE_PREFIX + NAMES.hostOrigin) ?? null,
    };
  } catch {
    // Quota or privacy mode: not remembered, the URL still counts.
    return fromUrl;
  }
}
