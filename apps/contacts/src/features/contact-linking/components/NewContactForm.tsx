import { Formik } from 'formik';
import { useState } from 'react';
import styled from 'styled-components';
import { getErrorMessage } from '@crm-panel/api-client';
import { type HostContact, MESSAGES } from '@crm-panel/crm-model';
import { Button, ConfirmDialog, FormErrorBanner } from '@crm-panel/ui';
import { FormActions, FormikFormLayout, FormikTextField, FormRow } from '@crm-panel/ui/form-kit';
import { useCreateLinkedContact } from '../hooks/useCreateLinkedContact';
import { useLinkContact } from '../hooks/useLinkContact';
import { useSamePhoneContacts } from '../hooks/useSamePhoneContacts';
import { type LinkedHandler } from '../linking';
import { newContactInitialValues, newContactSchema, type NewContactValues } from '../newContact';
import { samePhoneQuestion, type ContactSuggestion } from '../suggestions';

const StyledBody = styled.div`
  padding-top: ${({ theme }) => theme.space[4]};
`;

export interface NewContactFormProps {
  hostContact: HostContact;
  onLinked: LinkedHandler;
}

/** A create held back because the CRM already has the phone: what was typed, and who has it. */
interface SamePhone {
  values: NewContactValues;
  matches: [ContactSuggestion, ...ContactSuggestion[]];
}

/**
 * Create mode: a new CRM contact from the chat's contact, linked to it in the same call. When
 * the CRM already has a contact with that phone, nothing is created until the attendant answers:
 * link that contact, or create anyway (RD Station accepts a second contact with the same phone).
 */
export function NewContactForm({ hostContact, onLinked }: NewContactFormProps) {
  const create = useCreateLinkedContact(hostContact.id, onLinked);
  const link = useLinkContact(hostContact.id, onLinked);
  const samePhoneContacts = useSamePhoneContacts(hostContact);
  const [error, setError] = useState<string | null>(null);
  const [samePhone, setSamePhone] = useState<SamePhone | null>(null);

  const createContact = async (values: NewContactValues) => {
    try {
      await create.mutateAsync(values);
    } catch (failure) {
      // Formik keeps every value: the attendant fixes what is needed and sends again.
      setError(getErrorMessage(failure, MESSAGES.contacts.createError));
    }
  };

  const submit = async (values: NewContactValues) => {
    setError(null);
    let matches: ContactSuggestion[];
    try {
      matches = await samePhoneContacts(values.phone);
    } catch (failure) {
      setError(getErrorMessage(failure, MESSAGES.auth.fetchContactsError));
      return;
    }
    const [first, ...others] = matches;
    if (first) {
      setSamePhone({ values, matches: [first, ...others] });
      return;
    }
    await createContact(values);
  };

  const match = samePhone?.matches[0];

  return (
    <>
      <Formik<NewContactValues>
        initialValues={newContactInitialValues(hostContact)}
        validationSchema={newContactSchema}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <StyledBody>
            <FormikFormLayout aria-label="Novo contato">
              <FormErrorBanner message={error} onClose={() => setError(null)} />
              <FormikTextField name="name" label="Nome" required autoComplete="off" />
              <FormRow column="lg">
                <FormikTextField name="email" label="E-mail" type="email" autoComplete="off" />
                <FormikTextField name="phone" label="Telefone" type="tel" autoComplete="off" />
              </FormRow>
              <FormikTextField name="jobTitle" label="Cargo" autoComplete="off" />
              <FormActions>
                <Button type="submit" icon="plus" loading={isSubmitting}>
                  Criar e vincular contato
                </Button>
              </FormActions>
            </FormikFormLayout>
          </StyledBody>
        )}
      </Formik>
      <ConfirmDialog
        open={samePhone !== null && match !== undefined}
        title="Telefone já cadastrado no CRM"
        message={samePhone ? samePhoneQuestion(samePhone.matches) : ''}
        confirmLabel={match ? `Vincular ${match.contact.name}` : 'Vincular'}
        onConfirm={async () => {
          if (!match) return;
          try {
            await link.mutateAsync(match.id);
          } catch (failure) {
            setError(getErrorMessage(failure, MESSAGES.contacts.linkError));
          }
          setSamePhone(null);
        }}
        alternative={{
          label: 'Criar mesmo assim',
          onSelect: async () => {
            if (samePhone) await createContact(samePhone.values);
            setSamePhone(null);
          },
        }}
        onCancel={() => setSamePhone(null)}
      />
    </>
  );
}
