import { useEffect, useState } from 'react';
import type { RemoteModuleId } from '@crm-panel/contracts';
import { loadedRemoteModule, preloadRemoteModules } from './remoteLoader';

/**
 * Starts loading the code of modules `ids` (a stable list, e.g. a module constant; shared with
 * their areas' own loads) and tells when each has loaded or failed: an area whose module is loaded
 * renders it at once, without a suspense fallback. A failed module is the area's to show (its
 * error and retry).
 */
export function useRemoteCode(ids: readonly RemoteModuleId[]): boolean {
  const [settled, setSettled] = useState<readonly RemoteModuleId[] | null>(() =>
    ids.every((id) => loadedRemoteModule(id) !== undefined) ? ids : null,
  );
  useEffect(() => {
    let mounted = true;
    void preloadRemoteModules(ids).then(() => {
      if (mounted) setSettled(ids);
    });
    return () => {
      mounted = false;
    };
  }, [ids]);
  return settled === ids;
}
