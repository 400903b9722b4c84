import { REQUEST_TIMEOUT_MS } from '@crm-panel/crm-model';
import { ApiRequestError } from './errors';

// The panel's HTTP over the platform `fetch` (issue 16: axios was 20.9 KB of the main panel's
// JS). It keeps the wire axios 1.x put on it byte for byte — URL joining, query encoding, JSON
// bodies, headers — and its error shapes (status, body, code), so the api, the mock api and the
// helpers in errors.ts see no difference. apiClient.ts adds identity, session and retries.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Query values as the panel sends them; undefined entries are left out. */
export type QueryParams = Readonly<Record<string, string | number | boolean | undefined>>;

/** What a call may add to its method and path. */
export interface ApiRequestConfig {
  params?: QueryParams;
  headers?: Readonly<Record<string, string>>;
  /** Cancels the request (TanStack Query passes one to every queryFn). */
  signal?: AbortSignal;
  /**
   * 'blob': a 2xx answer's body as received, byte for byte (a file to save, e.g. a CSV whose
   * BOM a text decoding would drop); other answers are read as usual. Default: JSON or text.
   */
  responseType?: 'blob';
}

/** One request as it goes out; apiClient.ts fills in its headers before it is sent. */
export interface ApiRequest extends Omit<ApiRequestConfig, 'headers'> {
  method: HttpMethod;
  /** A path under the base URL, or an absolute URL. */
  url: string;
  headers: Headers;
  /** The JSON body; none for GET. */
  data?: object;
}

export interface ApiResponse<T = unknown> {
  /** The parsed JSON body; the text when it is not JSON ('' when empty). */
  data: T;
  status: number;
  headers: Headers;
  config: ApiRequest;
}

/** axios's query encoding (buildURL): encodeURIComponent with `:`, `$`, `,` kept and `+` for space. */
function encodeQuery(value: string): string {
  return encodeURIComponent(value)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+');
}

const ABSOLUTE_URL = /^([a-z][a-z\d+\-.]*:)?\/\//i;

/** `baseURL` + `url` + `?params`, exactly as axios builds it (buildFullPath + buildURL). */
export function buildUrl(baseURL: string, url: string, params?: QueryParams): string {
  let full =
    baseURL && !ABSOLUTE_URL.test(url)
      ? `${baseURL.replace(/\/?\/$/, '')}/${url.replace(/^\/+/, '')}`
      : url;
  const query = Object.entries(params ?? {})
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeQuery(key)}=${encodeQuery(String(value))}`)
    .join('&');
  if (query) {
    const hash = full.indexOf('#');
    if (hash !== -1) full = full.slice(0, hash);
    full += (full.includes('?') ? '&' : '?') + query;
  }
  return full;
}

/** JSON when it parses, else the text itself ('' for an empty body), as axios read answers. */
export function parseBody(text: string): unknown {
  if (text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Sends one request: `Accept: application/json`, a JSON body with its content type when there is
 * one, the 10 s timeout (REQUEST_TIMEOUT_MS, up to the last byte of the answer) and the caller's
 * abort signal. Resolves on 2xx; otherwise rejects with an ApiRequestError: with the answer
 * (status, body) when the api answered, else ERR_NETWORK, ECONNABORTED (timeout) or ERR_CANCELED.
 */
export async function send<T>(request: ApiRequest, baseURL: string): Promise<ApiResponse<T>> {
  const { signal } = request;
  if (signal?.aborted) throw new ApiRequestError('canceled', 'ERR_CANCELED', request);
  const headers = new Headers(request.headers);
  headers.set('Accept', 'application/json');
  if (request.data === undefined) headers.delete('Content-Type');
  else headers.set('Content-Type', 'application/json');
  // Outside the try below: a body that cannot be serialised is a bug, not a network failure.
  const url = buildUrl(baseURL, request.url, request.params);
  const body = request.data === undefined ? undefined : JSON.stringify(request.data);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const cancel = (): void => controller.abort();
  signal?.addEventListener('abort', cancel);

  let answer: Response;
  let text: string;
  let file: Blob | null = null;
  try {
    // Called on globalThis, never as a detached reference (browsers refuse that), and looked up
    // at call time so a test's interception (msw) is used.
    answer = await globalThis.fetch(url, {
      method: request.method,
      headers,
      body,
      signal: controller.signal,
    });
    if (request.responseType === 'blob' && answer.ok) {
      file = await answer.blob();
      text = '';
    } else {
      text = await answer.text();
    }
  } catch {
    if (timedOut) {
      throw new ApiRequestError(
        `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`,
        'ECONNABORTED',
        request,
      );
    }
    if (signal?.aborted) throw new ApiRequestError('canceled', 'ERR_CANCELED', request);
    throw new ApiRequestError('Network Error', 'ERR_NETWORK', request);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }

  const response: ApiResponse<T> = {
    data: (file ?? parseBody(text)) as T,
    status: answer.status,
    headers: answer.headers,
    config: request,
  };
  if (answer.status >= 200 && answer.status < 300) return response;
  throw new ApiRequestError(
    `Request failed with status code ${answer.status}`,
    answer.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
    request,
    response,
  );
}
