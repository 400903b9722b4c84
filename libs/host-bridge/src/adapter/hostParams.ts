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

/** Panel URL parameter choosing the framed host's protocol: `novus`, or absent (ours). */
export const HOST_PROTOCOL_PARAM = 'hostProtocol';
/** Panel URL parameter: the tenant (systemKey) when the Novus host's getInfoUser names none. */
export const HOST_TENANT_PARAM = 'hostTenant';
/** Panel URL parameter: the Novus command answering a signed identity JWT, if the host has one. */
export const HOST_ASSERTION_PARAM = 'hostAssertion';
/**
 * Panel URL parameter: the Novus endpoint template that lists a chat's messages through the
 * host's `apiRequest` proxy (`novusChatMessages.ts`). Absent (default): the api route of spec §7.
 */
export const HOST_CHAT_MESSAGES_PARAM = 'hostChatMessages';
/** Panel URL parameter: the proxy host of `hostChatMessages`; absent: `publica`. */
export const HOST_CHAT_MESSAGES_HOST_PARAM = 'hostChatMessagesHost';
/**
 * Panel URL parameter: getInfoUser's user-id field names (comma-separated), tried before the
 * tenant's mapping: set in the Novus plugin registration when nobody can enter the panel to fix
 * the mapping (the user id is what a session starts from).
 */
export const HOST_USER_ID_FIELD_PARAM = 'hostUserIdField';

/**
 * The host parameters of the panel URL: the SDK to load, or the framed host's origin, its
 * protocol and (Novus) its settings.
 */
export interface HostParams {
  hostSdk: string | null;
  hostOrigin: string | null;
  hostProtocol: string | null;
  hostTenant: string | null;
  hostAssertion: string | null;
  hostChatMessages: string | null;
  hostChatMessagesHost: string | null;
  hostUserIdField: string | null;
}

const NAMES: Record<keyof HostParams, string> = {
  hostSdk: HOST_SDK_PARAM,
  hostOrigin: HOST_ORIGIN_PARAM,
  hostProtocol: HOST_PROTOCOL_PARAM,
  hostTenant: HOST_TENANT_PARAM,
  hostAssertion: HOST_ASSERTION_PARAM,
  hostChatMessages: HOST_CHAT_MESSAGES_PARAM,
  hostChatMessagesHost: HOST_CHAT_MESSAGES_HOST_PARAM,
  hostUserIdField: HOST_USER_ID_FIELD_PARAM,
};

/**
 * Router navigation drops the query and the spec reloads the page (after logout, after removal),
 * so a framed panel remembers its host parameters for the session. A URL naming the SDK or the
 * origin replaces them all (the host may switch integrations), but for the same host (SDK, origin
 * and protocol) it keeps the remembered `hostUserIdField` it does not name; a top-level window never reuses remembered
 * values (a popup must not think it is framed).
 */
export function readHostParams(win: Window): HostParams {
  const search = new URLSearchParams(win.location.search);
  const keys = Object.keys(NAMES) as (keyof HostParams)[];
  const fromUrl = Object.fromEntries(
    keys.map((key) => [key, search.get(NAMES[key]) || null]),
  ) as unknown as HostParams;
  const store = win.parent !== win ? storage(win) : null;
  try {
    if (fromUrl.hostSdk || fromUrl.hostOrigin) {
      // The same host again (a form page its host opened with the host parameters it knows):
      // the user-id field names the plugin URL gave stay, so the form reads the same user.
      const sameHost = (['hostSdk', 'hostOrigin', 'hostProtocol'] as const).every(
        (key) => fromUrl[key] === (store?.getItem(STORAGE_PREFIX + NAMES[key]) ?? null),
      );
      if (sameHost && !fromUrl.hostUserIdField)
        fromUrl.hostUserIdField = store?.getItem(STORAGE_PREFIX + NAMES.hostUserIdField) ?? null;
      for (const key of keys) {
        const value = fromUrl[key];
        if (value) store?.setItem(STORAGE_PREFIX + NAMES[key], value);
        else store?.removeItem(STORAGE_PREFIX + NAMES[key]);
      }
      return fromUrl;
    }
    return Object.fromEntries(
      keys.map((key) => [key, store?.getItem(STORAGE_PREFIX + NAMES[key]) ?? null]),
    ) as unknown as HostParams;
  } catch {
    // Quota or privacy mode: not remembered, the URL still counts.
    return fromUrl;
  }
}
