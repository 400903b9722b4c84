import * as yup from 'yup';
import {
  type CredentialsPayload,
  MESSAGES,
  SECURITY_PASSWORD_MIN_LENGTH,
} from '@crm-panel/crm-model';

const C = MESSAGES.credentials;

export interface CredentialsFormValues {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  defaultChatDomain: string;
  securityPassword: string;
  confirmPassword: string;
}

/** Field order = the order of the spec's seven rules (§5), so errors read top to bottom. */
export const CREDENTIALS_FIELD_ORDER: readonly (keyof CredentialsFormValues)[] = [
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

/** What goes over the wire: values trimmed except the password (PRODUCT.md §5). */
export function toCredentialsPayload(values: CredentialsFormValues): CredentialsPayload {
  return {
    clientId: values.clientId.trim(),
    clientSecret: values.clientSecret.trim(),
    redirectUri: values.redirectUri.trim(),
    securityPassword: values.securityPassword,
    defaultChatDomain: values.defaultChatDomain.trim(),
  };
}
