import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import {
  AUDIT_RECORD_LABELS,
  AUDIT_RECORD_TYPES,
  type AuditPerson,
  type AuditQuery,
  type AuditRecordType,
  type DropdownOption,
} from '@crm-panel/crm-model';
import { Button, SingleSelect, TextInput } from '@crm-panel/ui';
import { DateField, isDateFieldDay } from '@crm-panel/ui/form-kit';
import { Select } from '@crm-panel/ui/fields';
import { TEXTS } from '@credentials/features/shared/texts';

export interface AuditFiltersProps {
  onApply: (query: AuditQuery) => void;
  /** The people of the trail (GET /api/audit/people): the person filter's choices. */
  people: AuditPerson[];
  peopleLoading: boolean;
}

const StyledForm = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ theme }) => theme.sizes.gridColumn.sm}, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  /* Fields side by side keep their labels level when one of them shows an error below. */
  align-items: start;
`;

const StyledButtons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  /* The buttons sit level with the inputs, under their row's labels. */
  align-self: end;

  /* 'Filtrar' and 'Limpar filtros' stay on one line each in a narrow grid cell. */
  & > button {
    white-space: nowrap;
  }
`;

const EMPTY = { person: '', recordType: '', recordId: '', from: '', to: '' };

type PeriodErrors = { from?: string; to?: string };

/**
 * What is wrong with the period typed (dd/mm/yyyy, whatever the browser's language): a date that
 * is not a real day, or a start after the end. Empty when it can be sent.
 */
function periodErrors({ from, to }: typeof EMPTY): PeriodErrors {
  const errors: PeriodErrors = {};
  if (from && !isDateFieldDay(from)) errors.from = TEXTS.audit.invalidDate;
  if (to && !isDateFieldDay(to)) errors.to = TEXTS.audit.invalidDate;
  if (!errors.from && !errors.to && from && to && from > to) errors.to = TEXTS.audit.invalidPeriod;
  return errors;
}

const isRecordType = (value: string): value is AuditRecordType =>
  (AUDIT_RECORD_TYPES as readonly string[]).includes(value);

/**
 * A person as the filter offers them: by name, the user id beside it (two people may share a name;
 * typing an id finds them too), and said when nobody signed who they are.
 */
const personOption = (person: AuditPerson): DropdownOption => ({
  value: person.userId,
  label: person.name,
  subtitle: [
    `${TEXTS.audit.recordedId} ${person.userId}`,
    person.verified ? null : TEXTS.audit.unverified,
  ]
    .filter(Boolean)
    .join(' · '),
});

/**
 * The history's filters: person (picked by name; the request still names the user id), record
 * (type and/or id) and period (dd/mm/yyyy); applied on 'Filtrar', unless a date is not a real day
 * or the period ends before it starts: then the field says so, keeps what was typed, and nothing
 * is asked.
 */
export function AuditFilters({ onApply, people, peopleLoading }: AuditFiltersProps) {
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<PeriodErrors>({});
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  /** A date being typed again is no longer the one that was refused. */
  const setDay = (key: 'from' | 'to') => (value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors({});
  };

  const apply = (values: typeof EMPTY) => {
    const query: AuditQuery = {};
    if (values.person.trim()) query.person = values.person.trim();
    if (isRecordType(values.recordType)) query.recordType = values.recordType;
    if (values.recordId.trim()) query.recordId = values.recordId.trim();
    if (values.from) query.from = values.from;
    if (values.to) query.to = values.to;
    onApply(query);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = periodErrors(draft);
    setErrors(found);
    if (!found.from && !found.to) apply(draft);
  };

  return (
    <StyledForm aria-label={TEXTS.audit.filtersTitle} onSubmit={submit}>
      <SingleSelect
        label={TEXTS.audit.person}
        placeholder={TEXTS.audit.anyPerson}
        searchable
        loading={peopleLoading}
        // 'Todas as pessoas' first: choosing it drops the person from the filters.
        options={[{ value: '', label: TEXTS.audit.anyPerson }, ...people.map(personOption)]}
        value={draft.person}
        onChange={(value) => setDraft((current) => ({ ...current, person: value ?? '' }))}
      />
      <Select
        label={TEXTS.audit.recordType}
        placeholder={TEXTS.audit.anyRecordType}
        options={AUDIT_RECORD_TYPES.map((type) => ({
          value: type,
          label: AUDIT_RECORD_LABELS[type],
        }))}
        value={draft.recordType}
        onChange={set('recordType')}
      />
      <TextInput label={TEXTS.audit.recordId} value={draft.recordId} onChange={set('recordId')} />
      <DateField
        label={TEXTS.audit.from}
        value={draft.from}
        onChange={setDay('from')}
        error={errors.from}
      />
      <DateField
        label={TEXTS.audit.to}
        value={draft.to}
        onChange={setDay('to')}
        error={errors.to}
      />
      <StyledButtons>
        <Button type="submit">{TEXTS.audit.apply}</Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            setDraft(EMPTY);
            setErrors({});
            apply(EMPTY);
          }}
        >
          {TEXTS.audit.clear}
        </Button>
      </StyledButtons>
    </StyledForm>
  );
}
