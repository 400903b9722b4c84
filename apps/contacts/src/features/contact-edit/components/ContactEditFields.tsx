import { Formik } from 'formik';
import { useState } from 'react';
import { getErrorMessage, useRecordChangeWarning, useUpdateContact } from '@crm-panel/api-client';
import { type ContactEditQuery } from '@crm-panel/contracts';
import { MESSAGES } from '@crm-panel/crm-model';
import { useHostForms } from '@crm-panel/host-bridge';
import { Alert, Button, FormErrorBanner } from '@crm-panel/ui';
import { FormActions, FormikFormLayout, FormikTextField, ModalPage } from '@crm-panel/ui/form-kit';
import {
  contactEditSchema,
  type ContactEditValues,
  contactUpdatePayload,
  ORGANIZATION_KEPT,
  organizationRemovalRefused,
} from '../contactEdit';
import { OrganizationSelect } from './OrganizationSelect';

export interface ContactEditFieldsProps {
  query: ContactEditQuery;
}

/** The contact's name and organization; saves with PUT and closes the form with the result. */
export function ContactEditFields({ query }: ContactEditFieldsProps) {
  const { closeForm, cancelForm } = useHostForms();
  const update = useUpdateContact();
  const [error, setError] = useState<string | null>(null);
  // Someone else changed this contact meanwhile: say so, and keep what was typed here.
  const changedElsewhere = useRecordChangeWarning({ type: 'contact', id: query.contactId });
  const initialOrganizationId = query.organizationId ?? null;
  // A removal the CRM's API cannot take: refused where it was asked, the organization kept.
  const [organizationRefused, setOrganizationRefused] = useState(false);

  const initialValues: ContactEditValues = {
    name: query.name,
    organization: initialOrganizationId
      ? { value: initialOrganizationId, label: query.organizationName ?? initialOrganizationId }
      : null,
  };

  const submit = async (values: ContactEditValues) => {
    setError(null);
    try {
      await update.mutateAsync({
        contactId: query.contactId,
        payload: contactUpdatePayload(values, initialOrganizationId),
      });
    } catch (failure) {
      // Formik keeps what was typed; the banner says what went wrong.
      setError(getErrorMessage(failure, MESSAGES.contacts.updateError));
      return;
    }
    await closeForm({ success: true, updated: true });
  };

  return (
    <ModalPage title="Editar Contato" onClose={cancelForm}>
      <Formik<ContactEditValues>
        initialValues={initialValues}
        validationSchema={contactEditSchema}
        onSubmit={submit}
      >
        {({ isSubmitting, values, setFieldValue }) => (
          <FormikFormLayout aria-label="Editar Contato">
            <FormErrorBanner message={error} onClose={() => setError(null)} />
            {changedElsewhere ? <Alert tone="warning">{changedElsewhere}</Alert> : null}
            <FormikTextField name="name" label="Nome" required autoComplete="off" />
            <OrganizationSelect
              value={values.organization}
              onChange={(organization) => {
                const refused = organizationRemovalRefused(organization, initialOrganizationId);
                setOrganizationRefused(refused);
                if (!refused) void setFieldValue('organization', organization);
              }}
              error={organizationRefused ? ORGANIZATION_KEPT : undefined}
              disabled={isSubmitting}
            />
            <FormActions>
              <Button variant="secondary" onClick={() => void cancelForm()} disabled={isSubmitting}>
                Cancelar
              </Button>
              <Button type="submit" icon="check" loading={isSubmitting}>
                Salvar Alterações
              </Button>
            </FormActions>
          </FormikFormLayout>
        )}
      </Formik>
    </ModalPage>
  );
}
