import { type DiscountType } from '@crm-panel/crm-model';

/**
 * Intl puts a non-breaking space (U+00A0) between 'R$' and the amount. We keep Intl's output;
 * Testing Library's default text normaliser collapses it (\s matches U+00A0), so
 * `getByText('R$ 1.234,56')` still finds it. Compare raw strings with `NBSP` or `formatBRL`.
 */
export const NBSP = '\u00a0';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** 1234.5 → 'R$ 1.234,50' (with U+00A0 after 'R$'). */
export function formatBRL(value: number): string {
  return brl.format(value);
}

/** 12.5 → '12,5%'. */
export function formatPercent(value: number): string {
  return `${decimal.format(value)}%`;
}

/** A deal product's discount as the products tab shows it: a percent or an amount in BRL. */
export function formatDiscount(
  discountType: DiscountType | null | undefined,
  value: number,
): string {
  return discountType === 'percentage' ? formatPercent(value) : formatBRL(value);
}
