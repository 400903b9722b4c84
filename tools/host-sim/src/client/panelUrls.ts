import { type IntegrationMode, type SimIdentity } from '../world/types.js';

// Parameter names of contracts' host.ts (HOST_SDK_PARAM, HOST_ORIGIN_PARAM) and of host-bridge's
// framed-host settings (hostProtocol, hostTenant, hostAssertion), repeated here: host-sim does not
// import the panel's libraries.
const SDK_PARAM = 'hostSdk';
const ORIGIN_PARAM = 'hostOrigin';
const PROTOCOL_PARAM = 'hostProtocol';
const TENANT_PARAM = 'hostTenant';
const ASSERTION_PARAM = 'hostAssertion';
const CHAT_MESSAGES_PARAM = 'hostChatMessages';
const ALL_PARAMS = [
  SDK_PARAM,
  ORIGIN_PARAM,
  PROTOCOL_PARAM,
  TENANT_PARAM,
  ASSERTION_PARAM,
  CHAT_MESSAGES_PARAM,
];

/**
 * The endpoint template an account would register for reading chat messages through the proxy:
 * this simulator's own chat-messages API on the "publica" host (novusHost.ts).
 */
export const NOVUS_CHAT_MESSAGES_ENDPOINT = 'api/chat/{chatId}/messages?channelId={channelId}';

/**
 * Adds what the panel needs to find its host: the SDK's URL (global-object integration), the
 * host's origin (postMessage integration), or for Novus the origin, `hostProtocol=novus`, the
 * tenant (Novus's getInfoUser names none: the plugin URL registered per account carries it) and,
 * for a tenant whose platform signs, the command answering the assertion (a simulator extension).
 */
export function withHostParams(
  url: URL,
  mode: IntegrationMode,
  hostOrigin: string,
  sdkPath: string,
  identity: Pick<SimIdentity, 'systemKey' | 'signsIdentity'>,
  /** Novus: also register the chat-messages endpoint (`?mensagensPeloProxy=1`). */
  chatMessagesViaProxy = false,
): string {
  const target = new URL(url.toString());
  for (const name of ALL_PARAMS) target.searchParams.delete(name);
  if (mode === 'global') {
    target.searchParams.set(SDK_PARAM, `${hostOrigin}${sdkPath}`);
    return target.toString();
  }
  target.searchParams.set(ORIGIN_PARAM, hostOrigin);
  if (mode === 'novus') {
    target.searchParams.set(PROTOCOL_PARAM, 'novus');
    target.searchParams.set(TENANT_PARAM, identity.systemKey);
    if (identity.signsIdentity) target.searchParams.set(ASSERTION_PARAM, 'getIdentityAssertion');
    if (chatMessagesViaProxy) {
      target.searchParams.set(CHAT_MESSAGES_PARAM, NOVUS_CHAT_MESSAGES_ENDPOINT);
    }
  }
  return target.toString();
}
