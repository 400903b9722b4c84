import styled from 'styled-components';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_NO_VALUE,
  type AuditEntry,
  auditFieldLabel,
  auditRecordLabel,
} from '@crm-panel/crm-model';
import { formatDateTime } from '@crm-panel/format';
import { StatusBadge } from '@crm-panel/ui';
import { TEXTS } from '@credentials/features/shared/texts';
import { AuditFieldValue } from './AuditFieldValue';
import { AuditNamed } from './AuditNamed';

export interface AuditEntryItemProps {
  entry: AuditEntry;
}

const StyledItem = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  padding: ${({ theme }) => theme.space[3]} 0;
  border-bottom: ${({ theme }) => theme.borders.subtle};
`;

const StyledLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledMuted = styled.span`
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const StyledFields = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[4]};
`;

/**
 * One change: when, who (verified or not), from which attendance and chat, which record (by the
 * name recorded with it, the id on hover; older entries by their id), what.
 */
export function AuditEntryItem({ entry }: AuditEntryItemProps) {
  const where =
    entry.attendanceId || entry.chatId
      ? [
          entry.attendanceId ? `${TEXTS.audit.attendance} ${entry.attendanceId}` : null,
          entry.chatId ? `${TEXTS.audit.chat} ${entry.chatId}` : null,
        ]
          .filter(Boolean)
          .join(' · ')
      : TEXTS.audit.outsideAttendance;
  const discountType = entry.fields.find((field) => field.field === 'discount_type');
  return (
    <StyledItem>
      <StyledLine>
        <strong>{formatDateTime(entry.at)}</strong>
        <span>{entry.actor.name ?? entry.actor.userId ?? AUDIT_NO_VALUE}</span>
        <StatusBadge tone={entry.actor.verified ? 'success' : 'warning'}>
          {entry.actor.verified ? TEXTS.audit.verified : TEXTS.audit.unverified}
        </StatusBadge>
      </StyledLine>
      <StyledLine>
        <span>
          {AUDIT_ACTION_LABELS[entry.action]} · {auditRecordLabel(entry.record.type)}{' '}
          <AuditNamed
            text={entry.record.name || entry.record.id}
            id={entry.record.name ? entry.record.id : null}
          />
        </span>
        <StyledMuted>{where}</StyledMuted>
      </StyledLine>
      {entry.fields.length > 0 ? (
        <StyledFields>
          {entry.fields.map((field) => (
            <li key={field.field}>
              {auditFieldLabel(field.field)}:{' '}
              <AuditFieldValue change={field} side="before" discountType={discountType?.before} /> →{' '}
              <AuditFieldValue change={field} side="after" discountType={discountType?.after} />
            </li>
          ))}
        </StyledFields>
      ) : null}
    </StyledItem>
  );
}
