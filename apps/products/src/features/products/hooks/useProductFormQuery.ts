import { useMemo } from 'react';
import { useSearchParams } from '@crm-panel/contracts/router';
import { parseModalQuery, type ProductCreateQuery } from '@crm-panel/contracts';
import { MESSAGES } from '@crm-panel/crm-model';

export interface ProductFormQuery {
  dealId: string | null;
  dealName: string | null;
  /** The deal-product id being edited. */
  productId: string | null;
  /** Spec §2: the presence of productId means edit (even when its value is unusable). */
  isEdit: boolean;
  /** 'ID da negociação não fornecido' / 'ID do produto não fornecido', or null. */
  problem: string | null;
}

/** /product-create-modal?dealId&dealName&productId, read with the contracts' parser. */
export function useProductFormQuery(): ProductFormQuery {
  const [params] = useSearchParams();
  return useMemo(() => {
    const parsed = parseModalQuery('product-create', params);
    const field = (name: keyof ProductCreateQuery): string | null => {
      if (parsed.ok) return parsed.query[name] ?? null;
      // A field the parser rejected (e.g. a blank id) counts as not provided.
      if (parsed.issues.some((issue) => issue.field === name)) return null;
      const raw = params.get(name);
      return raw === null || raw === '' ? null : raw;
    };
    const dealId = field('dealId');
    const productId = field('productId');
    const isEdit = params.has('productId');
    let problem: string | null = null;
    if (!dealId) problem = MESSAGES.products.dealIdMissing;
    else if (isEdit && !productId) problem = MESSAGES.products.productIdMissing;
    return { dealId, dealName: field('dealName'), productId, isEdit, problem };
  }, [params]);
}
