import {
  type ApiV1TokenPayload,
  type AuthStart,
  type AuthStatus,
  type CrmUserChoicePayload,
  type CrmUserChoices,
  type CrmUserChosen,
  type DataEnvelope,
  type TabSignInRedeemed,
  type TabSignInStart,
} from '@crm-panel/crm-model';
import { apiClient } from '@api-client/client/apiClient';
import { readPayload, requestConfig, type RequestOptions } from '@api-client/client/envelope';

export interface RevokeResult {
  success: boolean;
}

/** GET /api/rdstation/auth/start → the provider's authorization URL. */
export async function startAuth(options?: RequestOptions): Promise<AuthStart> {
  const response = await apiClient.get<DataEnvelope<AuthStart>>(
    '/api/rdstation/auth/start',
    requestConfig(options),
  );
  return readPayload(response);
}

/**
 * POST /api/rdstation/auth/tab/start { returnTo } → the link of a sign-in in a tab of its own and
 * the code only this panel redeems (a frame that may not open windows).
 */
export async function startTabSignIn(
  returnTo: string | null,
  options?: RequestOptions,
): Promise<TabSignInStart> {
  const response = await apiClient.post<DataEnvelope<TabSignInStart>>(
    '/api/rdstation/auth/tab/start',
    { returnTo },
    requestConfig(options),
  );
  return readPayload(response);
}

/** POST /api/rdstation/auth/tab/redeem { redeem } → done (with the auth status) or not yet; 404 gone. */
export async function redeemTabSignIn(
  redeem: string,
  options?: RequestOptions,
): Promise<TabSignInRedeemed> {
  const response = await apiClient.post<DataEnvelope<TabSignInRedeemed>>(
    '/api/rdstation/auth/tab/redeem',
    { redeem },
    requestConfig(options),
  );
  return readPayload(response);
}

/** GET /api/rdstation/auth/status → { authenticated, userId, crmUserRequired, crmUserSource }. */
export async function getAuthStatus(options?: RequestOptions): Promise<AuthStatus> {
  const response = await apiClient.get<DataEnvelope<AuthStatus>>(
    '/api/rdstation/auth/status',
    requestConfig(options),
  );
  return readPayload(response);
}

/** POST /api/rdstation/auth/revoke: logout of the current user only. */
export async function revokeAuth(): Promise<RevokeResult> {
  // An empty object, not an empty body: a JSON content type with no body is a 400 on Fastify.
  const response = await apiClient.post<DataEnvelope<RevokeResult>>(
    '/api/rdstation/auth/revoke',
    {},
  );
  return readPayload(response);
}

/** POST /api/rdstation/auth/v1-token, body { apiV1Token }. */
export async function submitApiV1Token(apiV1Token: string): Promise<AuthStatus> {
  const body: ApiV1TokenPayload = { apiV1Token };
  const response = await apiClient.post<DataEnvelope<AuthStatus>>(
    '/api/rdstation/auth/v1-token',
    body,
  );
  return readPayload(response);
}

/** GET /api/rdstation/auth/crm-users → the CRM's active users and the one an e-mail suggests. */
export async function listCrmUsers(options?: RequestOptions): Promise<CrmUserChoices> {
  const response = await apiClient.get<DataEnvelope<CrmUserChoices>>(
    '/api/rdstation/auth/crm-users',
    requestConfig(options),
  );
  return readPayload(response);
}

/** POST /api/rdstation/auth/crm-user, body { userId }: who the attendant is in the CRM. */
export async function chooseCrmUser(userId: string): Promise<CrmUserChosen> {
  const body: CrmUserChoicePayload = { userId };
  const response = await apiClient.post<DataEnvelope<CrmUserChosen>>(
    '/api/rdstation/auth/crm-user',
    body,
  );
  return readPayload(response);
}
