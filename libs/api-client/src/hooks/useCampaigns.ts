import { useQuery } from '@tanstack/react-query';
import { campaignsQueryOptions } from '@api-client/query/queryOptions';

export function useCampaigns() {
  return useQuery(campaignsQueryOptions());
}
