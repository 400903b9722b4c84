import { type FastifyRequest } from 'fastify';

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
