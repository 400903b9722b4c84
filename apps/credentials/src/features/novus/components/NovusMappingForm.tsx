import { useFormik } from 'formik';
import { useState } from 'react';
import styled from 'styled-components';
import { getErrorMessage, saveNovusMapping, type AuditAccess } from '@crm-panel/api-client';
import {
  NOVUS_MAPPING_FIELDS,
  novusMappingNames,
  novusMappingProblems,
  parseNovusFieldNames,
  type NovusFieldMapping,
} from '@crm-panel/crm-model';
import { Alert, Button, TextInput } from '@crm-panel/ui';
import { TEXTS } from '@credentials/features/shared/texts';

export interface NovusMappingFormProps {
  mapping: NovusFieldMapping;
  defaults: NovusFieldMapping;
  access: AuditAccess;
  /** After a save: the diagnostics are read again. */
  onSaved: () => void;
}

/**
 * The form's values: each list of names as the text typed (`user-userId`, …: formik reads dots as
 * nesting), and the two chat settings.
 */
type MappingValues = Record<string, string>;

const pathOf = (field: { group: string; key: string }) => `${field.group}-${field.key}`;

function toValues(mapping: NovusFieldMapping): MappingValues {
  const values: MappingValues = {
    chatMessagesEndpoint: mapping.chatMessagesEndpoint,
    chatMessagesHost: mapping.chatMessagesHost,
  };
  for (const field of NOVUS_MAPPING_FIELDS)
    values[pathOf(field)] = novusMappingNames(mapping, field).join(', ');
  return values;
}

function toMapping(values: MappingValues): NovusFieldMapping {
  const names = (group: string, key: string) =>
    parseNovusFieldNames(values[pathOf({ group, key })] ?? '');
  return {
    user: { userId: names('user', 'userId'), systemKey: names('user', 'systemKey') },
    attendance: {
      attendanceId: names('attendance', 'attendanceId'),
      channelId: names('attendance', 'channelId'),
      description: names('attendance', 'description'),
    },
    contact: {
      id: names('contact', 'id'),
      name: names('contact', 'name'),
      secondaryName: names('contact', 'secondaryName'),
      phone: names('contact', 'phone'),
    },
    chatMessagesEndpoint: (values.chatMessagesEndpoint ?? '').trim(),
    chatMessagesHost: (values.chatMessagesHost ?? '').trim(),
  };
}

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

/**
 * The tenant's field mapping, edited by an admin: each field's names as text, checked with the
 * api's own rules before sending (pt-BR, per field); a refusal of the api is shown above the
 * buttons and nothing typed is lost.
 */
export function NovusMappingForm({ mapping, defaults, access, onSaved }: NovusMappingFormProps) {
  const T = TEXTS.novus;
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useFormik<MappingValues>({
    initialValues: toValues(mapping),
    // The api's own rules; their keys (`user.userId`) named as the form's fields.
    validate: (values) =>
      Object.fromEntries(
        Object.entries(novusMappingProblems(toMapping(values))).map(([path, problem]) => [
          path.replace('.', '-'),
          problem,
        ]),
      ),
    onSubmit: async (values) => {
      setOutcome(null);
      try {
        await saveNovusMapping(toMapping(values), access);
        setOutcome({ tone: 'success', text: T.saved });
        onSaved();
      } catch (error) {
        setOutcome({ tone: 'error', text: getErrorMessage(error, T.saveError) });
      }
    },
  });
  const errorOf = (path: string) =>
    form.touched[path] || form.submitCount > 0 ? form.errors[path] : undefined;
  const defaultValues = toValues(defaults);

  return (
    <StyledForm noValidate onSubmit={form.handleSubmit} aria-label={T.mappingTitle}>
      {NOVUS_MAPPING_FIELDS.map((field) => {
        const path = pathOf(field);
        return (
          <TextInput
            key={path}
            name={path}
            label={field.label}
            required={field.required}
            value={form.values[path] ?? ''}
            error={errorOf(path)}
            helperText={`${T.mappingDefault} ${defaultValues[path] || '—'}`}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
          />
        );
      })}
      {[
        { name: 'chatMessagesEndpoint', label: T.chatEndpoint, help: T.chatEndpointHelp },
        { name: 'chatMessagesHost', label: T.chatHost, help: T.chatHostHelp },
      ].map(({ name, label, help }) => (
        <TextInput
          key={name}
          name={name}
          label={label}
          value={form.values[name] ?? ''}
          error={errorOf(name)}
          helperText={help}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
        />
      ))}
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
      <StyledActions>
        <Button type="submit" loading={form.isSubmitting}>
          {T.save}
        </Button>
        <Button type="button" variant="secondary" onClick={() => form.setValues(defaultValues)}>
          {T.restore}
        </Button>
      </StyledActions>
    </StyledForm>
  );
}
