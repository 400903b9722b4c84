import axios, {
  type AxiosError,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import {
  API_CONTRACT_HEADER,
  API_CONTRACT_VERSION,
  REQUEST_TIMEOUT_MS,
} from '@crm-panel/crm-model';
import { ApiRequestError, type ApiRequestErrorCode } from './errors';
import { type ApiRequest, type ApiResponse, type QueryParams } from './wire';

// The panel's HTTP transport: axios, the one module of the workspace that imports it (lint rule in
// eslint.config.mjs). One instance per client; its interceptors fill each request in (the client's
// identity and session, apiClient.ts), turn every failure into the client's typed errors
// (errors.ts) and let the client recover from one (the single retry after a refused token).

export type { ApiRequest, ApiRequestConfig, ApiResponse, HttpMethod, QueryParams } from './wire';

/** What the client adds to its transport: the two ends of every request. */
export interface TransportHooks<R extends ApiRequest> {
  /** The request interceptor's part, synchronous: a request whose token is at hand leaves now. */
  prepare(request: R): void;
  /**
   * The last response interceptor's part: a typed failure, answered with a response (a retry
   * that went well) or rethrown.
   */
  recover(error: ApiRequestError, request: R): Promise<ApiResponse>;
}

export interface Transport<R extends ApiRequest> {
  send<T>(request: R): Promise<ApiResponse<T>>;
  /**
   * A request whose answer is read as it arrives (the live stream's text/event-stream): a 2xx
   * answer's body as a stream of bytes, once its headers are in; the 10 s cover the wait for
   * them, the request's own signal the rest. `platformFetch`: the fetch it goes out through
   * (the browser's; tests hand in theirs). Failures are the same typed errors as send()'s.
   */
  stream(
    request: R,
    platformFetch?: typeof fetch,
  ): Promise<ApiResponse<ReadableStream<Uint8Array>>>;
  /** The base URL every relative path is sent under ('' for the page's origin). */
  setBaseURL(baseURL: string): void;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The client's own request, carried through the interceptors (a function: kept by reference). */
    apiRequest?: () => ApiRequest;
    /** The request's 10 s (abortAfter), to tell its expiry from the caller's cancellation. */
    requestTimeout?: () => RequestTimeout;
  }
}

const ACCEPT_JSON = 'application/json';

/** `baseURL` + `url` + `?params`, exactly as the transport sends it. */
export function buildUrl(baseURL: string, url: string, params?: QueryParams): string {
  return axios.getUri({ baseURL, url, params });
}

/** JSON when it parses, else the text itself ('' for an empty body), as the transport reads answers. */
export function parseBody(text: string): unknown {
  if (text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A refused file download's or stream's body is the api's JSON message, read as any other answer
 * (reading a stream to its end also lets its connection go).
 */
async function readRefusedFile(data: unknown): Promise<unknown> {
  if (data instanceof Blob) return parseBody(await data.text());
  if (data instanceof ReadableStream) return parseBody(await new Response(data).text());
  return data;
}

function headersOf(response: AxiosResponse): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const one of value) headers.append(name, String(one));
    else if (typeof value === 'number') headers.set(name, String(value));
  }
  return headers;
}

function requestOf(config: InternalAxiosRequestConfig | undefined): ApiRequest {
  const request = config?.apiRequest?.();
  if (!request) throw new Error('api-client: a request without its ApiRequest');
  return request;
}

/** The request's 10 s: its signal aborts the request when they run out or when the caller's does. */
interface RequestTimeout {
  signal: AbortSignal;
  expired(): boolean;
  /** The answer is in: the 10 s stop, the caller's signal still aborts (a stream being read). */
  answered(): void;
  clear(): void;
}

/**
 * The timeout as an abort signal rather than axios's `timeout` (XMLHttpRequest's own): it runs on
 * the page's timers (the tests' fake ones too), covers the request up to the last byte of the
 * answer as XMLHttpRequest's did, and joins the caller's signal (TanStack Query's).
 */
function abortAfter(ms: number, caller: AbortSignal | undefined): RequestTimeout {
  const controller = new AbortController();
  let expired = false;
  const cancel = (): void => controller.abort();
  if (caller?.aborted) controller.abort();
  else caller?.addEventListener('abort', cancel);
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, ms);
  return {
    signal: controller.signal,
    expired: () => expired,
    answered: () => clearTimeout(timer),
    clear() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', cancel);
    },
  };
}

/** How a failure without an answer reads: axios's codes, the client's names for them. */
function unansweredCode(error: AxiosError): ApiRequestErrorCode {
  if (axios.isCancel(error) || error.code === 'ERR_CANCELED') return 'ERR_CANCELED';
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return 'ECONNABORTED';
  return 'ERR_NETWORK';
}

