import { type DiscountType } from '@crm-panel/crm-model';

export interface ProductTotalInput {
  price: number;
  quantity: number;
  discountType?: DiscountType | null;
  discount?: number | null;
}

/** The 'Valor Total Estimado' box: gross = price × quantity, total = gross − discount (≥ 0). */
export interface ProductTotalEstimate {
  gross: number;
  /** The discount actually taken off (never more than gross). */
  discountValue: number;
  total: number;
  /** Whether the box should also show the gross price and the discount. */
  hasDiscount: boolean;
}

const toCents = (value: number): number => Math.round(value * 100) / 100;

/**
 * Null while price or quantity is not a number (the box is hidden then). A discount without a
 * type, or one that is not a positive number, counts as no discount.
 */
export function estimateProductTotal(input: ProductTotalInput): ProductTotalEstimate | null {
  const { price, quantity, discountType, discount } = input;
  if (!Number.isFinite(price) || !Number.isFinite(quantity)) return null;
  const gross = price * quantity;
  const rawDiscount =
    discountType && typeof discount === 'number' && Number.isFinite(discount) && discount > 0
      ? discount
      : 0;
  const requested = discountType === 'percentage' ? (gross * rawDiscount) / 100 : rawDiscount;
  const discountValue = Math.min(Math.max(requested, 0), Math.max(gross, 0));
  return {
    gross: toCents(gross),
    discountValue: toCents(discountValue),
    total: toCents(Math.max(gross - discountValue, 0)),
    hasDiscount: discountValue > 0,
  };
}
