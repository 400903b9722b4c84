import { useQuery } from '@tanstack/react-query';
import { dealQueryOptions } from '@crm-panel/api-client';

/**
 * The deal's name for the forms' 'Negociação' line: the one the shell passed, else read from the
 * deal record (shared cache key, so usually already loaded by the deal toolbar).
 */
export function useDealName(dealId: string | null, dealName: string | undefined): string | null {
  const given = dealName?.trim() ? dealName : undefined;
  const deal = useQuery({
    ...dealQueryOptions(dealId ?? ''),
    enabled: dealId !== null && given === undefined,
  });
  return given ?? deal.data?.name ?? null;
}
