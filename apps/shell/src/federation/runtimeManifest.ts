import { REMOTE_NAMES, type RuntimeManifest } from '@crm-panel/contracts';

/** Where the manifest lives: beside the shell's index.html, so each deployment can replace it. */
export const RUNTIME_MANIFEST_FILE = 'runtime-config.json';

export class RuntimeManifestError extends Error {}

export function parseRuntimeManifest(value: unknown): RuntimeManifest {
  if (typeof value !== 'object' || value === null) {
    throw new RuntimeManifestError('O manifesto de módulos não é um objeto JSON.');
  }
  const { apiBaseUrl, remotes, hostOrigins = [] } = value as Partial<RuntimeManifest>;
  if (typeof apiBaseUrl !== 'string' || apiBaseUrl === '') {
    throw new RuntimeManifestError('O manifesto de módulos não informa apiBaseUrl.');
  }
  if (typeof remotes !== 'object' || remotes === null) {
    throw new RuntimeManifestError('O manifesto de módulos não informa os remotes.');
  }
  for (const name of REMOTE_NAMES) {
    if (typeof remotes[name] !== 'string' || remotes[name] === '') {
      throw new RuntimeManifestError(`O manifesto de módulos não informa o endereço de "${name}".`);
    }
  }
  if (!Array.isArray(hostOrigins) || hostOrigins.some((origin) => typeof origin !== 'string')) {
    throw new RuntimeManifestError('O manifesto de módulos tem hostOrigins inválido.');
  }
  return { apiBaseUrl, remotes, hostOrigins };
}

export async function fetchRuntimeManifest(
  baseUrl: string = document.baseURI,
  fetchImpl: typeof fetch = fetch,
): Promise<RuntimeManifest> {
  const response = await fetchImpl(new URL(RUNTIME_MANIFEST_FILE, baseUrl).toString(), {
    cache: 'no-store',
  });
  if (!response.ok) {
    throw new RuntimeManifestError(`O manifesto de módulos respondeu ${response.status}.`);
  }
  return parseRuntimeManifest(await response.json());
}

/** Query parameter of the panel URL that selects the benchmark baseline. */
export const BASELINE_PARAM = 'baseline';
export const BASELINE_STORAGE_KEY = 'crm-panel:baseline';

/** `sequential`: the panel makes its api calls one after another (bench/panel-speed.js). */
export type BaselineMode = 'sequential';

function sessionStore(win: Pick<Window, 'sessionStorage'>): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    // Storage can be blocked for third-party frames: the flag then lives only in the URL.
    return null;
  }
}

/**
 * The benchmark baseline flag, `?baseline=sequential` on the panel URL; off unless asked for.
 * Router navigation drops the query and some flows reload the page, so the flag is remembered
 * for the session, as the host parameters are; `?baseline=` with any other value forgets it.
 */
export function readBaselineMode(
  win: Pick<Window, 'location' | 'sessionStorage'> = window,
): BaselineMode | null {
  const fromUrl = new URLSearchParams(win.location.search).get(BASELINE_PARAM);
  const store = sessionStore(win);
  try {
    if (fromUrl !== null) {
      if (fromUrl === 'sequential') store?.setItem(BASELINE_STORAGE_KEY, fromUrl);
      else store?.removeItem(BASELINE_STORAGE_KEY);
      return fromUrl === 'sequential' ? 'sequential' : null;
    }
    return store?.getItem(BASELINE_STORAGE_KEY) === 'sequential' ? 'sequential' : null;
  } catch {
    // Quota or privacy mode: not remembered, the URL still counts.
    return fromUrl === 'sequential' ? 'sequential' : null;
  }
}
