import { randomBytes } from 'node:crypto';
import { type FastifyInstance, type FastifyReply } from 'fastify';
import { ApiError, credentialsNotConfigured } from '../errors';
import { API_MESSAGES } from '../messages';
import { identityOf, type Services } from '../services';
import { AUTH_PAGE_CSP, authResultPage } from './authPage';
import { identityHeaders, messageSchema, noQuery } from './schemas';

const statusSchema = {
  type: 'object',
  properties: {
    authenticated: { type: 'boolean' },
    userId: { type: ['string', 'null'] },
    method: { type: ['string', 'null'], enum: ['oauth', 'api-v1', null] },
  },
} as const;

interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

export function registerAuthRoutes(app: FastifyInstance, services: Services): void {
  const { repos, oauth, config } = services;

  app.get(
    '/api/rdstation/auth/start',
    {
      schema: {
        tags: ['autenticação'],
        summary: 'URL de autorização OAuth com um state de uso único (10 min)',
        headers: identityHeaders,
        querystring: noQuery,
        response: {
          200: { type: 'object', properties: { authUrl: { type: 'string' } } },
        },
      },
    },
    async (request) => {
      const identity = identityOf(request);
      const stored = await repos.credentials.get(identity.systemKey);
      if (!stored) throw credentialsNotConfigured();
      const state = randomBytes(32).toString('base64url');
      await repos.oauthStates.create(state, identity, config.oauthStateTtlMs);
      return { authUrl: oauth.authorizeUrl(stored.clientId, stored.redirectUri, state) };
    },
  );

  const page = (
    reply: FastifyReply,
    status: number,
    kind: 'success' | 'error',
    title: string,
    body: string,
  ) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(authResultPage(kind, title, body));

  app.get<{ Querystring: CallbackQuery }>(
    '/api/rdstation/auth/callback',
    {
      // A browser lands here: a query that fails validation gets the HTML error page too.
      attachValidation: true,
      helmet: { contentSecurityPolicy: AUTH_PAGE_CSP },
      schema: {
        tags: ['autenticação'],
        summary: 'Retorno do OAuth (abre no navegador; responde uma página HTML)',
        querystring: {
          type: 'object',
          properties: {
            code: { type: 'string', maxLength: 2000 },
            state: { type: 'string', maxLength: 200 },
            error: { type: 'string', maxLength: 200 },
          },
        },
        response: {
          200: { type: 'string', description: 'Página HTML de sucesso que se fecha sozinha' },
          400: { type: 'string', description: 'Página HTML de erro' },
          502: { type: 'string', description: 'Página HTML de erro' },
        },
      },
    },
    async (request, reply) => {
      const fail = (status: number, message: string) =>
        page(reply, status, 'error', API_MESSAGES.authErrorTitle, message);
      if (request.validationError) return fail(400, API_MESSAGES.stateInvalid);
      const { code, state, error } = request.query;
      const owner = state ? await repos.oauthStates.consume(state) : null;
      if (!owner) {
        request.log.warn('callback OAuth com state inválido, expirado ou reutilizado');
        return fail(400, API_MESSAGES.stateInvalid);
      }
      if (error) return fail(400, API_MESSAGES.authorizationDenied);
      if (!code) return fail(400, API_MESSAGES.codeExchangeFailed);
      const stored = await repos.credentials.get(owner.systemKey);
      if (!stored) return fail(400, API_MESSAGES.credentialsNotConfigured);
      const outcome = await oauth.exchangeCode(stored, code, stored.redirectUri);
      if (!outcome.ok) {
        request.log.warn({ reason: outcome.reason }, 'troca do código OAuth falhou');
        return fail(outcome.reason === 'rejected' ? 400 : 502, API_MESSAGES.codeExchangeFailed);
      }
      await repos.sessions.saveOAuth(owner, outcome.tokens);
      request.log.info({ systemKey: owner.systemKey, userId: owner.userId }, 'sessão OAuth criada');
      return page(
        reply,
        200,
        'success',
        API_MESSAGES.authSuccessTitle,
        API_MESSAGES.authSuccessBody,
      );
    },
  );

  app.get(
    '/api/rdstation/auth/status',
    {
      schema: {
        tags: ['autenticação'],
        summary: 'Se o usuário tem sessão no CRM',
        headers: identityHeaders,
        querystring: noQuery,
        response: { 200: statusSchema, 400: messageSchema },
      },
    },
    async (request) => {
      const identity = identityOf(request);
      const session = await repos.sessions.get(identity);
      if (!session) return { authenticated: false, userId: null, method: null };
      return {
        authenticated: true,
        userId: identity.userId,
        method: session.oauth ? 'oauth' : 'api-v1',
      };
    },
  );

  app.post(
    '/api/rdstation/auth/revoke',
    {
      schema: {
        tags: ['autenticação'],
        summary: 'Encerra a sessão deste usuário (só dele)',
        headers: identityHeaders,
        querystring: noQuery,
        body: { type: ['object', 'null'], additionalProperties: true },
        response: {
          200: { type: 'object', properties: { success: { type: 'boolean' } } },
          400: messageSchema,
        },
      },
    },
    async (request) => {
      const identity = identityOf(request);
      await repos.sessions.delete(identity);
      request.log.info(
        { systemKey: identity.systemKey, userId: identity.userId },
        'sessão encerrada',
      );
      return { success: true };
    },
  );

  app.post<{ Body: { apiV1Token?: string } }>(
    '/api/rdstation/auth/v1-token',
    {
      schema: {
        tags: ['autenticação'],
        summary: 'Autentica o usuário com um token da API v1 (validado no CRM)',
        description:
          'O token é validado em GET /api/v1/token/check e guardado criptografado. A sessão v1 identifica o usuário (status e perfil), mas as chamadas da API v2 continuam exigindo OAuth (401).',
        headers: identityHeaders,
        querystring: noQuery,
        body: {
          type: ['object', 'null'],
          properties: { apiV1Token: { type: 'string', maxLength: 500 } },
        },
        response: { 200: statusSchema },
      },
    },
    async (request) => {
      const identity = identityOf(request);
      const token = (request.body?.apiV1Token ?? '').trim();
      if (token === '') throw new ApiError(400, API_MESSAGES.apiV1TokenRequired);
      if (!(await repos.credentials.exists(identity.systemKey))) throw credentialsNotConfigured();
      const profile = await oauth.checkV1Token(token);
      if (!profile) throw new ApiError(401, API_MESSAGES.invalidToken);
      await repos.sessions.saveV1(identity, token, profile);
      request.log.info(
        { systemKey: identity.systemKey, userId: identity.userId },
        'sessão API v1 criada',
      );
      return { authenticated: true, userId: identity.userId, method: 'api-v1' };
    },
  );
}
