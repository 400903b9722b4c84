import { type Socket } from 'node:net';
import Ajv from 'ajv';
import { BODY_AJV_OPTIONS } from '@crm-panel/crm-model/schemas';
import { type FastifyInstance, type FastifySchema } from 'fastify';
import { ApiError } from '@api/errors';
import { API_MESSAGES } from '@api/messages';

// Bodies are taken as sent (BODY_AJV_OPTIONS, shared with the mock api): a number where text is
// expected is refused, never turned into text. Query strings and path parameters arrive as text,
// so only they are coerced (limit=200 → 200).
const strictAjv = new Ajv(BODY_AJV_OPTIONS);
const coercingAjv = new Ajv({ ...BODY_AJV_OPTIONS, coerceTypes: 'array' });

/** Control characters: none anywhere in ids, headers and queries; in bodies only tab and newlines. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROL_ANYWHERE = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Deeper than this, a body is refused outright (a JSON bomb of nested arrays, say). */
const MAX_DEPTH = 64;

export class TooDeepError extends Error {}

/**
 * The path of the first string (or key) holding a forbidden character, or null. Walks without
 * recursion, so no input can exhaust the stack; nesting past MAX_DEPTH throws TooDeepError.
 */
export function controlCharacterPath(value: unknown, pattern: RegExp): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof item.value === 'string') {
      if (pattern.test(item.value)) return item.path;
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_DEPTH) throw new TooDeepError();
    const entries = Array.isArray(item.value)
      ? item.value.map((child, index) => [`${item.path}[${index}]`, child] as const)
      : Object.entries(item.value).map(([key, child]) => {
          if (pattern.test(key)) return [item.path || 'corpo', '\u0000'] as const;
          return [item.path ? `${item.path}.${key}` : key, child] as const;
        });
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [path, child] = entries[index] as readonly [string, unknown];
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return null;
}

export function registerStrictInput(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? strictAjv : coercingAjv).compile(schema as FastifySchema & object),
  );
  app.addHook('preValidation', async (request) => {
    // Pages a browser opens (the OAuth callback) answer HTML errors of their own.
    if (!request.routeOptions.schema?.headers) return;
    let found: string | null;
    try {
      found =
        controlCharacterPath(request.params, CONTROL_ANYWHERE) ??
        controlCharacterPath(request.query, CONTROL_ANYWHERE) ??
        controlCharacterPath(request.body, CONTROL_IN_TEXT);
    } catch (error) {
      if (error instanceof TooDeepError) throw new ApiError(400, API_MESSAGES.badRequest);
      throw error;
    }
    if (found !== null) {
      throw new ApiError(
        400,
        `O campo '${found || 'parâmetro'}' ${API_MESSAGES.controlCharacters}.`,
      );
    }
  });
}

function rawJson(status: number, reason: string, message: string): string {
  const body = JSON.stringify({ message });
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Node's HTTP parser refused the request (bad header bytes, header block too large, …). */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  socket.end(
    tooLarge
      ? rawJson(431, 'Request Header Fields Too Large', API_MESSAGES.headersTooLarge)
      : rawJson(400, 'Bad Request', API_MESSAGES.badRequest),
  );
}
