import {
  HOST_GLOBAL_NAME,
  MODAL_PATHS,
  parseNovusFieldNames,
  type HostGlobal,
  type HostGlobalWindow,
} from '@crm-panel/contracts';
import { createGlobalHostAdapter } from './createGlobalHostAdapter';
import {
  createNoHostAdapter,
  OPENER_BRIDGE_KEY,
  type NoHostOptions,
  type OpenerBridge,
} from './createNoHostAdapter';
import { createPostMessageHostAdapter } from './createPostMessageHostAdapter';
import { type HostAdapter } from './HostAdapter';
import { normalizeOrigin, readHostParams } from './hostParams';
import { createNovusPanelAdapter } from './novus/createNovusHostAdapter';
import { createNovusUnlistedOriginAdapter } from './novus/novusUnlistedOrigin';
import { type NovusChatMessagesSetting } from './novus/novusChatMessages';
import { type ChannelLike } from './portRequests';

/** The protocol of a framed host: ours (`crm-panel`, adapter b) or Novus CRM's plugins. */
export type FramedHostProtocol = 'crm-panel' | 'novus';

export interface DetectHostOptions {
  /**
   * Exact origins allowed to act as a postMessage host (e.g. 'https://chat.example.com').
   * A framed panel whose host origin is not listed runs without a host (under Novus's protocol it
   * says so: see detectHostAdapter).
   */
  allowedHostOrigins?: readonly string[];
  /** Identity for the no-host adapter (dev / standalone pages). */
  noHost?: Omit<NoHostOptions, 'opener'>;
  requestTimeoutMs?: number;
  pluginId?: string;
  /**
   * The framed host's protocol from the runtime config; when absent the panel URL's
   * `?hostProtocol=novus` decides (remembered like `hostOrigin`), else ours.
   */
  hostProtocol?: FramedHostProtocol;
  /**
   * Novus settings the URL may also carry (`hostTenant`, `hostAssertion`, `hostChatMessages` +
   * `hostChatMessagesHost`); the config wins.
   */
  novus?: {
    tenant?: string | null;
    identityAssertionCommand?: string | null;
    chatMessages?: NovusChatMessagesSetting | null;
  };
  /**
   * In a Novus frame, the caller reads the tenant's field mapping after start and hands it to the
   * adapter (`setMapping`, or `mappingUnavailable`): the user info waits for it (the shell does).
   */
  awaitNovusTenantMapping?: boolean;
  /** MessageChannel factory of the postMessage adapter (tests). */
  createChannel?: () => ChannelLike;
}

export function isHostGlobal(value: unknown): value is HostGlobal {
  if (typeof value !== 'object' || value === null) return false;
  const host = value as Record<string, unknown>;
  return (
    typeof host.initialize === 'function' &&
    typeof host.getInfoUser === 'function' &&
    typeof host.getInfoChannels === 'function' &&
    typeof host.closeModal === 'function'
  );
}

function referrerOrigin(win: Window): string | null {
  return win.document.referrer ? normalizeOrigin(win.document.referrer) : null;
}

/**
 * The postMessage host's origin for a framed panel: the `?hostOrigin=` parameter (remembered
 * for reloads of the same frame), else the referrer's origin — and only if allow-listed.
 */
export function framedHostOrigin(win: Window, allowed: readonly string[]): string | null {
  if (win.parent === win) return null;
  const candidate = readHostParams(win).hostOrigin ?? referrerOrigin(win);
  const origin = candidate ? normalizeOrigin(candidate) : null;
  if (!origin) return null;
  const allowList = allowed.map(normalizeOrigin).filter((o): o is string => o !== null);
  return allowList.includes(origin) ? origin : null;
}

function framedProtocol(win: Window, options: DetectHostOptions): FramedHostProtocol {
  if (options.hostProtocol) return options.hostProtocol;
  return readHostParams(win).hostProtocol === 'novus' ? 'novus' : 'crm-panel';
}

