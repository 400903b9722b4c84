import { useQuery } from '@tanstack/react-query';
import { campaignsQueryOptions } from '../query/queryOptions';

export function useCampaigns() {
  return useQuery(campaignsQueryOptions());
}
