import {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { type Writable } from 'node:stream';
import { type LogDestination, type LoggerConfig } from './config';

/**
 * Keys whose values never reach a log line, wherever they sit in it (at any depth, in arrays
 * too): bearer and OAuth tokens, client secrets, passwords, the cookie and security-password
 * headers.
 */
export const SECRET_LOG_KEYS: readonly string[] = [
  'authorization',
  'cookie',
  'x-security-password',
  'clientSecret',
  'client_secret',
  'securityPassword',
  'confirmSecurityPassword',
  'confirmPassword',
  'apiV1Token',
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'password',
  'token',
];

export const LOG_CENSOR = '[Redacted]';

const SECRET_KEYS = new Set(SECRET_LOG_KEYS);
/**
 * A secret key as JSON writes it in a line (letters, '_' and '-': nothing to escape, in the
 * pattern or by JSON.stringify), so a line this does not match holds none of them as a key.
 */
const SECRET_KEY_IN_LINE = new RegExp(`"(?:${SECRET_LOG_KEYS.join('|')})":`);

/** Replaces, in place, the value of every secret key of `value`; whether one was found. */
function censorSecrets(value: unknown): boolean {
  let found = false;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item !== 'object' || item === null) continue;
    if (Array.isArray(item)) {
      for (const element of item as unknown[]) stack.push(element);
      continue;
    }
    const record = item as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (SECRET_KEYS.has(key)) {
        record[key] = LOG_CENSOR;
        found = true;
      } else stack.push(record[key]);
    }
  }
  return found;
}

/**
 * The log line (pino's `hooks.streamWrite`) with the value of every secret key censored.
 *
 * Why not pino's `redact`: its paths were checked on every line and every child logger (one per
 * request), 50–150 µs per request on this machine, though the one line of a
 * request holds no secret. Here a line that names no secret key is written as it is, after one
 * regular-expression test; only a line that does is parsed, censored and written again. Stricter
 * than the paths it replaces (a secret key is censored at any depth, not only two levels down).
 */
export function redactLine(line: string): string {
  if (!SECRET_KEY_IN_LINE.test(line)) return line;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    // pino writes JSON; a line that is not cannot be checked, so none of it is written.
    return `${JSON.stringify({ msg: LOG_CENSOR })}\n`;
  }
  return censorSecrets(parsed) ? `${JSON.stringify(parsed)}\n` : line;
}

const SECRET_QUERY = new Set([
  'code',
  'state',
  'window_proof',
  'confirm',
  'token',
  'access_token',
  'refresh_token',
  'apiV1Token',
]);

/**
 * Paths whose segment after the prefix is a secret: the RD webhook receiver's URL token (RD signs
 * nothing, so whoever reads it can post deliveries as the CRM).
 */
const SECRET_PATH = /^(\/api\/webhooks\/rdstation\/)[^/?#]+/;

/**
 * The request URL with its secrets masked: the webhook receiver's path token and the values of
 * secret query parameters (OAuth code/state…).
 */
export function safeUrl(rawUrl: string): string {
  const url = rawUrl.replace(SECRET_PATH, '$1[Redacted]');
  const index = url.indexOf('?');
  if (index < 0) return url;
  const params = new URLSearchParams(url.slice(index + 1));
  for (const key of [...params.keys()]) if (SECRET_QUERY.has(key)) params.set(key, '[Redacted]');
  return `${url.slice(0, index)}?${params.toString()}`;
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: safeUrl(request.url),
  remoteAddress: request.ip,
});

/**
 * One line per request instead of Fastify's two ('incoming request', then 'request completed'):
 * when the response is finished, its request (method, URL with secret query values masked,
 * remote address), status, response time (ms) and the request id (reqId), at info ('request
 * errored' at error when the response failed). The logger's redaction applies as to every line.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    else
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
  }
}

/**
 * Lines to `stream`, until its reader is gone: after an EPIPE, lines are dropped instead of the
 * process failing on its next line (what pino's own destination does). Other errors stay errors.
 */
export function linesTo(stream: Writable): LogDestination {
  let open = true;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    open = false;
  });
  return {
    write(line) {
      if (open) stream.write(line);
    },
  };
}

/** The one process.stdout destination of the process (its error listener added once). */
let stdoutLines: LogDestination | null = null;

/**
 * The api's pino options: level, the request serializer, redaction, and where lines go: the given
 * destination (tests), else `process.stdout`.
 *
 * Why process.stdout rather than pino's default destination: that one (sonic-boom, not sync)
 * hands each line to a libuv worker thread, so every request cost the event loop a thread
 * wake-up, an eventfd round trip and an extra turn. Node's stdout writes a
 * line at once on the main thread (files and terminals synchronously; a pipe is tried at once and
 * queued only when full), in one system call. Every line is still written, as before.
 */
export function loggerOptions(config: LoggerConfig | false): FastifyServerOptions['logger'] {
  if (config === false) return false;
  const stream = config.destination ?? (stdoutLines ??= linesTo(process.stdout));
  return {
    level: config.level,
    serializers: { req: requestSerializer },
    hooks: { streamWrite: redactLine },
    stream,
  };
}
