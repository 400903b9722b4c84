import { REMOTE_NAMES, type RemoteName, type RuntimeManifest } from '@crm-panel/contracts';

/**
 * Where a developer points one remote of this browser's panel at another address (a local dev
 * server, a preview release), as single-spa's import-map-overrides does: a localStorage entry set
 * from devtools, e.g.
 *   localStorage.setItem('crm-panel:remote-overrides',
 *     JSON.stringify({ notes: 'http://localhost:4202/mf-manifest.json' }))
 * Only localStorage: nothing in the page's URL or in a chat message can set it, so no link a
 * customer is sent can swap the panel's code. Honoured only for the origins the operator lists
 * in runtime-config.json (`overrideOrigins`); the panel shows a banner while one is active.
 */
export const OVERRIDES_KEY = 'crm-panel:remote-overrides';

export interface RemoteOverride {
  remote: RemoteName;
  entry: string;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The overrides this browser asks for whose origin the operator allows; the rest are ignored. */
export function readRemoteOverrides(
  storage: Pick<Storage, 'getItem'> | null,
  allowedOrigins: readonly string[],
): RemoteOverride[] {
  let asked: unknown;
  try {
    asked = JSON.parse(storage?.getItem(OVERRIDES_KEY) ?? 'null');
  } catch {
    console.warn(`[federação] ${OVERRIDES_KEY} não é JSON: ignorado.`);
    return [];
  }
  if (typeof asked !== 'object' || asked === null) return [];
  const overrides: RemoteOverride[] = [];
  for (const [remote, entry] of Object.entries(asked)) {
    if (!REMOTE_NAMES.includes(remote as RemoteName) || typeof entry !== 'string') continue;
    const origin = originOf(entry);
    if (!origin || !allowedOrigins.includes(origin)) {
      console.warn(
        `[federação] substituição de ${remote} por ${entry} ignorada: origem não permitida.`,
      );
      continue;
    }
    overrides.push({ remote: remote as RemoteName, entry });
  }
  return overrides;
}

/** The manifest with the overridden remotes at their new entries (their contract unknown). */
export function applyRemoteOverrides(
  manifest: RuntimeManifest,
  overrides: readonly RemoteOverride[],
): RuntimeManifest {
  const remotes = { ...manifest.remotes };
  const contracts = { ...manifest.contracts };
  for (const { remote, entry } of overrides) {
    remotes[remote] = entry;
    delete contracts[remote];
  }
  return { ...manifest, remotes, contracts };
}

/** Ends every override of this browser (the banner's button); the panel then reloads. */
export function clearRemoteOverrides(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(OVERRIDES_KEY);
}
