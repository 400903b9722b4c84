import { type DropdownOption } from '@crm-panel/crm-model';

/** Lower-case and strip accents, so 'joao' finds 'João'. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

export function filterOptions(options: DropdownOption[], query: string): DropdownOption[] {
  const needle = normalizeText(query);
  if (!needle) return options;
  return options.filter(
    (option) =>
      normalizeText(option.label).includes(needle) ||
      (option.subtitle !== undefined && normalizeText(option.subtitle).includes(needle)),
  );
}
