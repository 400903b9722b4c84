import {
  type DropdownOption,
  type Product,
  PRODUCT_DESCRIPTION_SUBTITLE_LENGTH,
} from '@crm-panel/crm-model';
import { formatBRL } from '@crm-panel/format';

/** Spec §2: name + ' - ' + price in BRL. */
export function productOptionLabel(product: Product): string {
  return `${product.name} - ${formatBRL(product.price)}`;
}

/** The first 60 characters of the description (code points, so no emoji is split). */
export function productOptionSubtitle(product: Product): string | undefined {
  const description = (product.description ?? '').trim();
  if (description === '') return undefined;
  return Array.from(description).slice(0, PRODUCT_DESCRIPTION_SUBTITLE_LENGTH).join('');
}

export function productOption(product: Product): DropdownOption {
  const subtitle = productOptionSubtitle(product);
  return subtitle === undefined
    ? { value: product.id, label: productOptionLabel(product) }
    : { value: product.id, label: productOptionLabel(product), subtitle };
}

/** Lower case without accents, so 'basico' finds 'Plano Básico'. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Does the product's name, price label or description contain the search text? */
export function productMatches(product: Product, search: string): boolean {
  const needle = normalizeSearchText(search);
  if (needle === '') return true;
  return [productOptionLabel(product), product.description ?? ''].some((text) =>
    normalizeSearchText(text).includes(needle),
  );
}
