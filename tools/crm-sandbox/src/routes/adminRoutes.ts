import { type FastifyInstance } from 'fastify';
import { knobError } from '../http/Gate';
import { type SandboxRuntime } from '../runtime';
import { OAUTH_APPS } from '../store/accounts';
import { type Knobs } from '../types';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sandbox-only controls; no token needed. Errors here are `{ message }`. */
export function registerAdminRoutes(app: FastifyInstance, runtime: SandboxRuntime): void {
  app.get('/__admin/knobs', async () => runtime.gate.knobs);

  app.put('/__admin/knobs', async (request, reply) => {
    if (!isObject(request.body))
      return reply.code(400).send({ message: 'Body must be a JSON object' });
    const error = knobError(request.body);
    if (error) return reply.code(400).send({ message: error });
    runtime.gate.setKnobs(request.body as Partial<Knobs>);
    return runtime.gate.knobs;
  });

  app.post('/__admin/force', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const status = body.status;
    const count = body.count ?? 1;
    if (typeof status !== 'number' || typeof count !== 'number') {
      return reply.code(400).send({ message: 'Body must be { "status": 400..599, "count": n }' });
    }
    try {
      runtime.gate.force(status, count);
    } catch (error) {
      return reply
        .code(400)
        .send({ message: error instanceof Error ? error.message : String(error) });
    }
    return { forced: runtime.gate.forcedState() };
  });

  app.get('/__admin/stats', async () => runtime.stats.snapshot());

  app.post('/__admin/stats/reset', async () => {
    runtime.stats.reset();
    return runtime.stats.snapshot();
  });

  app.post('/__admin/reset', async () => {
    runtime.reset();
    return { reset: true };
  });

  // For tests that run the sandbox as a separate process: issueTokens() over HTTP.
  app.post('/__admin/tokens', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const { client_id: clientId, email } = body;
    if (typeof clientId !== 'string' || typeof email !== 'string') {
      return reply
        .code(400)
        .send({ message: 'Body must be { "client_id": "...", "email": "..." }' });
    }
    try {
      return runtime.issueTokens(clientId, email);
    } catch (error) {
      return reply
        .code(400)
        .send({ message: error instanceof Error ? error.message : String(error) });
    }
  });

  app.get('/__admin/accounts', async () => ({
    accounts: [...runtime.accounts.values()].map((account) => ({
      id: account.id,
      name: account.name,
      apps: OAUTH_APPS.filter((oauthApp) => oauthApp.accountId === account.id).map((oauthApp) => ({
        name: oauthApp.name,
        client_id: oauthApp.clientId,
        client_secret: oauthApp.clientSecret,
      })),
      users: account.store.users.all().map((user) => ({
        id: user.id,
        name: user.name,
        email: user.email,
        active: user.active,
        v1_token: user.v1Token,
      })),
    })),
  }));
}
