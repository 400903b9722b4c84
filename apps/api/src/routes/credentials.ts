import { MESSAGES } from '@crm-panel/crm-model';
import { createHash, timingSafeEqual } from 'node:crypto';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { defaultRedirectUri } from '@api/config';
import { ApiError, identityError } from '@api/errors';
import { sessionOf } from '@api/identity/authenticate';
import { API_MESSAGES } from '@api/messages';
import { chatOrigin } from '@api/chat/chatClient';
import {
  assertAllowedDestination,
  OutboundRefused,
  redirectUriAllowed,
} from '@api/security/outbound';
import { hashPassword } from '@api/security/password';
import { passGuardedSecret, passSecurityPassword } from '@api/security/passwordGate';
import { identityOf, type Services } from '@api/services';
import { type PanelSession } from '@api/db/repositories/panelSessionsRepository';
import {
  credentialsBody,
  type CredentialsBody as CredentialsBodySchema,
  credentialsRemovalBody,
  type CredentialsRemovalBody,
  credentialsRemovedAnswer,
  credentialsSavedAnswer,
  credentialsStatusAnswer,
} from '@crm-panel/crm-model/schemas';
import { ownRouteSchema } from './schemas';
import { liveUpdatesInfo } from '@api/changes/crmWebhooks';

type CredentialsBody = NonNullable<CredentialsBodySchema>;

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The credentials form rules of PRODUCT.md §5, in order; values trimmed except the password. */
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

/** With a host-signed identity, only its admins change the integration. */
function requireAdmin(session: PanelSession): void {
  if (session.method === 'assertion' && session.role !== 'admin')
    throw identityError(403, 'admin_required', API_MESSAGES.adminRequired);
}