/** The parent page's origin as the browser reports it (Chromium: `location.ancestorOrigins`). */
function ancestorOrigin(win: Window): string | null {
  try {
    const list = win.location.ancestorOrigins;
    return list && list.length > 0 ? (list[0] ?? null) : null;
  } catch {
    return null;
  }
}

/** A modal page of the panel (a form the host opened): it registers nothing with a Novus host. */
function isModalPage(win: Window): boolean {
  return (Object.values(MODAL_PATHS) as string[]).includes(win.location.pathname);
}

function openerOf(win: Window): Window | null {
  const opener: unknown = win.opener;
  return opener && opener !== win ? (opener as Window) : null;
}

/**
 * Picks the adapter for this page, in this order: the global-object host (`window.CrmPanelHost`,
 * load its SDK first with `loadHostSdk`), a framed host at an allow-listed origin (Novus CRM's
 * plugin protocol when configured or `?hostProtocol=novus`, else ours over postMessage), no
 * host. A frame that asks for Novus's protocol from an origin that is not allow-listed gets a Novus
 * adapter that talks to no one and reports `hostOrigin: null` with the origins it saw (the shell
 * says what to configure), never a silent "no host". Also lets windows this page opens (form popups) read its identity and ask its host for
 * identity assertions.
 */
export function detectHostAdapter(win: Window, options: DetectHostOptions = {}): HostAdapter {
  const global = (win as Window & HostGlobalWindow)[HOST_GLOBAL_NAME];
  let adapter: HostAdapter;
  const hostOrigin = isHostGlobal(global)
    ? null
    : framedHostOrigin(win, options.allowedHostOrigins ?? []);
  if (isHostGlobal(global)) {
    adapter = createGlobalHostAdapter(global);
  } else if (win.parent !== win && framedProtocol(win, options) === 'novus') {
    const params = readHostParams(win);
    // A referrer of the panel's own origin is the panel itself (it navigated in its frame), not
    // the page that frames it: left out, or it would read as a host at the wrong origin.
    const referrer = referrerOrigin(win);
    const origins = {
      parameter: params.hostOrigin,
      referrer: referrer === win.location.origin ? null : referrer,
      ancestor: ancestorOrigin(win),
    };
    const role = isModalPage(win) ? 'modal' : 'panel';
    const tenant = options.novus?.tenant ?? params.hostTenant;
    adapter = hostOrigin
      ? createNovusPanelAdapter({
          window: win,
          hostOrigin,
          role,
          origins,
          panelOrigin: win.location.origin,
          userIdFields: params.hostUserIdField ? parseNovusFieldNames(params.hostUserIdField) : [],
          awaitTenantMapping: options.awaitNovusTenantMapping,
          pluginId: options.pluginId,
          tenant,
          identityAssertionCommand: options.novus?.identityAssertionCommand ?? params.hostAssertion,
          chatMessages:
            options.novus?.chatMessages ??
            (params.hostChatMessages
              ? {
                  endpoint: params.hostChatMessages,
                  host: params.hostChatMessagesHost ?? undefined,
                }
              : null),
          requestTimeoutMs: options.requestTimeoutMs,
          createChannel: options.createChannel,
        })
      : createNovusUnlistedOriginAdapter({ role, origins, tenant });
  } else if (hostOrigin) {
    adapter = createPostMessageHostAdapter({
      window: win,
      hostOrigin,
      pluginId: options.pluginId,
      requestTimeoutMs: options.requestTimeoutMs,
      createChannel: options.createChannel,
    });
  } else {
    adapter = createNoHostAdapter({ ...options.noHost, opener: openerOf(win) });
  }
  const bridge: OpenerBridge = {
    readUserInfo: () => adapter.readUserInfo(),
    getIdentityAssertion: async () => (await adapter.getIdentityAssertion?.()) ?? null,
  };
  (win as unknown as Record<string, unknown>)[OPENER_BRIDGE_KEY] = bridge;
  return adapter;
}
