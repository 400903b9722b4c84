import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '@crm-panel/api-client';

/** A deal's products changed: refetch them, and the deal too (its total_price follows them). */
export function useInvalidateDealProducts(): (dealId: string) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (dealId: string) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.dealProducts(dealId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.deal(dealId) }),
      ]);
    },
    [queryClient],
  );
}
