import { type CustomFieldType, type CustomFieldValue } from '@crm-panel/crm-model';
import { formatDate } from '@crm-panel/format';

/** Shown for a custom field that has no value. */
export const EMPTY_VALUE = '—';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}(T|$)/;
const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** A custom field's value as a person reads it: dates dd/mm/yyyy, lists joined, flags Sim/Não. */
export function formatCustomFieldValue(
  value: CustomFieldValue | undefined,
  type?: CustomFieldType,
): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') return number.format(value);
  const text = value.trim();
  if (text === '') return EMPTY_VALUE;
  if (type === 'date' || ISO_DAY.test(text)) return formatDate(text) || text;
  return text;
}
