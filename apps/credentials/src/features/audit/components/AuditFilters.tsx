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
  align-items: end;
`;

const StyledButtons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};

  /* 'Filtrar' and 'Limpar filtros' stay on one line each in a narrow grid cell. */
  & > button {
    white-space: nowrap;
  }
`;

const EMPTY = { person: '', recordType: '', recordId: '', from: '', to: '' };

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
 * (type and/or id) and period; applied on 'Filtrar'.
 */
export function AuditFilters({ onApply, people, peopleLoading }: AuditFiltersProps) {
  const [draft, setDraft] = useState(EMPTY);
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

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
    apply(draft);
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
      <TextInput label={TEXTS.audit.from} type="date" value={draft.from} onChange={set('from')} />
      <TextInput label={TEXTS.audit.to} type="date" value={draft.to} onChange={set('to')} />
      <StyledButtons>
        <Button type="submit">{TEXTS.audit.apply}</Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            setDraft(EMPTY);
            apply(EMPTY);
          }}
        >
          {TEXTS.audit.clear}
        </Button>
      </StyledButtons>
    </StyledForm>
  );
}
