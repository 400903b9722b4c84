/** One item of the v2 `errors` array (JSON:API-like; RD documents only that `errors` is a list). */
export interface ApiErrorItem {
  status: string;
  code: string;
  title: string;
  detail: string;
  source?: { pointer?: string; parameter?: string };
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function titleFor(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
}

export interface ErrorSpec {
  detail: string;
  code?: string;
  pointer?: string;
  parameter?: string;
}

export class ApiError extends Error {
  readonly errors: ApiErrorItem[];

  constructor(
    readonly statusCode: number,
    specs: ErrorSpec[],
    readonly headers: Record<string, string> = {},
  ) {
    super(specs.map((spec) => spec.detail).join('; '));
    this.errors = specs.map((spec) => errorItem(statusCode, spec));
  }

  body(): { errors: ApiErrorItem[] } {
    return { errors: this.errors };
  }
}

export function errorItem(status: number, spec: ErrorSpec): ApiErrorItem {
  const item: ApiErrorItem = {
    status: String(status),
    code: spec.code ?? defaultCode(status),
    title: titleFor(status),
    detail: spec.detail,
  };
  if (spec.pointer !== undefined) item.source = { pointer: spec.pointer };
  if (spec.parameter !== undefined) item.source = { parameter: spec.parameter };
  return item;
}

function defaultCode(status: number): string {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 404:
      return 'NOT_FOUND';
    case 422:
      return 'UNPROCESSABLE_ENTITY';
    case 429:
      return 'TOO_MANY_REQUESTS';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'ERROR';
  }
}

export const notFound = (entity: string, id: string): ApiError =>
  new ApiError(404, [{ detail: `${entity} '${id}' not found`, code: 'NOT_FOUND' }]);

export const badRequest = (detail: string, parameter?: string): ApiError =>
  new ApiError(400, [{ detail, parameter }]);

export const invalidParameter = (detail: string, parameter: string): ApiError =>
  new ApiError(422, [{ detail, parameter, code: 'INVALID_PARAMETER' }]);

export const unauthorized = (detail: string): ApiError => new ApiError(401, [{ detail }]);
