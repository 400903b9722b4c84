import { useEffect, useState } from 'react';
import type { RemoteModuleId } from '@crm-panel/contracts';
import { loadedRemoteModule, preloadRemoteModules } from './remoteLoader';

/**
 * Starts loading the code of modules `ids` (shared with their areas' own loads) and tells when
 * each has loaded or failed: an area whose module is loaded renders it at once, without a
 * suspense fallback. A failed module is the area's to show (its error and retry).
 */
export function useRemoteCode(ids: readonly RemoteModuleId[]): boolean {
  const key = ids.join(' ');
  const [settledKey, setSettledKey] = useState<string | null>(() =>
    ids.every((id) => loadedRemoteModule(id) !== undefined) ? key : null,
  );
  useEffect(() => {
    let mounted = true;
    void preloadRemoteModules(key.split(' ') as RemoteModuleId[]).then(() => {
      if (mounted) setSettledKey(key);
    });
    return () => {
      mounted = false;
    };
  }, [key]);
  return settledKey === key;
}
