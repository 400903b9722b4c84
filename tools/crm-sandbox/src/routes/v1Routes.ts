import { type FastifyInstance } from 'fastify';
import { type SandboxRuntime } from '@crm-sandbox/runtime';

const V1_USERS_PARAMS = new Set(['token', 'active']);

/** The API v1 calls the panel uses: checking a user's v1 token, and its account's users. */
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

  // crm-v1-list-users.txt: `GET /users` (query `active`) answers `{ users: [...] }` with `_id`,
  // `id`, `name`, `email`, `active`, `hidden`, dates: the users of the token's own account.
  app.get<{ Querystring: Record<string, unknown> }>('/api/v1/users', async (request, reply) => {
    const token = request.query.token;
    const owner = typeof token === 'string' && token !== '' ? runtime.v1Owner(token) : undefined;
    if (!owner) return reply.code(401).send({ error: 'Permission denied.' });
    // The page documents `token` and `active` (true/false) only: anything else is refused unless
    // the ignoreUnknownParams knob reads it the lenient way.
    const unknown = Object.keys(request.query).filter((name) => !V1_USERS_PARAMS.has(name));
    if (unknown.length > 0 && !runtime.gate.knobs.ignoreUnknownParams)
      return reply.code(400).send({ error: `Unknown parameter: ${unknown.join(', ')}` });
    const active = request.query.active;
    if (active !== undefined && active !== 'true' && active !== 'false')
      return reply.code(400).send({ error: 'active must be true or false' });
    const users = owner.account.store.users
      .all()
      .filter((user) => active === undefined || String(user.active) === String(active));
    return {
      users: users.map((user) => ({
        _id: user.id,
        id: user.id,
        name: user.name,
        email: user.email,
        active: user.active,
        hidden: false,
        created_at: user.created_at,
        updated_at: user.updated_at,
      })),
    };
  });
}
