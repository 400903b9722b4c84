import { SIGNED_OUT_AUTH_STATUS } from '@crm-panel/crm-model';
import { parseCookie, stringifySetCookie } from 'cookie';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ApiError, credentialsNotConfigured } from '@api/errors';
import { sessionOf } from '@api/identity/authenticate';
import { API_MESSAGES } from '@api/messages';
import {
  type PanelSession,
  type PendingCredentials,
} from '@api/db/repositories/panelSessionsRepository';
import { type CrmUserState } from '@api/identity/crmUser';
import { identityOf, type Services } from '@api/services';
import { AUTH_PAGE_CSP, authResultPage } from './authPage';
import { identityHeaders, messageSchema, noQuery } from './schemas';

const statusSchema = {
  type: 'object',
  properties: {
    authenticated: { type: 'boolean' },
    userId: { type: ['string', 'null'] },
    method: { type: ['string', 'null'], enum: ['oauth', 'api-v1', null] },
    crmUserRequired: {
      type: 'boolean',
      description: 'Entrou no CRM, mas ainda falta dizer quem é no CRM (GET auth/crm-users)',
    },
    crmUserSource: {
      type: ['string', 'null'],
      enum: ['attendant-claim', 'v1-token', 'host-signed-email', null],
    },
  },
} as const;

/** auth/status of a session with no CRM sign-in. */
export const SIGNED_OUT = SIGNED_OUT_AUTH_STATUS;

interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

/** How many of its users a tenant's CRM account is recognised by. */
const ACCOUNT_ANCHORS = 5;

/** The sign-in window's first-party cookie on this api's origin (never sent cross-site). */
export const SIGN_IN_COOKIE = 'crm_panel_signin';
const SIGN_IN_COOKIE_PATH = '/api/rdstation/auth';

