// The shapes of a request and its answer as the client sees them, whatever carries them: the
// transport (http.ts) sends them, the typed errors (errors.ts) keep them.

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

/** One request as the client sees it; the transport's request interceptor fills its headers in. */
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
