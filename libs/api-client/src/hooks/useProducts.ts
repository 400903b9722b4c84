import { useQuery } from '@tanstack/react-query';
import { productsQueryOptions } from '@api-client/query/queryOptions';

/** The catalogue's first page (200 products), optionally by exact name. */
export function useProducts(search?: string) {
  return useQuery(productsQueryOptions({ search }));
}
