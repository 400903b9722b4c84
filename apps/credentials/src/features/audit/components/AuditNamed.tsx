import { AUDIT_NO_VALUE } from '@crm-panel/crm-model';
import { TEXTS } from '@credentials/features/shared/texts';

export interface AuditNamedProps {
  /** What a person reads: the name recorded, else the value (an id in older entries). */
  text: string | null;
  /** The id behind a name, on hover; null when `text` is the id itself or no name was recorded. */
  id: string | null;
}

/**
 * A name the api recorded with a change, with its id at hand on hover (`title` 'ID: …': the record
 * stays findable in the CRM without cluttering the line); '—' when there is nothing to show.
 */
export function AuditNamed({ text, id }: AuditNamedProps) {
  return (
    <span title={id ? `${TEXTS.audit.recordedId} ${id}` : undefined}>{text ?? AUDIT_NO_VALUE}</span>
  );
}
