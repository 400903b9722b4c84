import { API_MESSAGES } from './messages';

/** An error whose status and pt-BR message go to the client as `{ message }`. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  /** A stable word the panel acts on (e.g. 'session_expired'), sent beside the message. */
  readonly code: string | undefined;

  constructor(
    statusCode: number,
    message: string,
    headers: Record<string, string> = {},
    code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.headers = headers;
    this.code = code;
  }
}

/**
 * The code of a 429 because the tenant's CRM budget is spent (the api waited its longest, or the
 * CRM's Retry-After is longer): the panel says it is waiting for the CRM and asks again after
 * Retry-After by itself, where the api's own 429s (too many writes, sessions) are errors.
 */
export const CRM_BUSY_CODE = 'crm_busy';

/** The codes of identity refusals (api README, 'Identity'). */
export type IdentityErrorCode =
  | 'tenant_unknown'
  | 'assertion_required'
  | 'assertion_invalid'
  | 'session_required'
  | 'session_expired'
  | 'session_mismatch'
  | 'session_pending'
  | 'terms_required'
  | 'admin_required'
  | 'security_password_required'
  | 'credentials_required'
  | 'crm_user_required'
  | 'crm_user_chosen'
  | 'author_mismatch';

export const identityError = (status: number, code: IdentityErrorCode, message: string): ApiError =>
  new ApiError(status, message, {}, code);

export const credentialsNotConfigured = (): ApiError =>
  new ApiError(428, API_MESSAGES.credentialsNotConfigured, {}, 'credentials_required');
export const sessionMissing = (): ApiError => new ApiError(401, API_MESSAGES.sessionMissing);
export const sessionEnded = (): ApiError => new ApiError(401, API_MESSAGES.sessionEnded);

/** The call needs the session's CRM user and none is chosen yet: the panel shows its picker. */
export const crmUserRequired = (): ApiError =>
  new ApiError(409, API_MESSAGES.crmUserRequired, {}, 'crm_user_required');
