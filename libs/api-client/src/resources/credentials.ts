import {
  type CredentialsPayload,
  type CredentialsRemovalPayload,
  type CredentialsRemovalResult,
  type CredentialsStatus,
  type DataEnvelope,
} from '@crm-panel/crm-model';
import { apiClient } from '@api-client/client/apiClient';
import { readPayload, requestConfig, type RequestOptions } from '@api-client/client/envelope';

export interface CredentialsSaveResult {
  success: boolean;
  redirectUri: string;
}

/** GET /api/rdstation/credentials/status → { configured, redirectUri, liveUpdates? }. */
export async function getCredentialsStatus(options?: RequestOptions): Promise<CredentialsStatus> {
  const response = await apiClient.get<DataEnvelope<CredentialsStatus>>(
    '/api/rdstation/credentials/status',
    requestConfig(options),
  );
  return readPayload(response);
}

/** POST /api/rdstation/credentials with the five credential fields. */
export async function saveCredentials(payload: CredentialsPayload): Promise<CredentialsSaveResult> {
  const body: CredentialsPayload = {
    clientId: payload.clientId,
    clientSecret: payload.clientSecret,
    redirectUri: payload.redirectUri,
    securityPassword: payload.securityPassword,
    defaultChatDomain: payload.defaultChatDomain,
    // Only where the host signs nothing: the operator's setup code.
    ...(payload.setupCode === undefined ? {} : { setupCode: payload.setupCode }),
  };
  const response = await apiClient.post<DataEnvelope<CredentialsSaveResult>>(
    '/api/rdstation/credentials',
    body,
  );
  return readPayload(response);
}

/** DELETE /api/rdstation/credentials with body { securityPassword } → { usersAffected }. */
export async function removeCredentials(
  securityPassword: string,
): Promise<CredentialsRemovalResult> {
  const body: CredentialsRemovalPayload = { securityPassword };
  const response = await apiClient.delete<DataEnvelope<CredentialsRemovalResult>>(
    '/api/rdstation/credentials',
    {
      data: body,
    },
  );
  return readPayload(response);
}
