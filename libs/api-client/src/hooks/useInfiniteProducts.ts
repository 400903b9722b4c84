import { useInfiniteQuery } from '@tanstack/react-query';
import { productsInfiniteQueryOptions } from '../query/infiniteQueryOptions';

export function useInfiniteProducts(search?: string) {
  return useInfiniteQuery(productsInfiniteQueryOptions({ search }));
}
