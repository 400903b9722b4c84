import { SIGNED_OUT_AUTH_STATUS } from '@crm-panel/crm-model';
import {
  apiV1TokenBody,
  type ApiV1TokenBody,
  authStartAnswer,
  authStatusAnswer,
  tabSignInRedeemBody,
  type TabSignInRedeemBody,
  tabSignInRedeemedAnswer,
  tabSignInStartAnswer,
  tabSignInStartBody,
  type TabSignInStartBody,
  emptyBody,
  htmlPage,
  signInBeginQuery,
  signInCallbackQuery,
  type SignInCallbackQuery,
  signInConfirmBody,
  type SignInConfirmBody,
  successAnswer,
} from '@crm-panel/crm-model/schemas';
import { ownRouteSchema } from './schemas';
import formBody from '@fastify/formbody';
import { parseCookie, stringifySetCookie } from 'cookie';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ApiError, credentialsNotConfigured } from '@api/errors';
import { sessionOf } from '@api/identity/authenticate';
import { API_MESSAGES } from '@api/messages';
import { type PerMinuteLimit, perMinuteLimit } from '@api/security/perMinuteLimit';
import {
  type PanelSession,
  type PendingCredentials,
} from '@api/db/repositories/panelSessionsRepository';
import {
  byName,
  type CrmUser,
  crmUserOf,
  crmUsersOf,
  type CrmUserState,
  sameEmail,
  sourceOfChoice,
  userOfVerifiedEmail,
  usersWithEmail,
  type VerifiedEmail,
  verifiedEmails,
} from '@api/identity/crmUser';
import {
  type HeldSignIn,
  type SignIn,
  type SignInChoice,
} from '@api/db/repositories/oauthStatesRepository';
import { identityOf, type Services } from '@api/services';
import {
  AUTH_PAGE_CSP,
  authResultPage,
  signInBeginPage,
  signInConfirmPage,
  signInRelayPage,
  tabSignInDonePage,
  WINDOW_PROOF_PARAM,
} from './authPage';

/** auth/status of a session with no CRM sign-in. */
export const SIGNED_OUT = SIGNED_OUT_AUTH_STATUS;

/**
 * The security headers of the sign-in window's pages (begin, callback, confirmation): their own
 * CSP, and no Cross-Origin-Opener-Policy, which would cut the window from its opener — the panel
 * follows the sign-in by the window's `closed`, and would see it closed before the attendant
 * confirmed who they are.
 */
const SIGN_IN_PAGE_HELMET = {
  contentSecurityPolicy: AUTH_PAGE_CSP,
  crossOriginOpenerPolicy: false,
} as const;
const SIGN_IN_TAG = { tags: ['autenticação'] };

/** How many of its users a tenant's CRM account is recognised by. */
const ACCOUNT_ANCHORS = 5;

/** The sign-in window's first-party cookie on this api's origin (never sent cross-site). */
export const SIGN_IN_COOKIE = 'crm_panel_signin';
const SIGN_IN_COOKIE_PATH = '/api/rdstation/auth';

/**
 * The page a tab's sign-in leads back to: an http(s) address, or null when none was given;
 * undefined when what was given is no such address (refused, never shown as a link).
 */
export function returnPageOf(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null || value.trim() === '') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

