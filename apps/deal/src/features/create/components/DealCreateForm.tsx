import { useQuery } from '@tanstack/react-query';
import { Formik } from 'formik';
import { useMemo, useState } from 'react';
import { useSearchParams } from '@crm-panel/contracts/router';
import {
  contactQueryOptions,
  getErrorMessage,
  useCreateDeal,
  useCustomFields,
} from '@crm-panel/api-client';
import { MODAL_CANCELLED, parseModalQuery } from '@crm-panel/contracts';
import { type CustomFieldDefinition, MESSAGES } from '@crm-panel/crm-model';
import { useHostForms } from '@crm-panel/host-bridge';
import { Alert, FormErrorBanner } from '@crm-panel/ui';
import { ModalPage } from '@crm-panel/ui/form-kit';
import {
  dealCreateSchema,
  type DealCreateValues,
  EMPTY_DEAL_VALUES,
  toDealCreatePayload,
} from '../dealCreateSchema';
import { DealCreateFields } from './DealCreateFields';

const byOrder = (a: CustomFieldDefinition, b: CustomFieldDefinition) =>
  (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER);

/**
 * /deal-create-modal (query: contactId). Creates the deal with the chat's contact, then closes
 * with `{ success: true, dealId }` so the panel selects it. A failure keeps everything typed.
 */
export function DealCreateForm() {
  const [params] = useSearchParams();
  const parsed = parseModalQuery('deal-create', params);
  const contactId = parsed.ok ? parsed.query.contactId : undefined;
  const { closeForm } = useHostForms();
  const createDeal = useCreateDeal();
  const customFields = useCustomFields();
  const contact = useQuery({
    ...contactQueryOptions(contactId ?? ''),
    enabled: Boolean(contactId),
  });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [created, setCreated] = useState(false);

  const definitions = useMemo(
    () => (customFields.data ?? []).filter((field) => field.entity === 'deal').sort(byOrder),
    [customFields.data],
  );

  const submit = async (values: DealCreateValues) => {
    setSubmitError(null);
    let dealId: string;
    try {
      // The new deal starts with the chat's contact.
      const payload = toDealCreatePayload(values, definitions);
      const deal = await createDeal.mutateAsync(
        contactId ? { ...payload, contact_ids: [contactId] } : payload,
      );
      dealId = deal.id;
    } catch (error) {
      setSubmitError(getErrorMessage(error, MESSAGES.deal.createError));
      return;
    }
    setCreated(true);
    try {
      await closeForm({ success: true, dealId });
    } catch (error) {
      console.error(error);
    }
  };

  const cancel = () => {
    closeForm(MODAL_CANCELLED).catch((error: unknown) => console.error(error));
  };

  return (
    <ModalPage
      title="Criar Negociação"
      subtitle={contact.data ? `Contato: ${contact.data.name}` : undefined}
      width="wide"
      onClose={cancel}
    >
      {created ? <Alert tone="success">{MESSAGES.deal.createSuccess}</Alert> : null}
      <FormErrorBanner message={submitError} onClose={() => setSubmitError(null)} />
      <Formik<DealCreateValues>
        initialValues={EMPTY_DEAL_VALUES}
        validationSchema={dealCreateSchema}
        onSubmit={submit}
      >
        <DealCreateFields
          definitions={definitions}
          customFieldsFailed={customFields.isError}
          onRetryCustomFields={() => void customFields.refetch()}
          created={created}
          onCancel={cancel}
        />
      </Formik>
    </ModalPage>
  );
}
