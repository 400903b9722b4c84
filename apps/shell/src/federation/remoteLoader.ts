import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type {
  RemoteModuleExports,
  RemoteModuleId,
  RemoteName,
  RuntimeManifest,
} from '@crm-panel/contracts';

let entries: Partial<Record<RemoteName, string>> = {};
const registrationListeners = new Set<() => void>();

/** Called whenever the remotes are registered anew (what was loaded before no longer counts). */
export function onRemotesRegistered(listener: () => void): void {
  registrationListeners.add(listener);
}

/** Registers the remotes of the runtime manifest: no remote URL is baked into the shell build. */
export function registerManifestRemotes(manifest: RuntimeManifest): void {
  entries = { ...manifest.remotes };
  registerRemotes(Object.entries(manifest.remotes).map(([name, entry]) => ({ name, entry })));
  registrationListeners.forEach((listener) => listener());
}

function remoteOf(id: RemoteModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}

/**
 * Loads an exposed module. `fresh` re-registers its remote first, so a retry after a failed
 * load fetches the remote entry again instead of reusing the failed attempt.
 */
export async function loadRemoteModule<Id extends RemoteModuleId>(
  id: Id,
  fresh = false,
): Promise<RemoteModuleExports<Id>> {
  const name = remoteOf(id);
  const entry = entries[name];
  if (!entry) throw new Error(`Remote "${name}" não está no manifesto.`);
  if (fresh) registerRemotes([{ name, entry }], { force: true });
  const loaded = await loadRemote<RemoteModuleExports<Id>>(id);
  if (!loaded || loaded.default == null) {
    throw new Error(`O módulo "${id}" não exporta um componente.`);
  }
  return loaded;
}
