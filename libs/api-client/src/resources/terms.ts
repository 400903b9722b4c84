import { type DataEnvelope, type TermsStatus } from '@crm-panel/crm-model';
import { apiClient } from '@api-client/client/apiClient';
import { readPayload, requestConfig, type RequestOptions } from '@api-client/client/envelope';

/** GET /api/rdstation/terms/status → { accepted }. */
export async function getTermsStatus(options?: RequestOptions): Promise<TermsStatus> {
  const response = await apiClient.get<DataEnvelope<TermsStatus>>(
    '/api/rdstation/terms/status',
    requestConfig(options),
  );
  return readPayload(response);
}

/** POST /api/rdstation/terms/accept. */
export async function acceptTerms(): Promise<TermsStatus> {
  const response = await apiClient.post<DataEnvelope<TermsStatus>>(
    '/api/rdstation/terms/accept',
    {},
  );
  return readPayload(response);
}
