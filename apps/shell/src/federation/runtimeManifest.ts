import { REMOTE_NAMES, type RuntimeManifest } from '@crm-panel/contracts';

/** Where the manifest lives: beside the shell's index.html, so each deployment can replace it. */
export const RUNTIME_MANIFEST_FILE = 'runtime-config.json';

export class RuntimeManifestError extends Error {}

export function parseRuntimeManifest(value: unknown): RuntimeManifest {
  if (typeof value !== 'object' || value === null) {
    throw new RuntimeManifestError('O manifesto de módulos não é um objeto JSON.');
  }
  const {
    apiBaseUrl,
    remotes,
    hostOrigins = [],
    contracts = {},
    overrideOrigins = [],
  } = value as Partial<RuntimeManifest>;
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
  if (
    typeof contracts !== 'object' ||
    contracts === null ||
    Object.values(contracts).some((version) => typeof version !== 'string')
  ) {
    throw new RuntimeManifestError('O manifesto de módulos tem contracts inválido.');
  }
  if (
    !Array.isArray(overrideOrigins) ||
    overrideOrigins.some((origin) => typeof origin !== 'string')
  ) {
    throw new RuntimeManifestError('O manifesto de módulos tem overrideOrigins inválido.');
  }
  return { apiBaseUrl, remotes, hostOrigins, contracts, overrideOrigins };
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
