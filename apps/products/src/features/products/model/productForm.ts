import {
  BILLING_FREQUENCIES,
  type BillingFrequency,
  type DealProduct,
  type DealProductPayload,
  DEFAULT_BILLING_FREQUENCY,
  DEFAULT_QUANTITY,
  DISCOUNT_PERCENTAGE_MAX,
  DISCOUNT_TYPES,
  type DiscountType,
  MESSAGES,
} from '@crm-panel/crm-model';
import { type ProductTotalEstimate, estimateProductTotal } from '@crm-panel/format';
import { mixed, object, type ObjectSchema, string } from 'yup';

const TEXTS = MESSAGES.products;

/**
 * What the form holds. Numbers stay text while typed, so an error never rewrites what the person
 * typed; they become numbers only in the payload.
 */
export interface ProductFormValues {
  productId: string;
  price: string;
  quantity: string;
  /** '' = no discount (the type is optional). */
  discountType: DiscountType | '';
  discount: string;
  billingFrequency: BillingFrequency;
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  productId: '',
  price: '',
  quantity: String(DEFAULT_QUANTITY),
  discountType: '',
  discount: '',
  billingFrequency: DEFAULT_BILLING_FREQUENCY,
};

/** A pt-BR number with its thousands marked: '1.234' or '1.234,56'. */
const GROUPED = /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;
/** A number without thousands marks, its decimals after a comma or a dot: '1234,56', '89.9'. */
const PLAIN = /^\d+(?:[.,]\d+)?$/;

/**
 * A number as a person in Brazil types it → its value: the comma is the decimal mark and dots
 * mark thousands ('1.234,56'); without a comma, a dot before other than three digits is a decimal
 * mark ('89.9'). '' and anything else (a sign, letters, an exponent) → NaN, which the form's rules
 * name.
 */
export function parseDecimal(text: string): number {
  const trimmed = text.trim();
  if (GROUPED.test(trimmed)) return Number(trimmed.replace(/\./g, '').replace(',', '.'));
  if (PLAIN.test(trimmed)) return Number(trimmed.replace(',', '.'));
  return Number.NaN;
}

/**
 * The spec's steps and minimums on the form's number fields, typed as text (price and discount:
 * step 0.01, min 0; quantity: step 1, min 1): ArrowUp adds a step, ArrowDown takes one off, never
 * below the minimum (an empty or unreadable field counts as the minimum); null for other keys.
 */
export function steppedDecimal(text: string, key: string, step = 0.01, min = 0): number | null {
  const delta = key === 'ArrowUp' ? 1 : key === 'ArrowDown' ? -1 : 0;
  if (delta === 0) return null;
  // In whole steps, so 0.01 steps add up without floating-point crumbs (299.92, not 299.92000001).
  const perUnit = Math.round(1 / step);
  const current = parseDecimal(text);
  const units = Math.round((Number.isFinite(current) ? current : min) * perUnit) + delta;
  return Math.max(Math.round(min * perUnit), units) / perUnit;
}

/** A number as the form shows it: its decimals after a comma ('12,5'). */
export const decimalText = (value: number): string => String(value).replace('.', ',');

/** Money as the form shows it: two decimals after a comma ('299,00'); all of them when it has more. */
export function moneyText(value: number): string {
  const cents = value.toFixed(2);
  return Number(cents) === value ? cents.replace('.', ',') : decimalText(value);
}

/** How a discount shows in its field: a percentage as a number ('12,5'), an amount as money. */
export const discountTextOf = (type: DiscountType | '' | null): ((value: number) => string) =>
  type === 'percentage' ? decimalText : moneyText;

// Formik hands '' to yup as undefined; the defaults turn it back into '' before the tests run.
export const productFormSchema: ObjectSchema<ProductFormValues> = object({
  productId: string().default('').trim().required(TEXTS.selectProduct),
  price: string()
    .default('')
    .test('price', TEXTS.invalidPrice, (value) => {
      const price = parseDecimal(value);
      return Number.isFinite(price) && price >= 0;
    }),
  quantity: string()
    .default('')
    .test('quantity', TEXTS.quantityMin, (value) => {
      const quantity = parseDecimal(value);
      return Number.isInteger(quantity) && quantity >= 1;
    }),
  discountType: mixed<DiscountType | ''>()
    .default('')
    .oneOf(['', ...DISCOUNT_TYPES]),
  discount: string()
    .default('')
    .test('discount', (value, context) => {
      const type = (context.parent as ProductFormValues).discountType;
      // No type: the value field is disabled and ignored. No value: no discount.
      if (type === '' || value.trim() === '') return true;
      const discount = parseDecimal(value);
      if (!Number.isFinite(discount) || discount < 0) {
        return context.createError({ message: TEXTS.invalidDiscount });
      }
      if (type === 'percentage' && discount > DISCOUNT_PERCENTAGE_MAX) {
        return context.createError({ message: TEXTS.percentageMax });
      }
      return true;
    }),
  billingFrequency: mixed<BillingFrequency>()
    .default(DEFAULT_BILLING_FREQUENCY)
    .oneOf([...BILLING_FREQUENCIES]),
});

/**
 * The deal-product payload of PRODUCT.md §3: discount (and its type) only when greater than 0. One
 * exception: an edit that takes the discount off an item that had one sends `discount: 0`,
 * because the CRM's update keeps fields it is not sent and the discount would silently stay.
 */
export function toDealProductPayload(
  values: ProductFormValues,
  initial?: ProductFormValues,
): DealProductPayload {
  const payload: DealProductPayload = {
    product_id: values.productId.trim(),
    price: parseDecimal(values.price),
    quantity: parseDecimal(values.quantity),
    billing_frequency: values.billingFrequency,
  };
  const discount = parseDecimal(values.discount);
  if (values.discountType !== '' && Number.isFinite(discount) && discount > 0) {
    payload.discount_type = values.discountType;
    payload.discount = discount;
  } else if (initial && initial.discountType !== '' && parseDecimal(initial.discount) > 0) {
    payload.discount = 0;
  }
  return payload;
}

/** An existing deal product as form values (edit). A zero discount shows as no discount. */
export function dealProductToFormValues(item: DealProduct): ProductFormValues {
  const hasDiscount = item.discount_type !== null && item.discount > 0;
  return {
    productId: item.product_id,
    price: moneyText(item.price),
    quantity: String(item.quantity),
    discountType: hasDiscount && item.discount_type ? item.discount_type : '',
    discount: hasDiscount ? discountTextOf(item.discount_type)(item.discount) : '',
    billingFrequency: BILLING_FREQUENCIES.includes(item.billing_frequency)
      ? item.billing_frequency
      : DEFAULT_BILLING_FREQUENCY,
  };
}

/**
 * The 'Valor Total Estimado' box, or null while price or quantity is missing or invalid (their
 * own errors say why; a total of invalid numbers would only mislead).
 */
export function estimateFromValues(values: ProductFormValues): ProductTotalEstimate | null {
  const price = parseDecimal(values.price);
  const quantity = parseDecimal(values.quantity);
  if (!(price >= 0) || !Number.isInteger(quantity) || quantity < 1) return null;
  return estimateProductTotal({
    price,
    quantity,
    discountType: values.discountType === '' ? null : values.discountType,
    discount: parseDecimal(values.discount),
  });
}

/** Spec §5: submit is disabled without product, price or quantity. */
export function canSubmitProduct(values: ProductFormValues): boolean {
  return (
    values.productId.trim() !== '' && values.price.trim() !== '' && values.quantity.trim() !== ''
  );
}
