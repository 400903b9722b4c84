import { useQuery } from '@tanstack/react-query';
import { dealQueryOptions } from '@crm-panel/api-client';

/** The deal by id from the shared cache (the toolbar and the general tab read the same entry). */
export function useDeal(dealId: string | null) {
  return useQuery({ ...dealQueryOptions(dealId ?? ''), enabled: Boolean(dealId) });
}
