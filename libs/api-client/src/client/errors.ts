import { type ApiRequest, type ApiResponse } from './wire';

/** How a request failed: answered 4xx / 5xx, not answered, timed out, or cancelled. */
export type ApiRequestErrorCode =
  'ERR_BAD_REQUEST' | 'ERR_BAD_RESPONSE' | 'ERR_NETWORK' | 'ECONNABORTED' | 'ERR_CANCELED';

/**
 * A call that did not get a 2xx answer. `response` (status, parsed body) is there when the api
 * answered; the codes are axios's, which the panel used before, so the same checks hold.
 */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly code: ApiRequestErrorCode,
    readonly config: ApiRequest,
    readonly response?: ApiResponse,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * An error the client raises itself whose message is meant for a person (pt-BR), e.g.
 * 'Contato criado sem ID'. `getErrorMessage` shows it like a server message.
 */
export class ApiClientError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ApiClientError';
  }
}

/** The api answered something the client cannot read (a bug or a proxy in the way). */
export class UnexpectedResponseError extends Error {
  constructor(what: string) {
    super(`Resposta inesperada da API: ${what}`);
    this.name = 'UnexpectedResponseError';
  }
}

function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const body: unknown = error.response?.data;
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  const { message } = body;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/**
 * What to show a person for a failed call (PRODUCT.md §8 "server message preferred"): the server's
 * `{ message }` first, then a message this client raised on purpose, else the caller's pt-BR fallback.
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  const fromServer = serverMessage(error);
  if (fromServer !== null) return fromServer;
  if (error instanceof ApiClientError && error.message.trim() !== '') return error.message;
  return fallback;
}

/**
 * The api's machine-readable `code` of an error answer (`{ message, code }`), e.g.
 * 'session_pending', 'terms_required', 'credentials_required'; null when there is none.
 */
export function getErrorCode(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const body: unknown = error.response?.data;
  if (typeof body !== 'object' || body === null || !('code' in body)) return null;
  const { code } = body;
  return typeof code === 'string' && code !== '' ? code : null;
}

/** True when `error` is an HTTP answer with this status (e.g. 403 on removal, 401 on profile). */
export function isHttpStatus(error: unknown, status: number): boolean {
  return error instanceof ApiRequestError && error.response?.status === status;
}

/** How many times a read is asked again when the api could not be reached. */
export const QUERY_RETRIES = 2;

/**
 * The api's code of a 429 because the tenant's RD Station CRM budget (120 requests a minute per
 * account) is spent for now: not an error a person can act on, but a wait (api README, 'The CRM
 * budget'). The api's own 429s (too many writes, sign-ins) carry no such code.
 */
export const CRM_BUSY_CODE = 'crm_busy';
/** What the panel says while a read waits for a busy CRM. */
export const CRM_WAITING_MESSAGE = 'Aguardando o RD Station CRM…';
/** How many times a read is asked again while the CRM is busy (each after its Retry-After). */
export const CRM_BUSY_RETRIES = 20;

/** True when the api answered that the tenant's CRM budget is spent for now. */
export function isCrmBusy(error: unknown): boolean {
  return isHttpStatus(error, 429) && getErrorCode(error) === CRM_BUSY_CODE;
}

/**
 * Whether a failed read is worth asking again: only when the api could not be reached at all
 * (no answer, and not because this client's own 10 s timeout ran out). Anything the api did
 * answer is final — 4xx are answers, and 5xx/429 come after the api's own retries against the
 * CRM, so asking again would only multiply the load on a CRM in trouble.
 */
export function isRetryableError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === 'ERR_NETWORK';
}

/**
 * TanStack Query `retry` for every read of the panel (shell default and remotes' own queries). A
 * busy CRM is waited out: the read goes again after the api's Retry-After, by itself.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isCrmBusy(error)) return failureCount < CRM_BUSY_RETRIES;
  return failureCount < QUERY_RETRIES && isRetryableError(error);
}

/**
 * TanStack Query `retry` for every write of the panel: only a busy CRM is waited out. The api
 * answers 'crm_busy' only for a write the CRM never processed (it waited past its turn in the
 * tenant's queue, or the CRM itself answered 429, which it does not process), so sending it again
 * after the Retry-After can never write twice; any other failure is final, as before.
 */
export function shouldRetryWrite(failureCount: number, error: unknown): boolean {
  return isCrmBusy(error) && failureCount < CRM_BUSY_RETRIES;
}

/**
 * TanStack Query `retryDelay`: a busy CRM's Retry-After (1 to 60 s), else TanStack's own default
 * (1 s doubling, at most 30 s).
 */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  if (isCrmBusy(error) && error instanceof ApiRequestError) {
    const seconds = Number(error.response?.headers.get('retry-after'));
    return Number.isFinite(seconds) ? Math.min(60, Math.max(1, seconds)) * 1000 : 1000;
  }
  return Math.min(1000 * 2 ** failureCount, 30_000);
}
