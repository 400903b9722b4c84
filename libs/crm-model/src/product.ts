import type { BILLING_FREQUENCIES, DISCOUNT_TYPES } from './enums';
import type { DealProductCreateBody, DealProductRecord, ProductRecord } from './schemas';

// Types derived from the wire schemas (`./schemas`); change a field there.

export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export type BillingFrequency = (typeof BILLING_FREQUENCIES)[number];

export type Product = ProductRecord;

/** A product on a deal: `price` is the negotiated unit price. */
export type DealProduct = DealProductRecord;

/**
 * POST /api/rdstation/deals/{id}/products and PUT …/products/{productId}.
 * `discount` (and its type) is sent only when greater than 0.
 */
export type DealProductPayload = DealProductCreateBody;
