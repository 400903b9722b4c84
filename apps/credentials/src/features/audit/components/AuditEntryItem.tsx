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
 * Where a change was made: the attendance by its contact's name and the channel by its name, as
 * the panel showed them, each id on hover; by their ids in entries recorded without names.
 */
function AuditWhere({ entry }: AuditEntryItemProps) {
  const { attendanceId, chatId, contactName, channelName } = entry;
  if (!attendanceId && !chatId) return <StyledMuted>{TEXTS.audit.outsideAttendance}</StyledMuted>;
  const attendance = attendanceId ? (
    contactName ? (
      <AuditNamed text={`${TEXTS.audit.attendanceWith} ${contactName}`} id={attendanceId} />
    ) : (
      `${TEXTS.audit.attendance} ${attendanceId}`
    )
  ) : null;
  const channel = chatId ? (
    channelName ? (
      <AuditNamed text={`${TEXTS.audit.channel} ${channelName}`} id={chatId} />
    ) : (
      `${TEXTS.audit.chat} ${chatId}`
    )
  ) : null;
  return (
    <StyledMuted>
      {attendance}
      {attendance && channel ? ' · ' : null}
      {channel}
    </StyledMuted>
  );
}

/**
 * Which record: by the name recorded with it (the id on hover). A record of a deal (a note, a
 * task, a product) also says its deal, by name when recorded. A record without a name of its own
 * (a note) is its kind, the id on hover; a deal or contact recorded without one, its id as before.
 */
function AuditRecord({ entry }: AuditEntryItemProps) {
  const { record } = entry;
  const ofADeal = record.dealId !== null && record.dealId !== record.id;
  const label = auditRecordLabel(record.type);
  return (
    <>
      {record.name ? (
        <>
          {label} <AuditNamed text={record.name} id={record.id} />
        </>
      ) : ofADeal ? (
        <AuditNamed text={label} id={record.id} />
      ) : (
        <>
          {label} <AuditNamed text={record.id} id={null} />
        </>
      )}
      {ofADeal ? (
        <>
          {' · '}
          {auditRecordLabel('deal')}{' '}
          <AuditNamed
            text={record.dealName || record.dealId}
            id={record.dealName ? record.dealId : null}
          />
        </>
      ) : null}
    </>
  );
}

/**
 * One change: when, who (verified or not), where (the attendance's contact and the channel),
 * which record and its deal (by the names recorded with them, ids on hover), what.
 */
export function AuditEntryItem({ entry }: AuditEntryItemProps) {
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
          {AUDIT_ACTION_LABELS[entry.action]} · <AuditRecord entry={entry} />
        </span>
        <AuditWhere entry={entry} />
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
