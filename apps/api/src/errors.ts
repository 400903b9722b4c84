import { API_MESSAGES } from './messages';

/** An error whose status and pt-BR message go to the client as `{ message }`. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

export const credentialsNotConfigured = (): ApiError =>
  new ApiError(428, API_MESSAGES.credentialsNotConfigured);
export const sessionMissing = (): ApiError => new ApiError(401, API_MESSAGES.sessionMissing);
export const sessionEnded = (): ApiError => new ApiError(401, API_MESSAGES.sessionEnded);
