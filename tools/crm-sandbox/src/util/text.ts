/** Lower case without accents, so "joão" matches "JOAO" as RD users expect when searching. */
export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Lower case only: RDQL's `~` is case-insensitive, and accents still count. */
export function lowerCase(value: string): string {
  return value.toLowerCase();
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** ASCII slug for e-mail local parts and domains. */
export function asciiSlug(value: string, separator = '.'): string {
  return fold(value)
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, 'g'), '');
}

export const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
