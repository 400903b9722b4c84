import { type AuditFieldChange, auditValueId, auditValueText } from '@crm-panel/crm-model';
import { AuditNamed } from './AuditNamed';

export interface AuditFieldValueProps {
  change: AuditFieldChange;
  side: 'before' | 'after';
}

/**
 * One side of a field's change: the name recorded with it (the id on hover), else the value as
 * recorded, ids included for older entries.
 */
export function AuditFieldValue({ change, side }: AuditFieldValueProps) {
  return <AuditNamed text={auditValueText(change, side)} id={auditValueId(change, side)} />;
}
