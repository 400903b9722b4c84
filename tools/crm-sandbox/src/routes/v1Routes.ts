import { type FastifyInstance } from 'fastify';
import { type SandboxRuntime } from '@crm-sandbox/runtime';

/** The one API v1 call the panel uses: checking a user's v1 token. */
export function registerV1Routes(app: FastifyInstance, runtime: SandboxRuntime): void {
  app.get<{ Querystring: Record<string, unknown> }>(
    '/api/v1/token/check',
    async (request, reply) => {
      const token = request.query.token;
      const owner = typeof token === 'string' && token !== '' ? runtime.v1Owner(token) : undefined;
      // RD's v1 answers a bad token with this exact body.
      if (!owner) return reply.code(401).send({ error: 'Permission denied.' });
      return { email: owner.user.email, name: owner.user.name, organization: owner.account.name };
    },
  );
}