export function registerAuthRoutes(app: FastifyInstance, services: Services): void {
  const { repos, oauth, config, crmUsers, pageSizes } = services;
  const secureCookie = config.publicUrl.startsWith('https://');

  // The sign-in window's pages come before any session. They are counted in the store per client
  // address (read through TRUST_PROXY): the only thing known before the ticket or the cookie is
  // looked up, and generous, since the attendants of one office share it. A confirmation asks the
  // CRM on the tenant's budget, so it is counted per tenant too, once its sign-in is found: a
  // number an attacker cannot rotate.
  const pagesPerAddress = perMinuteLimit(
    repos.windowCounters,
    'sign-in-pages:address',
    config.identity.signInPagesPerMinute,
  );
  // auth/start is a GET that writes (a ticket): counted per session like every write.
  const ticketsPerSession = perMinuteLimit(
    repos.windowCounters,
    'sign-in-tickets:session',
    config.identity.writesPerMinute,
  );
  const confirmsPerTenant = perMinuteLimit(
    repos.windowCounters,
    'sign-in-confirms:tenant',
    config.identity.signInConfirmsPerMinute,
  );

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
    signIn: SignIn,
    accessToken: string,
    pending: boolean,
  ): Promise<{ bindIds: string[] | null } | false> => {
    const { systemKey } = signIn;
    // Its GET /users wait in the tenant's CRM budget like any call of this person.
    const budget = { systemKey, userId: signIn.userId };
    const bound = pending ? null : (await repos.credentials.get(systemKey))?.accountUserIds;
    if (bound)
      return (await oauth.tokenKnowsAnyUser(accessToken, bound, budget)) && { bindIds: null };
    const ids = await oauth.accountUserIds(accessToken, ACCOUNT_ANCHORS, budget);
    if (ids.length === 0) throw new ApiError(502, API_MESSAGES.crmUnexpected);
    if (pending) return { bindIds: ids };
    // Another process may bind first: then this token must be of the account it bound.
    const now = await repos.credentials.bindAccount(systemKey, ids);
    if (
      now &&
      now.join() !== ids.join() &&
      !(await oauth.tokenKnowsAnyUser(accessToken, now, budget))
    )
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
      schema: ownRouteSchema({
        tag: 'autenticação',
        summary: 'URL que a janela de login abre (uso único, 10 min), ligada a esta sessão',
        description:
          'A URL é deste api (auth/begin): ela liga o login a um cookie da janela que a abriu e redireciona ao consentimento do CRM. O callback só é aceito nesse mesmo navegador.',
        answer: { 200: authStartAnswer },
      }),
    },
    async (request) => {
      const session = sessionOf(request);
      await ticketsPerSession.count(session.familyId);
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

  app.post<{ Body: TabSignInStartBody }>(
    '/api/rdstation/auth/tab/start',
    {
      config: { access: 'any' },
      schema: ownRouteSchema({
        tag: 'autenticação',
        summary:
          'Login numa aba própria, para um painel num frame que não pode abrir janelas: a URL da aba e o código que só este painel resgata',
        description:
          'A URL (auth/begin, uso único, 10 min) só abre num navegador com o mesmo User-Agent deste pedido; o login termina estacionado e só conta quando esta mesma sessão o resgata (auth/tab/redeem) com o código devolvido aqui, que nunca vai numa URL. returnTo: a página onde o painel está (o link de volta da última página da aba).',
        body: tabSignInStartBody,
        answer: { 200: tabSignInStartAnswer },
        refusals: [400],
      }),
    },
    async (request) => {
      const session = sessionOf(request);
      if (!(await appFor(session.systemKey, session.familyId))) throw credentialsNotConfigured();
      const returnTo = returnPageOf(request.body?.returnTo);
      if (returnTo === undefined) throw new ApiError(400, API_MESSAGES.returnToInvalid);
      const { ticket, redeem } = await repos.oauthStates.createTabTicket(
        { familyId: session.familyId, systemKey: session.systemKey, userId: session.crmOwner },
        config.oauthStateTtlMs,
        { userAgent: request.headers['user-agent'] ?? '', returnTo },
      );
      const url = new URL(`${config.publicUrl}/api/rdstation/auth/begin`);
      url.searchParams.set('ticket', ticket);
      return { authUrl: url.toString(), redeem, expiresAt: Date.now() + config.oauthStateTtlMs };
    },
  );

  app.post<{ Body: TabSignInRedeemBody }>(
    '/api/rdstation/auth/tab/redeem',
    {
      config: { access: 'any' },
      schema: ownRouteSchema({
        tag: 'autenticação',
        summary:
          'O painel resgata o login que fez numa aba própria: concluído (a sessão passa a ter o login), ainda em andamento, recusado na aba, ou não encontrado',
        description:
          'Só a sessão que pediu auth/tab/start, com o código que recebeu, resgata o login, uma vez. Para outra sessão o código não existe (404), como um código errado ou expirado. Um login recusado na aba (consentimento negado, outra conta, e-mail sem usuário) responde 409 com o motivo, uma vez.',
        body: tabSignInRedeemBody,
        answer: { 200: tabSignInRedeemedAnswer },
        refusals: [400, 404, 409],
      }),
    },
    async (request) => {
      const session = sessionOf(request);
      const outcome = await repos.oauthStates.redeem(session.familyId, request.body.redeem);
      if (outcome.kind === 'gone') throw new ApiError(404, API_MESSAGES.tabSignInGone);
      if (outcome.kind === 'waiting') return { done: false };
      if (outcome.kind === 'failed') throw new ApiError(409, outcome.failure);
      const { held, choice } = {
        held: { tokens: outcome.parked.tokens, bindIds: outcome.parked.bindIds },
        choice: outcome.parked.choice,
      };
      const refused = await completeSignIn(request, outcome.signIn, held, choice);
      if (refused) throw new ApiError(refused.status, refused.message);
      return { done: true, status: await authStatus(request, { ...session, stage: 'full' }) };
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

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').send(body);

  /**
   * Counts one hit of `key`; past the limit, answers the window's error page (429 with
   * Retry-After) and says so. (A boolean, not the reply: an async function's reply would be
   * awaited as a thenable, until the answer is sent.)
   */
  const refusedPage = async (
    reply: FastifyReply,
    limit: PerMinuteLimit,
    key: string,
  ): Promise<boolean> => {
    try {
      await limit.count(key);
      return false;
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode !== 429) throw error;
      void page(
        reply.headers(error.headers),
        429,
        'error',
        API_MESSAGES.authErrorTitle,
        error.message,
      );
      return true;
    }
  };

  const signInCookie = (value: string, maxAgeSeconds: number) =>
    stringifySetCookie({
      name: SIGN_IN_COOKIE,
      value,
      path: SIGN_IN_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie,
      maxAge: maxAgeSeconds,
    });
  const forgetSignInCookie = (reply: FastifyReply) =>
    void reply.header('set-cookie', signInCookie('', 0));
  const bindingOf = (request: FastifyRequest): string | undefined =>
    parseCookie(request.headers.cookie ?? '')[SIGN_IN_COOKIE];

  const confirmTexts = {
    title: API_MESSAGES.crmUserConfirmTitle,
    intro: API_MESSAGES.crmUserConfirmIntro,
    listLabel: API_MESSAGES.crmUserConfirmLabel,
    confirm: API_MESSAGES.crmUserConfirm,
    empty: API_MESSAGES.crmUserConfirmNone,
  };
  const CONFIRM_ACTION = '/api/rdstation/auth/confirm';

  /**
   * The active users of the token's account, as the confirmation page names them. A token proved
   * of the account the tenant is bound to (`ofTenant`) is of the account whose list the api keeps
   * as reference data: while that list is fresh, a sign-in reads it from there, not again.
   */
  const usersOf = async (
    signIn: SignIn,
    accessToken: string,
    ofTenant: boolean,
  ): Promise<CrmUser[]> => {
    const kept = ofTenant ? crmUsers.freshActiveUsers(signIn.systemKey) : null;
    if (kept) return byName(kept);
    const identity = { systemKey: signIn.systemKey, userId: signIn.userId };
    const users = await pageSizes.readAll(
      { identity, log: app.log },
      (number, size) => oauth.activeUsersPage(accessToken, identity, number, size),
      { maxRecords: config.crmCalls.readAllMaxRecords, path: '/users' },
    );
    return byName(crmUsersOf(users.items));
  };

  /** E-mails someone other than the attendant vouched for: RD's v1 token check, the host's. */
  const verifiedEmailsOf = async (signIn: SignIn): Promise<VerifiedEmail[]> => {
    const owner = { systemKey: signIn.systemKey, userId: signIn.userId };
    return verifiedEmails(
      (await repos.sessions.get(owner))?.v1?.profile.email,
      await repos.panelSessions.verifiedEmail(signIn.familyId),
    );
  };

  /**
   * Makes a sign-in whose CRM user is known count: credentials saved before any sign-in take
   * effect, the tokens and the CRM user are stored together, the session is promoted, webhooks
   * made. Answers the refusal (status and message) when it cannot.
   */
  const completeSignIn = async (
    request: FastifyRequest,
    signIn: SignIn,
    held: HeldSignIn,
    choice: SignInChoice,
  ): Promise<{ status: number; message: string } | null> => {
    const oauthApp = await appFor(signIn.systemKey, signIn.familyId);
    if (!oauthApp) return { status: 400, message: API_MESSAGES.credentialsNotConfigured };
    if (oauthApp.pending) {
      // Credentials saved before any sign-in take effect only now that they worked, bound to
      // the account this sign-in proved.
      if (!(await repos.credentials.create(signIn.systemKey, oauthApp.app, held.bindIds)))
        return { status: 409, message: API_MESSAGES.credentialsAlreadyConfigured };
      // The operator's setup code configured the tenant once: it does not again.
      if (oauthApp.app.setupCodeHash)
        await repos.credentials.spendSetupCode(signIn.systemKey, oauthApp.app.setupCodeHash);
      services.cache.clearTenant(signIn.systemKey);
      request.log.info({ systemKey: signIn.systemKey }, 'credenciais confirmadas pelo login');
    }
    await repos.sessions.saveSignIn(
      { systemKey: signIn.systemKey, userId: signIn.userId },
      held.tokens,
      choice,
    );
    await repos.panelSessions.promote(signIn.familyId, config.identity.familyTtlMs);
    request.log.info({ systemKey: signIn.systemKey, source: choice.source }, 'sessão OAuth criada');
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
    return null;
  };

  /**
   * A sign-in whose CRM user is known, at the end of its window or tab. The window's counts at
   * once (the panel that opened it follows it). A tab's is parked: nothing is bound until the
   * panel session that started it redeems it with the code only that panel holds.
   */
  const bindSignIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    signIn: SignIn,
    held: HeldSignIn,
    choice: SignInChoice,
  ) => {
    if (signIn.tab) {
      await repos.oauthStates.park(signIn, { ...held, choice }, config.oauthStateTtlMs);
      request.log.info(
        { systemKey: signIn.systemKey },
        'login em aba concluído, aguardando o painel',
      );
      return html(
        reply,
        200,
        tabSignInDonePage(
          API_MESSAGES.tabSignInDoneTitle,
          API_MESSAGES.tabSignInDoneBody,
          API_MESSAGES.tabSignInReturn,
          signIn.tab.returnTo,
        ),
      );
    }
    const refused = await completeSignIn(request, signIn, held, choice);
    if (refused)
      return page(reply, refused.status, 'error', API_MESSAGES.authErrorTitle, refused.message);
    return page(reply, 200, 'success', API_MESSAGES.authSuccessTitle, API_MESSAGES.authSuccessBody);
  };

  app.get<{ Querystring: { ticket?: string } }>(
    '/api/rdstation/auth/begin',
    {
      // A browser page before any session (the ticket says whose sign-in): counted per address.
      config: { access: 'public', rateLimit: false },
      attachValidation: true,
      helmet: SIGN_IN_PAGE_HELMET,
      schema: {
        ...SIGN_IN_TAG,
        summary: 'Abre o consentimento do CRM nesta janela (página do navegador)',
        description:
          'Liga o login ao cookie deste navegador e a um segredo que só esta janela guarda (sessionStorage), e segue ao consentimento do CRM.',
        querystring: signInBeginQuery,
        response: {
          200: htmlPage('Página que guarda o segredo da janela e segue ao CRM'),
          400: htmlPage('Página HTML de erro'),
          403: htmlPage('Página HTML de erro (outro navegador)'),
        },
      },
    },
    async (request, reply) => {
      if (await refusedPage(reply, pagesPerAddress, request.ip)) return reply;
      const fail = () =>
        page(reply, 400, 'error', API_MESSAGES.authErrorTitle, API_MESSAGES.stateInvalid);
      const ticket = request.validationError ? undefined : request.query.ticket;
      if (!ticket) return fail();
      const userAgent = request.headers['user-agent'] ?? '';
      if (await repos.oauthStates.refuseOtherBrowser(ticket, userAgent)) {
        request.log.warn('login em aba aberto em outro navegador');
        return page(
          reply,
          403,
          'error',
          API_MESSAGES.authErrorTitle,
          API_MESSAGES.signInOtherBrowser,
        );
      }
      const opened = await repos.oauthStates.bindTicket(ticket, userAgent);
      if (!opened) return fail();
      const oauthApp = await appFor(opened.signIn.systemKey, opened.signIn.familyId);
      if (!oauthApp) return fail();
      void reply.header(
        'set-cookie',
        signInCookie(opened.binding, Math.ceil(config.oauthStateTtlMs / 1000)),
      );
      return html(
        reply,
        200,
        signInBeginPage(
          API_MESSAGES.signInOpening,
          API_MESSAGES.signInNeedsScript,
          opened.windowProof,
          oauth.authorizeUrl(oauthApp.app.clientId, oauthApp.app.redirectUri, opened.state),
        ),
      );
    },
  );

  app.get<{ Querystring: SignInCallbackQuery }>(
    '/api/rdstation/auth/callback',
    {
      // The CRM sends the browser back here, with no session: counted per address.
      config: { access: 'public', rateLimit: false },
      // A browser lands here: a query that fails validation gets the HTML error page too.
      attachValidation: true,
      helmet: SIGN_IN_PAGE_HELMET,
      schema: {
        ...SIGN_IN_TAG,
        summary: 'Retorno do OAuth (abre no navegador; responde uma página HTML)',
        description:
          'Aceito só no navegador cuja janela abriu auth/begin (cookie) e só nessa janela: a primeira resposta é uma página que devolve o segredo da janela (window_proof, do seu sessionStorage); o state, quando o CRM o devolve, deve ser o desse mesmo login. Sem e-mail assinado pelo host, o atendente confirma quem é no CRM antes de o login valer (auth/confirm).',
        querystring: signInCallbackQuery,
        response: {
          200: htmlPage('Página HTML (relé, confirmação ou sucesso)'),
          400: htmlPage('Página HTML de erro'),
          403: htmlPage('Página HTML de erro'),
          502: htmlPage('Página HTML de erro'),
        },
      },
    },
    async (request, reply) => {
      if (await refusedPage(reply, pagesPerAddress, request.ip)) return reply;
      const fail = (status: number, message: string) =>
        page(reply, status, 'error', API_MESSAGES.authErrorTitle, message);
      if (request.validationError) return fail(400, API_MESSAGES.stateInvalid);
      const binding = bindingOf(request);
      if (!binding) {
        forgetSignInCookie(reply);
        request.log.warn('callback OAuth sem o cookie da janela de login');
        return fail(400, API_MESSAGES.signInElsewhere);
      }
      const { code, state, error } = request.query;
      const windowProof = request.query[WINDOW_PROOF_PARAM];
      // First the window says it is the one that began: its secret comes back on a second visit.
      if (windowProof === undefined)
        return html(
          reply,
          200,
          signInRelayPage(API_MESSAGES.signInFinishing, API_MESSAGES.signInNeedsScript),
        );
      // Another tab or window (no secret, or not this one's) ends nothing: the cookie stays for
      // the window that began, and the sign-in it holds is not spent.
      if (windowProof === '') {
        request.log.warn('callback OAuth fora da janela de login que o iniciou');
        return fail(400, API_MESSAGES.signInElsewhere);
      }
      const signIn = await repos.oauthStates.consume(
        binding,
        windowProof,
        state ?? null,
        config.oauthStateTtlMs,
      );
      if (!signIn) {
        request.log.warn(
          'callback OAuth com state inválido, expirado, reutilizado ou de outra janela',
        );
        return fail(400, API_MESSAGES.stateInvalid);
      }
      forgetSignInCookie(reply);
      // From here the sign-in is spent: a refusal ends it, and a tab's panel learns why from it.
      const refuse = async (status: number, message: string, inPanel = message) => {
        await repos.oauthStates.failTab(signIn, inPanel, config.oauthStateTtlMs);
        return fail(status, message);
      };
      const inPanel = API_MESSAGES.tabSignInRefused;
      if (error) return refuse(400, API_MESSAGES.authorizationDenied, inPanel.denied);
      if (!code) return refuse(400, API_MESSAGES.codeExchangeFailed, inPanel.unfinished);
      const oauthApp = await appFor(signIn.systemKey, signIn.familyId);
      if (!oauthApp) return refuse(400, API_MESSAGES.credentialsNotConfigured);
      const outcome = await oauth.exchangeCode(oauthApp.app, code, oauthApp.app.redirectUri);
      if (!outcome.ok) {
        request.log.warn({ reason: outcome.reason }, 'troca do código OAuth falhou');
        return refuse(
          outcome.reason === 'rejected' ? 400 : 502,
          API_MESSAGES.codeExchangeFailed,
          inPanel.unfinished,
        );
      }
      let account: Awaited<ReturnType<typeof tokenOfTenantAccount>>;
      let users: CrmUser[];
      try {
        account = await tokenOfTenantAccount(signIn, outcome.tokens.accessToken, oauthApp.pending);
        users = account
          ? await usersOf(signIn, outcome.tokens.accessToken, account.bindIds === null)
          : [];
      } catch (failure) {
        request.log.warn({ err: failure }, 'conta do token OAuth não verificada');
        return refuse(502, API_MESSAGES.codeExchangeFailed, inPanel.unfinished);
      }
      if (!account) {
        request.log.warn({ systemKey: signIn.systemKey }, 'login OAuth de outra conta do CRM');
        return refuse(403, API_MESSAGES.crmAccountMismatch, inPanel.otherAccount);
      }
      await crmUsers.remember(signIn.systemKey, users);
      const held: HeldSignIn = { tokens: outcome.tokens, bindIds: account.bindIds };
      // The token names nobody. An e-mail RD (a v1 token's check) or the host signed says who
      // this is when one active user has it. A host-signed e-mail no active user has is refused,
      // one several share is confirmed among them; with no verified e-mail, the attendant
      // confirms who they are. Nothing is bound before.
      const verified = await verifiedEmailsOf(signIn);
      const found = userOfVerifiedEmail(users, verified);
      if (found)
        return bindSignIn(request, reply, signIn, held, {
          userId: found.user.id,
          source: found.source,
          name: found.user.name || null,
        });
      const hostEmail = verified.find(({ source }) => source === 'host-signed-email')?.email;
      const candidates = hostEmail ? usersWithEmail(users, hostEmail) : users;
      if (hostEmail && candidates.length === 0) {
        request.log.warn({ systemKey: signIn.systemKey }, 'e-mail assinado sem usuário no CRM');
        return refuse(
          403,
          API_MESSAGES.crmUserEmailUnmatched(hostEmail),
          inPanel.emailUnmatched(hostEmail),
        );
      }
      const confirm = await repos.oauthStates.hold(signIn, binding, held, config.oauthStateTtlMs);
      // The same cookie carries the confirmation (this window's page holds its secret).
      void reply.header(
        'set-cookie',
        signInCookie(binding, Math.ceil(config.oauthStateTtlMs / 1000)),
      );
      return html(reply, 200, signInConfirmPage(confirmTexts, CONFIRM_ACTION, confirm, candidates));
    },
  );

  void app.register(async (scope) => {
    // The confirmation page's form (the window's page runs no script to post JSON).
    await scope.register(formBody, { bodyLimit: 4096 });
    scope.post<{ Body: SignInConfirmBody }>(
      CONFIRM_ACTION,
      {
        // The sign-in window's form, with no session: counted per address, and per tenant once
        // the sign-in it confirms is found (each confirmation asks the CRM).
        config: { access: 'public', rateLimit: false },
        attachValidation: true,
        helmet: SIGN_IN_PAGE_HELMET,
        schema: {
          ...SIGN_IN_TAG,
          summary: 'O atendente confirma quem é no CRM; só então o login vale (página HTML)',
          description:
            'Formulário da página de confirmação do callback, no mesmo navegador (cookie) e com o segredo de uso único dessa página. O usuário é conferido em GET /users/{id} com o token do login. Antes disso nada do login fica ligado à sessão.',
          body: signInConfirmBody,
          // Its refusals are HTML pages too, except a body no parser reads ({ message }).
          response: {
            200: htmlPage('Página HTML de sucesso ou de confirmação'),
          },
        },
      },
      async (request, reply) => {
        if (await refusedPage(reply, pagesPerAddress, request.ip)) return reply;
        const fail = (status: number, message: string) =>
          page(reply, status, 'error', API_MESSAGES.authErrorTitle, message);
        const binding = bindingOf(request);
        const confirm = request.validationError ? undefined : request.body?.confirm;
        if (!binding || !confirm) {
          forgetSignInCookie(reply);
          return fail(400, binding ? API_MESSAGES.stateInvalid : API_MESSAGES.signInElsewhere);
        }
        const userId = (request.body?.userId ?? '').trim();
        const waiting = await repos.oauthStates.peek(binding, confirm);
        if (!waiting) {
          forgetSignInCookie(reply);
          return fail(400, API_MESSAGES.stateInvalid);
        }
        if (await refusedPage(reply, confirmsPerTenant, waiting.signIn.systemKey)) return reply;
        const budget = { systemKey: waiting.signIn.systemKey, userId: waiting.signIn.userId };
        let user: CrmUser | null;
        try {
          user =
            userId === ''
              ? null
              : crmUserOf(await oauth.userById(waiting.held.tokens.accessToken, userId, budget));
          if (!user) {
            const users = await usersOf(
              waiting.signIn,
              waiting.held.tokens.accessToken,
              waiting.held.bindIds === null,
            );
            const message =
              userId === '' ? API_MESSAGES.crmUserConfirmRequired : API_MESSAGES.crmUserUnknown;
            return html(
              reply,
              400,
              signInConfirmPage(confirmTexts, CONFIRM_ACTION, confirm, users, message),
            );
          }
        } catch (failure) {
          request.log.warn({ err: failure }, 'usuário do CRM não conferido na confirmação');
          return fail(502, API_MESSAGES.codeExchangeFailed);
        }
        const verified = await verifiedEmailsOf(waiting.signIn);
        const hostEmail = verified.find(({ source }) => source === 'host-signed-email')?.email;
        if (hostEmail && !sameEmail(user.email, hostEmail)) {
          request.log.warn(
            { systemKey: waiting.signIn.systemKey },
            'usuário do CRM de outro e-mail',
          );
          const users = await usersOf(
            waiting.signIn,
            waiting.held.tokens.accessToken,
            waiting.held.bindIds === null,
          );
          return html(
            reply,
            403,
            signInConfirmPage(
              confirmTexts,
              CONFIRM_ACTION,
              confirm,
              usersWithEmail(users, hostEmail),
              API_MESSAGES.crmUserEmailMismatch(hostEmail),
            ),
          );
        }
        const taken = await repos.oauthStates.take(binding, confirm);
        forgetSignInCookie(reply);
        if (!taken) return fail(400, API_MESSAGES.stateInvalid);
        return bindSignIn(request, reply, taken.signIn, taken.held, {
          userId: user.id,
          source: sourceOfChoice(user, verified),
          name: user.name || null,
        });
      },
    );
  });

  app.get(
    '/api/rdstation/auth/status',
    {
      config: { access: 'any' },
      schema: ownRouteSchema({
        tag: 'autenticação',
        summary: 'Se esta sessão tem login no CRM',
        answer: { 200: authStatusAnswer },
        refusals: [400],
      }),
    },
    async (request) => authStatus(request, sessionOf(request)),
  );

  app.post(
    '/api/rdstation/auth/revoke',
    {
      config: { access: 'any' },
      schema: ownRouteSchema({
        tag: 'autenticação',
        summary: 'Encerra o login no CRM desta sessão (só dela)',
        body: emptyBody,
        answer: { 200: successAnswer },
        refusals: [400],
      }),
    },
    async (request) => {
      const identity = identityOf(request);
      await repos.sessions.delete(identity);
      request.log.info({ systemKey: identity.systemKey }, 'sessão encerrada');
      return { success: true };
    },
  );

  app.post<{ Body: ApiV1TokenBody }>(
    '/api/rdstation/auth/v1-token',
    {
      config: { access: 'any' },
      schema: ownRouteSchema({
        tag: 'autenticação',
        summary: 'Autentica o usuário com um token da API v1 (validado no CRM)',
        description:
          'O token é validado em GET /api/v1/token/check e guardado criptografado. A sessão v1 identifica o usuário (status e perfil), mas as chamadas da API v2 continuam exigindo OAuth (401).',
        body: apiV1TokenBody,
        answer: { 200: authStatusAnswer },
      }),
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
