import { ApiRequestError, type ApiRequestErrorCode } from '@api-client/client/errors';
import { type ApiRequest } from '@api-client/client/http';

const request = (): ApiRequest => ({ method: 'GET', url: '/api/test', headers: new Headers() });

/** The error the client raises when the api answered `status` with `data`. */
export function answeredError(
  status: number,
  data: unknown,
  headers: Record<string, string> = {},
): ApiRequestError {
  const config = request();
  return new ApiRequestError(
    `Request failed with status code ${status}`,
    status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
    config,
    { status, data, headers: new Headers(headers), config },
  );
}

/** The error the client raises when no answer came: network, timeout or cancellation. */
export function unansweredError(
  code: Exclude<ApiRequestErrorCode, 'ERR_BAD_REQUEST' | 'ERR_BAD_RESPONSE'>,
): ApiRequestError {
  return new ApiRequestError(code, code, request());
}
