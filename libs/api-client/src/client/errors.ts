import axios from 'axios';

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

function serverMessage(error: unknown): string | null {
  if (!axios.isAxiosError(error)) return null;
  const body: unknown = error.response?.data;
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  const { message } = body;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/**
 * What to show a person for a failed call (spec §8 "server message preferred"): the server's
 * `{ message }` first, then a message this client raised on purpose, else the caller's pt-BR fallback.
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  const fromServer = serverMessage(error);
  if (fromServer !== null) return fromServer;
  if (error instanceof ApiClientError && error.message.trim() !== '') return error.message;
  return fallback;
}

/** True when `error` is an HTTP answer with this status (e.g. 403 on removal, 401 on profile). */
export function isHttpStatus(error: unknown, status: number): boolean {
  return axios.isAxiosError(error) && error.response?.status === status;
}
