import { Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { getErrorMessage, saveNovusMapping, type AuditAccess } from '@crm-panel/api-client';
import {
  NOVUS_MAPPING_FIELDS,
  novusMappingNames,
  novusMappingProblems,
  parseNovusFieldNames,
  type NovusFieldMapping,
} from '@crm-panel/crm-model';
import { Alert, Button } from '@crm-panel/ui';
import { FormActions, FormikFormLayout, FormikTextField } from '@crm-panel/ui/form-kit';
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

/**
 * The api's own rules of a mapping (crm-model's novusMappingProblems), each problem named after
 * the form's field (`user.userId` → `user-userId`), so the form refuses what the api would.
 */
const mappingSchema = yup.object().test('novus-mapping', (values: MappingValues) => {
  const problems = Object.entries(novusMappingProblems(toMapping(values)));
  return (
    problems.length === 0 ||
    new yup.ValidationError(
      problems.map(
        ([path, problem]) => new yup.ValidationError(problem, undefined, path.replace('.', '-')),
      ),
    )
  );
});

const CHAT_FIELDS = [
  {
    name: 'chatMessagesEndpoint',
    label: TEXTS.novus.chatEndpoint,
    help: TEXTS.novus.chatEndpointHelp,
  },
  { name: 'chatMessagesHost', label: TEXTS.novus.chatHost, help: TEXTS.novus.chatHostHelp },
];

/**
 * The tenant's field mapping, edited by an admin: each field's names as text, checked with the
 * api's own rules before sending (pt-BR, per field); a refusal of the api is shown above the
 * buttons and nothing typed is lost.
 */
export function NovusMappingForm({ mapping, defaults, access, onSaved }: NovusMappingFormProps) {
  const T = TEXTS.novus;
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const defaultValues = toValues(defaults);

  const save = async (values: MappingValues) => {
    setOutcome(null);
    try {
      await saveNovusMapping(toMapping(values), access);
      setOutcome({ tone: 'success', text: T.saved });
      onSaved();
    } catch (error) {
      setOutcome({ tone: 'error', text: getErrorMessage(error, T.saveError) });
    }
  };

  return (
    <Formik initialValues={toValues(mapping)} validationSchema={mappingSchema} onSubmit={save}>
      {({ isSubmitting, setValues }) => (
        <FormikFormLayout aria-label={T.mappingTitle}>
          {NOVUS_MAPPING_FIELDS.map((field) => {
            const path = pathOf(field);
            return (
              <FormikTextField
                key={path}
                name={path}
                label={field.label}
                required={field.required}
                helperText={`${T.mappingDefault} ${defaultValues[path] || '—'}`}
              />
            );
          })}
          {CHAT_FIELDS.map(({ name, label, help }) => (
            <FormikTextField key={name} name={name} label={label} helperText={help} />
          ))}
          {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
          <FormActions>
            <Button variant="secondary" onClick={() => setValues(defaultValues)}>
              {T.restore}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {T.save}
            </Button>
          </FormActions>
        </FormikFormLayout>
      )}
    </Formik>
  );
}
