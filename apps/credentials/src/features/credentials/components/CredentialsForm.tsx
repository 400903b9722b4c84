import { Formik } from 'formik';
import { useState } from 'react';
import { getErrorMessage, useSaveCredentials } from '@crm-panel/api-client';
import { MESSAGES } from '@crm-panel/crm-model';
import { useHostForms } from '@crm-panel/host-bridge';
import { FormErrorBanner } from '@crm-panel/ui';
import { FormikFormActions, FormikFormLayout, FormikTextField } from '@crm-panel/ui/form-kit';
import { TEXTS } from '@credentials/features/shared/texts';
import {
  CREDENTIALS_FIELD_ORDER,
  credentialsSchemaFor,
  type CredentialsFormValues,
  toCredentialsPayload,
} from '../credentialsSchema';
import { FocusFirstError } from './FocusFirstError';

export interface CredentialsFormProps {
  /** The api's redirect URI (credentials/status), prefilled when known. */
  initialRedirectUri: string | null;
  /** The host signs nothing: whoever configures types the operator's setup code first. */
  setupCodeRequired?: boolean;
}

/** The page's heading (ModalPage) names the form. */
export const CREDENTIALS_FORM_TITLE_ID = 'credentials-form-title';

/** /credentials-setup-modal: the tenant's RD Station CRM credentials (PRODUCT.md §2, §5, §8). */
export function CredentialsForm({
  initialRedirectUri,
  setupCodeRequired = false,
}: CredentialsFormProps) {
  const { closeForm, cancelForm } = useHostForms();
  const save = useSaveCredentials();
  const [serverError, setServerError] = useState<string | null>(null);

  const initialValues: CredentialsFormValues = {
    setupCode: '',
    clientId: '',
    clientSecret: '',
    redirectUri: initialRedirectUri ?? '',
    defaultChatDomain: '',
    securityPassword: '',
    confirmPassword: '',
  };

  async function onSubmit(values: CredentialsFormValues): Promise<void> {
    setServerError(null);
    const payload = toCredentialsPayload(values, setupCodeRequired);
    try {
      await save.mutateAsync(payload);
    } catch (cause) {
      // The form keeps every value: nothing typed is lost.
      setServerError(getErrorMessage(cause, MESSAGES.credentials.saveError));
      return;
    }
    await closeForm({ success: true, updated: true });
  }

  return (
    <Formik
      initialValues={initialValues}
      validationSchema={credentialsSchemaFor(setupCodeRequired)}
      onSubmit={onSubmit}
    >
      <FormikFormLayout aria-labelledby={CREDENTIALS_FORM_TITLE_ID}>
        <FormErrorBanner message={serverError} onClose={() => setServerError(null)} />
        {setupCodeRequired && (
          <FormikTextField
            name="setupCode"
            label={TEXTS.form.setupCode}
            required
            autoComplete="off"
            helperText={TEXTS.form.setupCodeHelp}
          />
        )}
        <FormikTextField name="clientId" label={TEXTS.form.clientId} required autoComplete="off" />
        <FormikTextField
          name="clientSecret"
          label={TEXTS.form.clientSecret}
          type="password"
          required
          autoComplete="off"
        />
        <FormikTextField
          name="redirectUri"
          label={TEXTS.form.redirectUri}
          type="url"
          required
          helperText={TEXTS.form.redirectUriHelp}
        />
        <FormikTextField
          name="defaultChatDomain"
          label={TEXTS.form.chatDomain}
          placeholder={TEXTS.form.chatDomainPlaceholder}
          required
          helperText={TEXTS.form.chatDomainHelp}
        />
        <FormikTextField
          name="securityPassword"
          label={TEXTS.form.password}
          type="password"
          required
          autoComplete="new-password"
          helperText={TEXTS.form.passwordHelp}
        />
        <FormikTextField
          name="confirmPassword"
          label={TEXTS.form.confirmPassword}
          type="password"
          required
          autoComplete="new-password"
        />
        <FocusFirstError order={CREDENTIALS_FIELD_ORDER} />
        <FormikFormActions submitLabel={TEXTS.form.submit} onCancel={() => cancelForm()} />
      </FormikFormLayout>
    </Formik>
  );
}
