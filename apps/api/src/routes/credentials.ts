import { MESSAGES } from '@crm-panel/crm-model';
import { type FastifyInstance } from 'fastify';
import { defaultRedirectUri } from '../config';
import { ApiError } from '../errors';
import { API_MESSAGES } from '../messages';
import { hashPassword, verifyPassword } from '../security/password';
import { identityOf, type Services } from '../services';
import { identityHeaders, messageSchema, noQuery } from './schemas';

interface CredentialsBody {
  clientId?: string;
  clientSecret?: string;
  redirectUri?: string;
  securityPassword?: string;
  confirmSecurityPassword?: string;
  confirmPassword?: string;
  defaultChatDomain?: string;
}

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

const credentialsBody = {
  type: ['object', 'null'],
  properties: {
    clientId: text(500),
    clientSecret: text(1000),
    redirectUri: text(2000),
    securityPassword: text(200),
    confirmSecurityPassword: { ...text(200), description: 'Confirmação da senha (opcional)' },
    confirmPassword: { ...text(200), description: 'Sinônimo de confirmSecurityPassword' },
    defaultChatDomain: text(500),
  },
} as const;

/** The credentials form rules of spec §5, in order; values trimmed except the password. */
export function validateCredentials(body: CredentialsBody): string | null {
  const C = MESSAGES.credentials;
  if (!body.clientId?.trim()) return C.clientIdRequired;
  if (!body.clientSecret?.trim()) return C.clientSecretRequired;
  if (!body.redirectUri?.trim()) return C.redirectUriRequired;
  if (!body.defaultChatDomain?.trim()) return C.chatDomainRequired;
  if (!body.securityPassword) return C.securityPasswordRequired;
  if (body.securityPassword.length < 6) return C.passwordMinLength;
  const confirmation = body.confirmSecurityPassword ?? body.confirmPassword;
  if (confirmation !== undefined && confirmation !== body.securityPassword)
    return C.passwordsMismatch;
  return null;
}

export function registerCredentialsRoutes(app: FastifyInstance, services: Services): void {
  const { repos, config } = services;

  app.get(
    '/api/rdstation/credentials/status',
    {
      schema: {
        tags: ['credenciais'],
        summary: 'Se o tenant tem credenciais (nunca devolve segredos)',
        headers: identityHeaders,
        querystring: noQuery,
        response: {
          200: {
            type: 'object',
            properties: { configured: { type: 'boolean' }, redirectUri: { type: 'string' } },
          },
          400: messageSchema,
        },
      },
    },
    async (request) => {
      const { systemKey } = identityOf(request);
      const stored = await repos.credentials.get(systemKey);
      return {
        configured: stored !== null,
        redirectUri: stored?.redirectUri ?? defaultRedirectUri(config.publicUrl),
      };
    },
  );

  app.post<{ Body: CredentialsBody }>(
    '/api/rdstation/credentials',
    {
      schema: {
        tags: ['credenciais'],
        summary: 'Configura as credenciais OAuth do tenant',
        headers: identityHeaders,
        querystring: noQuery,
        body: credentialsBody,
        response: {
          201: {
            type: 'object',
            properties: { success: { type: 'boolean' }, redirectUri: { type: 'string' } },
          },
          400: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const { systemKey } = identityOf(request);
      const body = request.body ?? {};
      const problem = validateCredentials(body);
      if (problem) throw new ApiError(400, problem);
      const redirectUri = String(body.redirectUri).trim();
      const created = await repos.credentials.create(systemKey, {
        clientId: String(body.clientId).trim(),
        clientSecret: String(body.clientSecret).trim(),
        redirectUri,
        passwordHash: await hashPassword(String(body.securityPassword)),
        defaultChatDomain: String(body.defaultChatDomain).trim(),
      });
      if (!created) throw new ApiError(409, API_MESSAGES.credentialsAlreadyConfigured);
      services.cache.clearTenant(systemKey);
      request.log.info({ systemKey }, 'credenciais configuradas');
      return reply.code(201).send({ success: true, redirectUri });
    },
  );

  app.delete<{ Body: { securityPassword?: string } }>(
    '/api/rdstation/credentials',
    {
      schema: {
        tags: ['credenciais'],
        summary: 'Remove a integração do tenant (todas as sessões terminam)',
        headers: identityHeaders,
        querystring: noQuery,
        body: { type: ['object', 'null'], properties: { securityPassword: text(200) } },
        response: {
          200: { type: 'object', properties: { usersAffected: { type: 'integer' } } },
          400: messageSchema,
          403: messageSchema,
          428: messageSchema,
          429: messageSchema,
        },
      },
    },
    async (request) => {
      const { systemKey } = identityOf(request);
      const password = request.body?.securityPassword ?? '';
      if (password === '') throw new ApiError(400, MESSAGES.credentials.securityPasswordRequired);
      const stored = await repos.credentials.get(systemKey);
      if (!stored) throw new ApiError(428, API_MESSAGES.credentialsNotConfigured);
      const tries = await repos.passwordAttempts.record(systemKey, config.passwordWindowMs);
      if (tries > config.passwordMaxAttempts) {
        request.log.warn({ systemKey }, 'remoção bloqueada: tentativas demais');
        throw new ApiError(429, API_MESSAGES.tooManyPasswordAttempts, {
          'retry-after': String(Math.ceil(config.passwordWindowMs / 1000)),
        });
      }
      if (!(await verifyPassword(password, stored.passwordHash))) {
        request.log.warn({ systemKey }, 'senha de segurança incorreta');
        throw new ApiError(403, API_MESSAGES.wrongSecurityPassword);
      }
      const usersAffected = await repos.credentials.removeWithSessions(systemKey);
      services.cache.clearTenant(systemKey);
      request.log.info({ systemKey, usersAffected }, 'integração removida');
      return { usersAffected };
    },
  );
}
