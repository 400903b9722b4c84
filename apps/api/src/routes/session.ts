import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type IssuedSession } from '@api/db/repositories/panelSessionsRepository';
import { ApiError, identityError } from '@api/errors';
import { AssertionError, type VerifiedAssertion } from '@api/identity/assertions';
import { sessionOf } from '@api/identity/authenticate';
import { API_MESSAGES } from '@api/messages';
import { type Services } from '@api/services';
import { perMinuteLimit } from '@api/security/perMinuteLimit';
import {
  sessionAnswer,
  type SessionAnswer,
  sessionBody,
  type SessionBody,
} from '@crm-panel/crm-model/schemas';
import { ownRouteSchema } from './schemas';

const answer = ({ token, session }: IssuedSession): SessionAnswer => ({
  token,
  expiresAt: session.expiresAt,
  userId: session.userId,
  systemKey: session.systemKey,
  role: session.role,
  stage: session.stage,
  method: session.method,
});

/** Pending sessions (not signed in yet) one client address may hold at once. */
export const PENDING_PER_ADDRESS = 20;

/** Purge what expired at most once a minute per process, on the session routes. */
const PURGE_EVERY_MS = 60_000;

export function registerSessionRoutes(app: FastifyInstance, services: Services): void {
  const { repos, config, assertions } = services;
  const { identity } = config;
  let lastPurge = 0;
  const purgeNow = async (request: FastifyRequest) => {
    if (config.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = config.now();
    const removed = await repos.panelSessions.purgeExpired();
    if (removed > 0) request.log.info({ removed }, 'sessões expiradas removidas');
  };

  /** A host assertion for exactly the tenant and user of the headers, used once. */
  const verifiedAssertion = async (
    request: FastifyRequest,
    token: string,
  ): Promise<VerifiedAssertion> => {
    const tenant = request.tenant;
    const headers = request.headers as Record<string, string>;
    let verified: VerifiedAssertion;
    try {
      verified = await assertions.verify(token);
    } catch (error) {
      request.log.warn(
        { reason: error instanceof AssertionError ? error.reason : 'unknown' },
        'asserção recusada',
      );
      throw identityError(401, 'assertion_invalid', API_MESSAGES.assertionInvalid);
    }
    if (
      !tenant ||
      verified.issuer !== tenant.issuer ||
      verified.systemKey !== tenant.systemKey ||
      verified.userId !== String(headers['x-user-id']).trim()
    ) {
      request.log.warn('asserção de outro usuário, tenant ou emissor');
      throw identityError(401, 'assertion_invalid', API_MESSAGES.assertionInvalid);
    }
    if (!(await repos.panelSessions.claimJti(verified.jti, verified.expiresAt + 60_000))) {
      request.log.warn('asserção reutilizada');
      throw identityError(401, 'assertion_invalid', API_MESSAGES.assertionInvalid);
    }
    return verified;
  };

  const fromAssertion = async (request: FastifyRequest, token: string | undefined) => {
    let verified: VerifiedAssertion;
    try {
      if (!token) throw identityError(401, 'assertion_required', API_MESSAGES.assertionRequired);
      verified = await verifiedAssertion(request, token);
    } catch (error) {
      await failuresPerAddress.count(request.ip);
      throw error;
    }
    await perPerson.count(JSON.stringify([verified.systemKey, verified.userId]));
    return repos.panelSessions.create(
      {
        systemKey: verified.systemKey,
        userId: verified.userId,
        role: verified.role,
        method: 'assertion',
        verifiedEmail: verified.email,
      },
      identity.sessionTtlMs,
      identity.familyTtlMs,
    );
  };

  // Session starts are counted per verified person where there is one, never per address: an
  // address is shared by every attendant behind the operator's proxy, and failures by anyone
  // there must not block them. Only what nobody verified is counted per client address (read
  // through the trusted-proxy setting): failed assertions, and pending sessions of hosts that
  // sign nothing. Counted in the store, so every api process on it grants one person the same.
  const limit = (name: string) =>
    perMinuteLimit(repos.windowCounters, name, identity.sessionStartsPerMinute);
  const perPerson = limit('session-starts:person');
  const perAddress = limit('session-starts:address');
  const failuresPerAddress = limit('session-starts:failures');

  app.post<{ Body: SessionBody }>(
    '/api/session',
    {
      // Counted here, per person or per address (above), not by the per-address plugin.
      config: { access: 'start', rateLimit: false },
      schema: ownRouteSchema({
        tag: 'sessão',
        summary: 'Inicia uma sessão do painel',
        description:
          'Com uma asserção do host (JWT verificado contra as chaves do emissor do tenant), a sessão já identifica o usuário. Para tenants cujo host não assina, a sessão começa pendente e só se completa com o login no RD Station CRM nesta mesma janela.',
        body: sessionBody,
        answer: { 201: sessionAnswer },
        refusals: [401, 429],
      }),
    },
    async (request, reply) => {
      await purgeNow(request);
      const tenant = request.tenant;
      const headers = request.headers as Record<string, string>;
      if (!tenant?.issuer) {
        await perAddress.count(request.ip);
        // What nobody verified holds a bounded amount of storage per address.
        if ((await repos.panelSessions.pendingFrom(request.ip)) >= PENDING_PER_ADDRESS)
          throw new ApiError(429, API_MESSAGES.tooManyPendingSessions, {
            'retry-after': String(Math.ceil(identity.pendingTtlMs / 1000)),
          });
      }
      const issued = tenant?.issuer
        ? await fromAssertion(request, request.body?.assertion)
        : await repos.panelSessions.create(
            {
              systemKey: String(headers['x-system-key']).trim(),
              userId: String(headers['x-user-id']).trim(),
              role: null,
              method: 'crm',
              verifiedEmail: null,
              clientAddress: request.ip,
            },
            identity.sessionTtlMs,
            identity.pendingTtlMs,
          );
      request.log.info(
        {
          systemKey: issued.session.systemKey,
          method: issued.session.method,
          stage: issued.session.stage,
        },
        'sessão do painel iniciada',
      );
      return reply.code(201).send(answer(issued));
    },
  );

  app.post<{ Body: SessionBody }>(
    '/api/session/renew',
    {
      config: { access: 'any', rateLimit: false },
      schema: ownRouteSchema({
        tag: 'sessão',
        summary: 'Renova a sessão do painel (um novo token)',
        description:
          'Sessões por asserção enviam uma asserção nova do host; sessões pelo login do CRM só o token atual.',
        body: sessionBody,
        answer: { 200: sessionAnswer },
        refusals: [401, 429],
      }),
    },
    async (request) => {
      const session = sessionOf(request);
      if (session.method === 'assertion')
        return answer(await fromAssertion(request, request.body?.assertion));
      await perPerson.count(`family:${session.familyId}`);
      const ttl = session.stage === 'full' ? identity.familyTtlMs : identity.pendingTtlMs;
      return answer(await repos.panelSessions.renew(session, identity.sessionTtlMs, ttl));
    },
  );
}
