import { useMutation } from '@tanstack/react-query';
import { deleteDealProduct } from '@crm-panel/api-client';
import { useInvalidateDealProducts } from './useInvalidateDealProducts';

/** DELETE a deal product; the deal's products and the deal are refetched. */
export function useDeleteDealProduct(dealId: string) {
  const invalidate = useInvalidateDealProducts();
  return useMutation<void, unknown, string>({
    mutationFn: (dealProductId) => deleteDealProduct(dealId, dealProductId),
    onSuccess: () => invalidate(dealId),
  });
}