export function registerAuthRoutes(app: FastifyInstance, services: Services): void {
  const { repos, oauth, config, crmUsers } = services;
  const secureCookie = config.publicUrl.startsWith('https://');

  /**
   * auth/status: signed in or not, and whether the CRM user is still to be chosen. A verified
   * e-mail may decide it here (a GET /users); if the CRM fails, the answer says "to be chosen"
   * and the picker shows the CRM's error with its retry.
   */
  const authStatus = async (request: FastifyRequest, session: PanelSession) => {
    if (session.stage !== 'full') return SIGNED_OUT;
    let current: CrmUserState;
    try {
      current = await crmUsers.state(session, request.log, { auto: true });
    } catch (error) {
      request.log.warn(
        { status: error instanceof ApiError ? error.statusCode : undefined },
        'usuário do CRM não identificado automaticamente',
      );
      current = await crmUsers.state(session, request.log, { auto: false });
    }
    if (current.kind === 'signed-out') return SIGNED_OUT;
    return {
      authenticated: true,
      userId: session.userId,
      method: current.kind === 'v1-only' ? 'api-v1' : 'oauth',
      crmUserRequired: current.kind === 'required',
      crmUserSource: current.kind === 'chosen' ? current.choice.source : null,
    };
  };

  /**
   * A fresh CRM token proves its account before anything is stored: the tenant's credentials are
   * bound to the account of their first sign-in (its user ids), and a token of another account is
   * refused. Answers false for another account; throws (502/504) when the CRM cannot tell.
   */
  const tokenOfTenantAccount = async (
    systemKey: string,
    accessToken: string,
    pending: boolean,
  ): Promise<{ bindIds: string[] | null } | false> => {
    const bound = pending ? null : (await repos.credentials.get(systemKey))?.accountUserIds;
    if (bound) return (await oauth.tokenKnowsAnyUser(accessToken, bound)) && { bindIds: null };
    const ids = await oauth.accountUserIds(accessToken, ACCOUNT_ANCHORS);
    if (ids.length === 0) throw new ApiError(502, API_MESSAGES.crmUnexpected);
    if (pending) return { bindIds: ids };
    // Another process may bind first: then this token must be of the account it bound.
    const now = await repos.credentials.bindAccount(systemKey, ids);
    if (now && now.join() !== ids.join() && !(await oauth.tokenKnowsAnyUser(accessToken, now)))
      return false;
    return { bindIds: null };
  };

  /** The OAuth app a sign-in uses: the tenant's, or the credentials its session saved pending. */
  const appFor = async (
    systemKey: string,
    familyId: string,
  ): Promise<{ app: PendingCredentials; pending: boolean } | null> => {
    const stored = await repos.credentials.get(systemKey);
    if (stored) return { app: stored, pending: false };
    const pending = await repos.panelSessions.pendingCredentials(familyId);
    return pending ? { app: pending, pending: true } : null;
  };

  app.get(
    '/api/rdstation/auth/start',
    {
      config: { access: 'any' },
      schema: {
        tags: ['autenticação'],
        summary: 'URL que a janela de login abre (uso único, 10 min), ligada a esta sessão',
        description:
          'A URL é deste api (auth/begin): ela liga o login a um cookie da janela que a abriu e redireciona ao consentimento do CRM. O callback só é aceito nesse mesmo navegador.',
        headers: identityHeaders,
        querystring: noQuery,
        response: {
          200: { type: 'object', properties: { authUrl: { type: 'string' } } },
        },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      if (!(await appFor(session.systemKey, session.familyId))) throw credentialsNotConfigured();
      const ticket = await repos.oauthStates.createTicket(
        { familyId: session.familyId, systemKey: session.systemKey, userId: session.crmOwner },
        config.oauthStateTtlMs,
      );
      const url = new URL(`${config.publicUrl}/api/rdstation/auth/begin`);
      url.searchParams.set('ticket', ticket);
      return { authUrl: url.toString() };
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

  app.get<{ Querystring: { ticket?: string } }>(
    '/api/rdstation/auth/begin',
    {
      attachValidation: true,
      // No Cross-Origin-Opener-Policy here: the panel's sign-in window must stay its opener's
      // (its name and its `closed` are how the panel follows the sign-in).
      helmet: { contentSecurityPolicy: AUTH_PAGE_CSP, crossOriginOpenerPolicy: false },
      schema: {
        tags: ['autenticação'],
        summary: 'Abre o consentimento do CRM nesta janela (página do navegador)',
        querystring: {
          type: 'object',
          properties: { ticket: { type: 'string', maxLength: 200 } },
        },
        response: {
          302: { type: 'null', description: 'Redireciona ao consentimento do CRM' },
          400: { type: 'string', description: 'Página HTML de erro' },
        },
      },
    },
    async (request, reply) => {
      const fail = () =>
        page(reply, 400, 'error', API_MESSAGES.authErrorTitle, API_MESSAGES.stateInvalid);
      const ticket = request.validationError ? undefined : request.query.ticket;
      if (!ticket) return fail();
      const opened = await repos.oauthStates.bindTicket(ticket);
      if (!opened) return fail();
      const oauthApp = await appFor(opened.signIn.systemKey, opened.signIn.familyId);
      if (!oauthApp) return fail();
      void reply.header(
        'set-cookie',
        stringifySetCookie({
          name: SIGN_IN_COOKIE,
          value: opened.binding,
          path: SIGN_IN_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookie,
          maxAge: Math.ceil(config.oauthStateTtlMs / 1000),
        }),
      );
      return reply.redirect(
        oauth.authorizeUrl(oauthApp.app.clientId, oauthApp.app.redirectUri, opened.state),
        302,
      );
    },
  );

  app.get<{ Querystring: CallbackQuery }>(
    '/api/rdstation/auth/callback',
    {
      // A browser lands here: a query that fails validation gets the HTML error page too.
      attachValidation: true,
      helmet: { contentSecurityPolicy: AUTH_PAGE_CSP },
      schema: {
        tags: ['autenticação'],
        summary: 'Retorno do OAuth (abre no navegador; responde uma página HTML)',
        description:
          'Aceito só no navegador cuja janela abriu auth/begin (cookie); o state, quando o CRM o devolve, deve ser o desse mesmo login.',
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
      const binding = parseCookie(request.headers.cookie ?? '')[SIGN_IN_COOKIE];
      void reply.header(
        'set-cookie',
        stringifySetCookie({
          name: SIGN_IN_COOKIE,
          value: '',
          path: SIGN_IN_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookie,
          maxAge: 0,
        }),
      );
      if (!binding) {
        request.log.warn('callback OAuth sem o cookie da janela de login');
        return fail(400, API_MESSAGES.signInElsewhere);
      }
      const { code, state, error } = request.query;
      const signIn = await repos.oauthStates.consume(binding, state ?? null);
      if (!signIn) {
        request.log.warn(
          'callback OAuth com state inválido, expirado, reutilizado ou de outro navegador',
        );
        return fail(400, API_MESSAGES.stateInvalid);
      }
      if (error) return fail(400, API_MESSAGES.authorizationDenied);
      if (!code) return fail(400, API_MESSAGES.codeExchangeFailed);
      const oauthApp = await appFor(signIn.systemKey, signIn.familyId);
      if (!oauthApp) return fail(400, API_MESSAGES.credentialsNotConfigured);
      const outcome = await oauth.exchangeCode(oauthApp.app, code, oauthApp.app.redirectUri);
      if (!outcome.ok) {
        request.log.warn({ reason: outcome.reason }, 'troca do código OAuth falhou');
        return fail(outcome.reason === 'rejected' ? 400 : 502, API_MESSAGES.codeExchangeFailed);
      }
      let account: Awaited<ReturnType<typeof tokenOfTenantAccount>>;
      try {
        account = await tokenOfTenantAccount(
          signIn.systemKey,
          outcome.tokens.accessToken,
          oauthApp.pending,
        );
      } catch (failure) {
        request.log.warn({ err: failure }, 'conta do token OAuth não verificada');
        return fail(502, API_MESSAGES.codeExchangeFailed);
      }
      if (!account) {
        request.log.warn({ systemKey: signIn.systemKey }, 'login OAuth de outra conta do CRM');
        return fail(403, API_MESSAGES.crmAccountMismatch);
      }
      if (oauthApp.pending) {
        // Credentials saved before any sign-in take effect only now that they worked, bound to
        // the account this sign-in proved.
        if (!(await repos.credentials.create(signIn.systemKey, oauthApp.app, account.bindIds)))
          return fail(409, API_MESSAGES.credentialsAlreadyConfigured);
        // The operator's setup code configured the tenant once: it does not again.
        if (oauthApp.app.setupCodeHash)
          await repos.credentials.spendSetupCode(signIn.systemKey, oauthApp.app.setupCodeHash);
        services.cache.clearTenant(signIn.systemKey);
        request.log.info({ systemKey: signIn.systemKey }, 'credenciais confirmadas pelo login');
      }
      // The token names no user: who signed in is found or asked next (auth/status, crm-users).
      await repos.sessions.saveSignIn(
        { systemKey: signIn.systemKey, userId: signIn.userId },
        outcome.tokens,
      );
      await repos.panelSessions.promote(signIn.familyId, config.identity.familyTtlMs);
      request.log.info({ systemKey: signIn.systemKey }, 'sessão OAuth criada');
      // Live updates from the CRM: the tenant's webhooks, made with this fresh token (idempotent).
      // A CRM that refuses them costs the panel its CRM-side updates, never the sign-in.
      if (config.live.crmWebhooks)
        try {
          const created = await services.crmWebhooks.register({
            systemKey: signIn.systemKey,
            userId: signIn.userId,
          });
          if (created.length) request.log.info({ events: created }, 'webhooks do CRM registrados');
        } catch (failure) {
          request.log.warn({ err: failure }, 'webhooks do CRM não registrados');
        }
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
      config: { access: 'any' },
      schema: {
        tags: ['autenticação'],
        summary: 'Se esta sessão tem login no CRM',
        headers: identityHeaders,
        querystring: noQuery,
        response: { 200: statusSchema, 400: messageSchema },
      },
    },
    async (request) => authStatus(request, sessionOf(request)),
  );

  app.post(
    '/api/rdstation/auth/revoke',
    {
      config: { access: 'any' },
      schema: {
        tags: ['autenticação'],
        summary: 'Encerra o login no CRM desta sessão (só dela)',
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
      request.log.info({ systemKey: identity.systemKey }, 'sessão encerrada');
      return { success: true };
    },
  );

  app.post<{ Body: { apiV1Token?: string } }>(
    '/api/rdstation/auth/v1-token',
    {
      config: { access: 'any' },
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
      const session = sessionOf(request);
      const identity = identityOf(request);
      const token = (request.body?.apiV1Token ?? '').trim();
      if (token === '') throw new ApiError(400, API_MESSAGES.apiV1TokenRequired);
      if (!(await repos.credentials.exists(identity.systemKey))) throw credentialsNotConfigured();
      const profile = await oauth.checkV1Token(token);
      if (!profile) throw new ApiError(401, API_MESSAGES.invalidToken);
      // The token's account (its users, v1 GET /users) must be the one the tenant is bound to.
      const accountIds = await oauth.v1AccountUserIds(token);
      const bound = (await repos.credentials.get(identity.systemKey))?.accountUserIds;
      if (!bound) {
        // Only a host-verified person binds the account with a v1 token; a sign-in by nobody
        // verified never decides which account a tenant is.
        if (session.method !== 'assertion' || accountIds.length === 0)
          throw new ApiError(403, API_MESSAGES.crmAccountUnbound);
        const now = await repos.credentials.bindAccount(
          identity.systemKey,
          accountIds.slice(0, ACCOUNT_ANCHORS),
        );
        if (!now?.some((id) => accountIds.includes(id)))
          throw new ApiError(403, API_MESSAGES.v1AccountMismatch);
      } else if (!bound.some((id) => accountIds.includes(id))) {
        request.log.warn({ systemKey: identity.systemKey }, 'token v1 de outra conta do CRM');
        throw new ApiError(403, API_MESSAGES.v1AccountMismatch);
      }
      await repos.sessions.saveV1(identity, token, profile);
      // RD verified the token's owner (token/check): as good as the OAuth sign-in for this browser.
      if (session.stage === 'pending')
        await repos.panelSessions.promote(session.familyId, config.identity.familyTtlMs);
      request.log.info({ systemKey: identity.systemKey }, 'sessão API v1 criada');
      // With an OAuth sign-in too, the e-mail RD just verified may name the CRM user at once.
      return authStatus(request, { ...session, stage: 'full' });
    },
  );
}
