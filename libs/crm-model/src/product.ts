export type DiscountType = 'amount' | 'percentage';
export type BillingFrequency = 'one-time' | 'monthly' | 'annually';

export interface Product {
  id: string;
  name: string;
  description: string | null;
  /** List price. */
  price: number;
}

export interface DealProduct {
  id: string;
  product_id: string;
  quantity: number;
  /** Negotiated unit price. */
  price: number;
  discount: number;
  discount_type: DiscountType | null;
  billing_frequency: BillingFrequency;
  total_price: number;
}

/**
 * POST /api/rdstation/deals/{id}/products and PUT …/products/{productId}.
 * `discount` (and its type) is sent only when greater than 0.
 */
export interface DealProductPayload {
  product_id: string;
  price: number;
  quantity: number;
  billing_frequency?: BillingFrequency;
  discount_type?: DiscountType;
  discount?: number;
}
