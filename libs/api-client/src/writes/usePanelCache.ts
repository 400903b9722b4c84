import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { cacheRules, type CacheRules } from './cacheRules';

/**
 * The panel cache's reactions, for a page that learns of a write it did not make itself (a host
 * modal's result, a sign-in window, 'Atualizar'): the same rules the write hooks run.
 */
export function usePanelCache(): CacheRules {
  const client = useQueryClient();
  return useMemo(() => cacheRules(client), [client]);
}
