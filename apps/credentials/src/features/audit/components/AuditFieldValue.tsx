import {
  AUDIT_NO_VALUE,
  type AuditFieldChange,
  auditValueId,
  auditValueText,
} from '@crm-panel/crm-model';
import { TEXTS } from '@credentials/features/shared/texts';

export interface AuditFieldValueProps {
  change: AuditFieldChange;
  side: 'before' | 'after';
}

/**
 * One side of a field's change: the name recorded with it (the id stays at hand on hover, to look
 * the record up in the CRM), else the value as recorded, ids included for older entries.
 */
export function AuditFieldValue({ change, side }: AuditFieldValueProps) {
  const id = auditValueId(change, side);
  return (
    <span title={id ? `${TEXTS.audit.recordedId} ${id}` : undefined}>
      {auditValueText(change, side) ?? AUDIT_NO_VALUE}
    </span>
  );
}
