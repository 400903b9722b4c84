import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const SECRET_KEYS = [
  'authorization',
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

/** pino redact paths: these keys at the top level and one or two levels down. */
export const REDACT_PATHS: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-security-password"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

const SECRET_QUERY = new Set([
  'code',
  'state',
  'token',
  'access_token',
  'refresh_token',
  'apiV1Token',
]);

/** The request URL with the values of secret query parameters (OAuth code/state…) masked. */
export function safeUrl(url: string): string {
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
