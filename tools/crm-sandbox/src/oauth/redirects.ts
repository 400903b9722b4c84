const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** http(s) on 127.0.0.1, localhost or [::1]. */
export function isLoopbackUrl(uri: string): boolean {
  try {
    const url = new URL(uri);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname)
    );
  } catch {
    return false;
  }
}

/**
 * Why a URL cannot be a callback or webhook target, or null: RD asks for https ("Certifique-se
 * que seu endereço contém https://"); plain http is allowed only on loopback hosts.
 */
export function secureUrlProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `'${uri}' is not an absolute URL`;
  }
  if (url.hash !== '') return `'${uri}' must not have a fragment`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopbackUrl(uri)) return null;
  return `'${uri}' must use https (http only on 127.0.0.1, localhost or [::1])`;
}

/**
 * Why a URL cannot be an app's OAuth callback, or null. RD's App Publisher asks for https
 * ("Certifique-se que seu endereço contém https://") and says nothing of loopback addresses:
 * strict, https only; the knob loopbackHttpCallbacks takes http on a loopback host too.
 */
export function callbackUrlProblem(uri: string, loopbackHttp: boolean): string | null {
  if (!loopbackHttp && /^http:/i.test(uri))
    return `'${uri}' must use https (RD's App Publisher: "Certifique-se que seu endereço contém https://"; http on loopback only with loopbackHttpCallbacks)`;
  return secureUrlProblem(uri);
}

/**
 * The callback URLs registered for each OAuth app (RD's App Publisher): the authorize step
 * accepts a redirect_uri only when it equals one of them exactly. Registrations are app
 * configuration, so reset() keeps them; the https rule applies when one is registered.
 */
export class RedirectRegistry {
  private readonly byClient = new Map<string, Set<string>>();

  constructor(
    private readonly clientIds: readonly string[],
    private readonly loopbackHttp: () => boolean,
  ) {}

  /** Registers `uri` for one app, or for every app when clientId is undefined. */
  register(uri: string, clientId?: string): void {
    const problem = callbackUrlProblem(uri, this.loopbackHttp());
    if (problem) throw new Error(problem);
    if (clientId !== undefined && !this.clientIds.includes(clientId)) {
      throw new Error(`Unknown OAuth client_id '${clientId}'`);
    }
    for (const id of clientId === undefined ? this.clientIds : [clientId]) {
      const uris = this.byClient.get(id) ?? new Set<string>();
      uris.add(uri);
      this.byClient.set(id, uris);
    }
  }

  isRegistered(clientId: string, uri: string): boolean {
    return this.byClient.get(clientId)?.has(uri) ?? false;
  }

  snapshot(): Record<string, string[]> {
    return Object.fromEntries(this.clientIds.map((id) => [id, [...(this.byClient.get(id) ?? [])]]));
  }
}
