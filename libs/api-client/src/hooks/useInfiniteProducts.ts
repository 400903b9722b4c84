import { useInfiniteQuery } from '@tanstack/react-query';
import { productsInfiniteQueryOptions } from '@api-client/query/infiniteQueryOptions';

export function useInfiniteProducts(search?: string) {
  return useInfiniteQuery(productsInfiniteQueryOptions({ search }));
}
