import * as yup from 'yup';
import {
  type CredentialsPayload,
  MESSAGES,
  SECURITY_PASSWORD_MIN_LENGTH,
} from '@crm-panel/crm-model';

import { TEXTS } from '@credentials/features/shared/texts';

const C = MESSAGES.credentials;

export interface CredentialsFormValues {
  /** The operator's setup code; asked only where the host signs nothing. */
  setupCode: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  defaultChatDomain: string;
  securityPassword: string;
  confirmPassword: string;
}

/** Field order = the order of the spec's seven rules (§5), so errors read top to bottom. */
export const CREDENTIALS_FIELD_ORDER: readonly (keyof CredentialsFormValues)[] = [
  'setupCode',
  'clientId',
  'clientSecret',
  'redirectUri',
  'defaultChatDomain',
  'securityPassword',
  'confirmPassword',
];

/** Spec §5, in order; text fields are judged trimmed, the password as typed. */
export const credentialsSchema = yup.object({
  clientId: yup.string().trim().required(C.clientIdRequired),
  clientSecret: yup.string().trim().required(C.clientSecretRequired),
  redirectUri: yup.string().trim().required(C.redirectUriRequired),
  defaultChatDomain: yup.string().trim().required(C.chatDomainRequired),
  securityPassword: yup
    .string()
    .required(C.securityPasswordRequired)
    .min(SECURITY_PASSWORD_MIN_LENGTH, C.passwordMinLength),
  // Formik hands empty fields over as undefined: compare both as text.
  confirmPassword: yup.string().test('matches', C.passwordsMismatch, (value, context) => {
    const password: unknown = context.parent.securityPassword;
    return (value ?? '') === (typeof password === 'string' ? password : '');
  }),
});

/**
 * The form's schema: spec §5, and first the operator's setup code where the host signs nothing
 * (the api asks it: credentials/status `setupCodeRequired`).
 */
export function credentialsSchemaFor(setupCodeRequired: boolean) {
  return credentialsSchema.shape({
    setupCode: setupCodeRequired
      ? yup.string().trim().required(TEXTS.form.setupCodeRequired)
      : yup.string(),
  });
}

/** What goes over the wire: values trimmed except the password (PRODUCT.md §5). */
export function toCredentialsPayload(
  values: CredentialsFormValues,
  setupCodeRequired = false,
): CredentialsPayload {
  return {
    ...(setupCodeRequired ? { setupCode: values.setupCode.trim() } : {}),
    clientId: values.clientId.trim(),
    clientSecret: values.clientSecret.trim(),
    redirectUri: values.redirectUri.trim(),
    securityPassword: values.securityPassword,
    defaultChatDomain: values.defaultChatDomain.trim(),
  };
}
