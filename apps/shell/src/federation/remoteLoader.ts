import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  CONTRACT_VERSION,
  contractAccepts,
  contractMajor,
  type RemoteModuleExports,
  type RemoteModuleId,
  type RemoteName,
  type RuntimeManifest,
} from '@crm-panel/contracts';

/** A remote built for another major of the contract: refused before any of its code loads. */
export class RemoteContractError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly remoteContract: string,
  ) {
    super(
      `[federação] ${remote} foi construído para o contrato ${remoteContract}; este painel usa o ` +
        `contrato ${CONTRACT_VERSION} e aceita só ${contractMajor(CONTRACT_VERSION)}.x.`,
    );
    this.name = 'RemoteContractError';
  }
}

let entries: Partial<Record<RemoteName, string>> = {};
let contracts: Partial<Record<RemoteName, string>> = {};
const registrationListeners = new Set<() => void>();

// Keyed by id, each value the RemoteModuleExports of its key (read back through the id's type).
/** Loads started and not failed, one per module: a preload and the area's own load share it. */
let loads = new Map<RemoteModuleId, Promise<unknown>>();
/** Modules loaded, for areas that render them at once instead of suspending (RemoteModule). */
let loaded = new Map<RemoteModuleId, unknown>();

/** Called whenever the remotes are registered anew (what was loaded before no longer counts). */
export function onRemotesRegistered(listener: () => void): void {
  registrationListeners.add(listener);
}

/** How old the runtime manifest may be when a remote not yet in use is loaded (then re-read). */
export const MANIFEST_STALE_MS = 60_000;

/** Reads the runtime manifest again (the deployment may have moved a remote since). */
let readManifest: (() => Promise<RuntimeManifest>) | null = null;
let manifestReadAt = 0;

/**
 * Registers the remotes of the runtime manifest: no remote URL is baked into the shell build.
 * With `reread`, a remote the page has not used yet follows the deployment: its first load after
 * MANIFEST_STALE_MS, and any retry of a failed load, read the manifest again first. A remote in
 * use keeps the build it was loaded from for the page's life (a newer deploy never swaps code
 * under an open form; the next page load takes it).
 */
export function registerManifestRemotes(
  manifest: RuntimeManifest,
  reread?: () => Promise<RuntimeManifest>,
): void {
  entries = { ...manifest.remotes };
  contracts = { ...manifest.contracts };
  readManifest = reread ?? null;
  manifestReadAt = Date.now();
  loads = new Map();
  loaded = new Map();
  registerRemotes(Object.entries(manifest.remotes).map(([name, entry]) => ({ name, entry })));
  registrationListeners.forEach((listener) => listener());
}

function remoteOf(id: RemoteModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}

/** A module of remote `name` other than `except` is loading or loaded in this page. */
function inUse(name: RemoteName, except?: RemoteModuleId): boolean {
  return [...loads.keys()].some((id) => id !== except && remoteOf(id) === name);
}

/**
 * Reads the manifest again and moves each remote not in use to its deployed entry (`loading`,
 * the module about to load, does not count as a use of its remote).
 */
async function followDeployment(loading: RemoteModuleId): Promise<void> {
  if (!readManifest) return;
  let manifest: RuntimeManifest;
  try {
    manifest = await readManifest();
  } catch {
    return; // unreadable now: the entries read before still serve
  }
  manifestReadAt = Date.now();
  for (const name of Object.keys(manifest.remotes) as RemoteName[]) {
    const entry = manifest.remotes[name];
    if (inUse(name, loading) || entry === entries[name]) continue;
    entries[name] = entry;
    contracts[name] = manifest.contracts[name];
    registerRemotes([{ name, entry }], { force: true });
  }
}

async function fetchRemoteModule<Id extends RemoteModuleId>(
  id: Id,
  fresh: boolean,
): Promise<RemoteModuleExports<Id>> {
  const name = remoteOf(id);
  if (!inUse(name, id) && (fresh || Date.now() - manifestReadAt >= MANIFEST_STALE_MS)) {
    await followDeployment(id);
  }
  const entry = entries[name];
  if (!entry) throw new Error(`Remote "${name}" não está no manifesto.`);
  const contract = contracts[name];
  if (contract !== undefined && !contractAccepts(CONTRACT_VERSION, contract)) {
    const refused = new RemoteContractError(name, contract);
    console.error(refused.message);
    throw refused;
  }
  if (fresh) registerRemotes([{ name, entry }], { force: true });
  const exports = await loadRemote<RemoteModuleExports<Id>>(id);
  if (!exports || exports.default == null) {
    throw new Error(`O módulo "${id}" não exporta um componente.`);
  }
  return exports;
}

/**
 * Loads an exposed module, once: a load in flight or done is shared. `fresh` re-registers its
 * remote first, so a retry after a failed load fetches the remote entry again instead of reusing
 * the failed attempt. A failed load is forgotten (the next call tries again).
 */
export function loadRemoteModule<Id extends RemoteModuleId>(
  id: Id,
  fresh = false,
): Promise<RemoteModuleExports<Id>> {
  const started = loads.get(id) as Promise<RemoteModuleExports<Id>> | undefined;
  if (started && !fresh) return started;
  const load = fetchRemoteModule(id, fresh);
  const own = loads;
  own.set(id, load);
  load.then(
    (exports) => {
      if (loads === own) loaded.set(id, exports);
    },
    () => {
      if (own.get(id) === load) own.delete(id);
    },
  );
  return load;
}

/** The module's exports when it has been loaded (since the remotes were last registered). */
export function loadedRemoteModule<Id extends RemoteModuleId>(
  id: Id,
): RemoteModuleExports<Id> | undefined {
  return loaded.get(id) as RemoteModuleExports<Id> | undefined;
}

/** Starts loading `ids`; settles when each has loaded or failed (never rejects). */
export async function preloadRemoteModules(ids: readonly RemoteModuleId[]): Promise<void> {
  await Promise.allSettled(ids.map((id) => loadRemoteModule(id)));
}
