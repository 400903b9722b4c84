import { type DataEnvelope, type UserProfile } from '@crm-panel/crm-model';
import { apiClient } from '@api-client/client/apiClient';
import { readPayload, requestConfig, type RequestOptions } from '@api-client/client/envelope';

/** GET /api/rdstation/user/profile → { id, name, email, organization } (data.data). */
export async function getUserProfile(options?: RequestOptions): Promise<UserProfile> {
  const response = await apiClient.get<DataEnvelope<UserProfile>>(
    '/api/rdstation/user/profile',
    requestConfig(options),
  );
  return readPayload(response);
}
