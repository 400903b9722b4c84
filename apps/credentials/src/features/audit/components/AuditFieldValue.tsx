import {
  type AuditFieldChange,
  auditValueId,
  auditValueText,
  BILLING_FREQUENCY_LABELS,
  DISCOUNT_TYPE_LABELS,
  TASK_TYPE_LABELS,
} from '@crm-panel/crm-model';
import { formatBRL, formatPercent } from '@crm-panel/format';
import { AuditNamed } from './AuditNamed';

export interface AuditFieldValueProps {
  change: AuditFieldChange;
  side: 'before' | 'after';
  /** The discount's type on that side ('amount' | 'percentage'), when the entry says it. */
  discountType?: string | null;
}

/** Fields whose values are money in BRL, shown as the panel shows them ('R$ 49,90'). */
const MONEY_FIELDS: ReadonlySet<string> = new Set(['price', 'total_price']);

/** The codes a field records, by the labels the panel shows them with. */
const CODE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  discount_type: DISCOUNT_TYPE_LABELS,
  billing_frequency: BILLING_FREQUENCY_LABELS,
  type: TASK_TYPE_LABELS,
};

/**
 * A recorded value as the panel shows it: money in pt-BR (R$), a percentage with '%', a code by
 * its label ('Porcentagem (%)').
 */
function asShown(field: string, text: string | null, discountType?: string | null): string | null {
  if (text === null || text.trim() === '') return text;
  const label = CODE_LABELS[field]?.[text];
  if (label) return label;
  const amount = Number(text);
  if (!Number.isFinite(amount)) return text;
  if (MONEY_FIELDS.has(field)) return formatBRL(amount);
  if (field === 'discount' && discountType === 'amount') return formatBRL(amount);
  if (field === 'discount' && discountType === 'percentage') return formatPercent(amount);
  return text;
}

/**
 * One side of a field's change: the name recorded with it (the id on hover), else the value as
 * recorded — money and percentages as the panel shows them — ids included for older entries.
 */
export function AuditFieldValue({ change, side, discountType }: AuditFieldValueProps) {
  const id = auditValueId(change, side);
  const text = auditValueText(change, side);
  return <AuditNamed text={id ? text : asShown(change.field, text, discountType)} id={id} />;
}
