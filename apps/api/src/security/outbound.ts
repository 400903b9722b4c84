import ipaddr from 'ipaddr.js';
import { type ApiMode } from '@api/config';

export type OutboundRefusal = 'scheme' | 'internal' | 'unresolvable';

export class OutboundRefused extends Error {
  readonly reason: OutboundRefusal;
  constructor(reason: OutboundRefusal) {
    super(`outbound address refused: ${reason}`);
    this.name = 'OutboundRefused';
    this.reason = reason;
  }
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function isLoopbackHost(hostname: string): boolean {
  if (LOOPBACK_NAMES.has(hostname) || hostname.endsWith('.localhost')) return true;
  const bare = hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() === 'loopback';
}

/** Whether an address (the CRM's, say) is on this machine; a malformed one is not. */
export function isLoopbackUrl(address: string): boolean {
  try {
    return isLoopbackHost(new URL(address).hostname);
  } catch {
    return false;
  }
}

/** Only ordinary public unicast addresses: no loopback, private, link-local (metadata), ULA, … */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/**
 * The scheme rule, without the network: https always; http only for a loopback host while the
 * api runs in development mode; nothing else.
 */
export function schemeAllowed(url: URL, mode: ApiMode): boolean {
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && mode === 'development' && isLoopbackHost(url.hostname);
}

/**
 * The OAuth redirect URI a tenant registers (a browser goes there, this api does not): https; http
 * only while the api runs in development mode or for a loopback host (RD's App Publisher itself
 * asks for an https callback). No user-info part, no fragment (OAuth 2, RFC 6749 §3.1.2).
 */
export function redirectUriAllowed(url: URL, mode: ApiMode): boolean {
  if (url.username || url.password || url.hash) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (mode === 'development' || isLoopbackHost(url.hostname));
}

/**
 * Refuses a destination the tenant's settings must not reach. In production every address the
 * name resolves to must be public (checked again on every redirect by `guardedFetch`).
 */
export async function assertAllowedDestination(
  url: URL,
  mode: ApiMode,
  lookupHost: (hostname: string) => Promise<string[]>,
): Promise<void> {
  if (!schemeAllowed(url, mode)) throw new OutboundRefused('scheme');
  if (mode !== 'production') return;
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (ipaddr.isValid(bare)) addresses = [bare];
  else {
    try {
      addresses = await lookupHost(bare);
    } catch {
      throw new OutboundRefused('unresolvable');
    }
  }
  if (addresses.length === 0) throw new OutboundRefused('unresolvable');
  if (!addresses.every(isPublicAddress)) throw new OutboundRefused('internal');
}

export interface GuardedFetchOptions {
  mode: ApiMode;
  lookupHost: (hostname: string) => Promise<string[]>;
  maxRedirects?: number;
}

/** fetch that checks the destination first and follows at most 3 redirects, each checked too. */
export async function guardedFetch(
  fetchImpl: typeof fetch,
  url: URL,
  init: RequestInit,
  options: GuardedFetchOptions,
): Promise<Response> {
  let current = url;
  for (let hop = 0; ; hop += 1) {
    await assertAllowedDestination(current, options.mode, options.lookupHost);
    const response = await fetchImpl(current.toString(), { ...init, redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    if (hop >= (options.maxRedirects ?? 3)) return response;
    current = new URL(location, current);
  }
}