export function registerCredentialsRoutes(app: FastifyInstance, services: Services): void {
  const { repos, config } = services;

  /** https in production; http only in development or on a loopback host (README). */
  const checkRedirectUri = (value: string): void => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new ApiError(400, API_MESSAGES.redirectUriInvalid);
    }
    if (!redirectUriAllowed(url, config.mode))
      throw new ApiError(400, API_MESSAGES.redirectUriScheme);
  };

  /** The chat domain must be a place this api may call (README, 'Outbound addresses'). */
  const checkChatDomain = async (value: string): Promise<void> => {
    const origin = chatOrigin(value);
    if (!origin) throw new ApiError(400, API_MESSAGES.chatDomainInvalid);
    try {
      await assertAllowedDestination(new URL(origin), config.mode, config.lookupHost);
    } catch (error) {
      if (error instanceof OutboundRefused && error.reason === 'scheme')
        throw new ApiError(400, API_MESSAGES.chatDomainScheme);
      throw new ApiError(400, API_MESSAGES.chatDomainInternal);
    }
  };

  /**
   * The operator's setup code of a tenant whose host signs nothing: typed by whoever configures,
   * compared in constant time, counted like the security password (one atomic count per try),
   * and refused once spent. Answers its SHA-256 (spent when the sign-in confirms the credentials).
   */
  const checkSetupCode = async (
    request: FastifyRequest,
    session: PanelSession,
    typed: string | undefined,
  ): Promise<string> => {
    const expected = request.tenant?.setupCode?.trim();
    if (!expected) throw new ApiError(403, API_MESSAGES.setupCodeMissing);
    const code = (typed ?? '').trim();
    if (code === '') throw new ApiError(400, API_MESSAGES.setupCodeRequired);
    const hash = sha256(code);
    await passGuardedSecret(repos.passwordGuards, config, request.log, session.systemKey, {
      guardKey: `setup-code:${session.systemKey}`,
      verify: async () =>
        timingSafeEqual(Buffer.from(hash, 'hex'), Buffer.from(sha256(expected), 'hex')) &&
        !(await repos.credentials.setupCodeSpent(session.systemKey, hash)),
      lockedMessage: API_MESSAGES.setupCodeLocked,
      wrongMessage: API_MESSAGES.setupCodeInvalid,
      logName: 'código de configuração',
    });
    return hash;
  };

  app.get(
    '/api/rdstation/credentials/status',
    {
      config: { access: 'any' },
      schema: ownRouteSchema({
        tag: 'credenciais',
        summary:
          'Se o tenant tem credenciais, ou esta sessão salvou credenciais que aguardam o login (nunca devolve segredos)',
        answer: { 200: credentialsStatusAnswer },
        refusals: [400],
      }),
    },
    async (request) => {
      const session = sessionOf(request);
      const configured = await repos.credentials.get(session.systemKey);
      const stored = configured ?? (await repos.panelSessions.pendingCredentials(session.familyId));
      return {
        configured: stored !== null,
        redirectUri: stored?.redirectUri ?? defaultRedirectUri(config.publicUrl),
        setupCodeRequired: session.method === 'crm',
        ...(configured
          ? {
              liveUpdates: liveUpdatesInfo(
                await services.crmWebhooks.status(session.systemKey),
                config.publicUrl,
              ),
            }
          : {}),
      };
    },
  );

  app.post<{ Body: CredentialsBody }>(
    '/api/rdstation/credentials',
    {
      config: { access: 'any' },
      schema: ownRouteSchema({
        tag: 'credenciais',
        summary: 'Configura as credenciais OAuth do tenant',
        description:
          'Com identidade assinada pelo host, só administradores. Sem ela, só enquanto o tenant não tem credenciais, e elas valem só depois de um login OAuth bem-sucedido com elas, nesta sessão.',
        body: credentialsBody,
        answer: { 201: credentialsSavedAnswer },
        refusals: [400, 403, 409],
      }),
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const { systemKey } = session;
      requireAdmin(session);
      if (session.method === 'crm' && !(await repos.terms.isAccepted(systemKey, session.crmOwner)))
        throw identityError(403, 'terms_required', API_MESSAGES.termsRequired);
      const body = request.body ?? {};
      const problem = validateCredentials(body);
      if (problem) throw new ApiError(400, problem);
      const redirectUri = String(body.redirectUri).trim();
      checkRedirectUri(redirectUri);
      const defaultChatDomain = String(body.defaultChatDomain).trim();
      await checkChatDomain(defaultChatDomain);
      if (await repos.credentials.exists(systemKey))
        throw new ApiError(409, API_MESSAGES.credentialsAlreadyConfigured);
      const credentials = {
        clientId: String(body.clientId).trim(),
        clientSecret: String(body.clientSecret).trim(),
        redirectUri,
        passwordHash: await hashPassword(String(body.securityPassword)),
        defaultChatDomain,
      };
      if (session.method === 'crm') {
        // Nobody verified this caller: the credentials wait for a sign-in that proves them, and
        // only whom the operator handed the setup code may save them.
        const setupCodeHash = await checkSetupCode(request, session, body.setupCode);
        await repos.panelSessions.savePendingCredentials(session.familyId, {
          ...credentials,
          setupCodeHash,
        });
        request.log.info({ systemKey }, 'credenciais aguardando o login');
        return reply.code(201).send({ success: true, redirectUri });
      }
      if (!(await repos.credentials.create(systemKey, credentials)))
        throw new ApiError(409, API_MESSAGES.credentialsAlreadyConfigured);
      services.cache.clearTenant(systemKey);
      request.log.info({ systemKey }, 'credenciais configuradas');
      return reply.code(201).send({ success: true, redirectUri });
    },
  );

  app.delete<{ Body: CredentialsRemovalBody }>(
    '/api/rdstation/credentials',
    {
      config: { access: 'signedIn' },
      schema: ownRouteSchema({
        tag: 'credenciais',
        summary: 'Remove a integração do tenant (todas as sessões terminam)',
        body: credentialsRemovalBody,
        answer: { 200: credentialsRemovedAnswer },
        refusals: [400, 403, 428, 429],
      }),
    },
    async (request) => {
      const session = sessionOf(request);
      const { systemKey } = session;
      requireAdmin(session);
      const password = request.body?.securityPassword ?? '';
      if (password === '') throw new ApiError(400, MESSAGES.credentials.securityPasswordRequired);
      const stored = await repos.credentials.get(systemKey);
      if (!stored) throw new ApiError(428, API_MESSAGES.credentialsNotConfigured);
      await passSecurityPassword(
        repos.passwordGuards,
        config,
        request.log,
        systemKey,
        password,
        stored.passwordHash,
      );
      // The CRM stops calling us while this session's token still works; the receiver token is
      // forgotten even if the CRM refuses, so a delivery to it is refused from now on.
      try {
        const removed = await services.crmWebhooks.unregister(identityOf(request));
        request.log.info({ removed }, 'webhooks do CRM removidos');
      } catch (failure) {
        request.log.warn({ err: failure }, 'webhooks do CRM não removidos');
      }
      const usersAffected = await repos.credentials.removeWithSessions(systemKey);
      await repos.panelSessions.demoteTenant(systemKey, config.identity.pendingTtlMs);
      services.cache.clearTenant(systemKey);
      request.log.info({ systemKey, usersAffected }, 'integração removida');
      return { usersAffected };
    },
  );
}