/** Any failure of the transport as the client's typed error (errors.ts). */
async function typedError(error: unknown): Promise<ApiRequestError> {
  if (error instanceof ApiRequestError) return error;
  if (!axios.isAxiosError(error)) throw error;
  const request = requestOf(error.config);
  const { response } = error;
  if (response) {
    const { status } = response;
    return new ApiRequestError(
      `Request failed with status code ${status}`,
      status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
      request,
      {
        data: await readRefusedFile(response.data),
        status,
        headers: headersOf(response),
        config: request,
      },
    );
  }
  const code = error.config?.requestTimeout?.().expired() ? 'ECONNABORTED' : unansweredCode(error);
  const message =
    code === 'ECONNABORTED'
      ? `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`
      : code === 'ERR_CANCELED'
        ? 'canceled'
        : 'Network Error';
  return new ApiRequestError(message, code, request);
}

/**
 * The client's one axios instance: JSON (`Accept: application/json`, a JSON body with its content
 * type only when there is one), answers read as JSON else kept as text, the 10 s timeout
 * (REQUEST_TIMEOUT_MS, abortAfter) joined to the caller's AbortSignal, and `hooks` on both ends.
 */
export function createTransport<R extends ApiRequest>(hooks: TransportHooks<R>): Transport<R> {
  const instance: AxiosInstance = axios.create({
    // The platform fetch under axios (its fetch adapter): the same requests as XMLHttpRequest's,
    // a file's bytes as sent, and the streaming body the live stream reads (stream below).
    adapter: 'fetch',
    // Every status is an answer the client reads; the interceptors below turn non-2xx ones into
    // typed errors, the same as for failures without an answer.
    validateStatus: (status) => status >= 200 && status < 300,
    transitional: { clarifyTimeoutError: false, silentJSONParsing: true, forcedJSONParsing: true },
  });

  // Synchronous (no promise between the call and the request): a request whose token is at hand
  // leaves in the task it was made in.
  instance.interceptors.request.use(
    (config) => {
      const request = requestOf(config) as R;
      hooks.prepare(request);
      config.headers.set('Accept', ACCEPT_JSON);
      // The wire contract these calls were written for: the api serves its own major and the one
      // before it, and refuses another with a message (@crm-panel/crm-model apiContract.ts).
      config.headers.set(API_CONTRACT_HEADER, API_CONTRACT_VERSION);
      // Only the headers the api reads (and its CORS allows): no content type without a body
      // (axios would add its form type to a bare POST), and not axios's own User-Agent.
      if (request.data === undefined) config.headers.set('Content-Type', false);
      config.headers.set('User-Agent', false);
      request.headers.forEach((value, name) => config.headers.set(name, value));
      return config;
    },
    undefined,
    { synchronous: true },
  );

  instance.interceptors.response.use(
    (response: AxiosResponse) => {
      const request = requestOf(response.config);
      const answer: ApiResponse = {
        data: response.data,
        status: response.status,
        headers: headersOf(response),
        config: request,
      };
      // The chain carries the client's shape from here on (send() returns it as it is).
      return answer as unknown as AxiosResponse;
    },
    async (error: unknown) => {
      const typed = await typedError(error);
      return hooks.recover(typed, typed.config as R);
    },
  );

  /** One request through the instance; `stream`: its body is handed over as it arrives. */
  async function request<T>(
    request: R,
    stream?: { platformFetch?: typeof fetch },
  ): Promise<ApiResponse<T>> {
    const timeout = abortAfter(REQUEST_TIMEOUT_MS, request.signal);
    try {
      const answer: unknown = await instance.request<T>({
        method: request.method,
        url: request.url,
        params: request.params,
        data: request.data,
        signal: timeout.signal,
        responseType: stream ? 'stream' : request.responseType,
        // A stream is never answered from the browser's cache.
        ...(stream ? { fetchOptions: { cache: 'no-store' } } : {}),
        ...(stream?.platformFetch ? { env: { fetch: stream.platformFetch } } : {}),
        apiRequest: () => request,
        requestTimeout: () => timeout,
      });
      return answer as ApiResponse<T>;
    } catch (error) {
      // A signal already aborted stops axios before its response interceptors: typed here.
      throw await typedError(error);
    } finally {
      if (stream) timeout.answered();
      else timeout.clear();
    }
  }

  return {
    send: (apiRequest) => request(apiRequest),
    stream: (apiRequest, platformFetch) =>
      request<ReadableStream<Uint8Array>>(apiRequest, { platformFetch }),
    setBaseURL(baseURL) {
      instance.defaults.baseURL = baseURL;
    },
  };
}
