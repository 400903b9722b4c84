import { type FastifyInstance, type FastifyReply } from 'fastify';
import { ApiError } from '@crm-sandbox/http/errors';
import { checkedKnobs } from '@crm-sandbox/knobs';
import { type SandboxRuntime } from '@crm-sandbox/runtime';
import { OAUTH_APPS } from '@crm-sandbox/store/accounts';
import { type ChangeRequest } from '@crm-sandbox/types';
import { applyChange } from './adminChange';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Runs `action`; a thrown Error (or an ApiError's details) becomes 400 `{ message }`. */
function orBadRequest<T>(reply: FastifyReply, action: () => T): T | FastifyReply {
  try {
    return action();
  } catch (error) {
    const message =
      error instanceof ApiError
        ? error.errors.map((item) => item.detail).join('; ')
        : error instanceof Error
          ? error.message
          : String(error);
    return reply.code(400).send({ message });
  }
}

const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** Sandbox-only controls; no token needed. Errors here are `{ message }`. */
export function registerAdminRoutes(app: FastifyInstance, runtime: SandboxRuntime): void {
  app.get('/__admin/knobs', async () => runtime.gate.knobs);

  app.put('/__admin/knobs', async (request, reply) => {
    const body = request.body;
    if (!isObject(body)) return reply.code(400).send({ message: 'Body must be a JSON object' });
    return orBadRequest(reply, () => {
      runtime.gate.setKnobs(checkedKnobs(body));
      return runtime.gate.knobs;
    });
  });

  app.get('/__admin/redirect-uris', async () => runtime.redirects.snapshot());

  // Registers a callback URL for one app ({ uri, client_id }) or every app ({ uri }).
  app.post('/__admin/redirect-uris', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const uri = optionalString(body.uri);
    if (uri === undefined)
      return reply
        .code(400)
        .send({ message: 'Body must be { "uri": "...", "client_id"?: "..." }' });
    return orBadRequest(reply, () => {
      runtime.redirects.register(uri, optionalString(body.client_id));
      return runtime.redirects.snapshot();
    });
  });

  app.get<{ Querystring: { account?: string } }>(
    '/__admin/webhook-deliveries',
    async (request) => ({ deliveries: runtime.webhooks.list(request.query.account) }),
  );

  app.post('/__admin/webhooks/suspend', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const account = optionalString(body.account);
    if (account === undefined)
      return reply
        .code(400)
        .send({ message: 'Body must be { "account": "...", "url_prefix"?: "..." }' });
    const prefix = optionalString(body.url_prefix) ?? '';
    return orBadRequest(reply, () => ({
      suspended: runtime.webhooks.suspend(runtime.account(account), (hook) =>
        hook.url.startsWith(prefix),
      ),
    }));
  });

  app.post('/__admin/change', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const account = optionalString(body.account);
    const resource = optionalString(body.resource);
    if (account === undefined || resource === undefined) {
      return reply.code(400).send({
        message:
          'Body must be { "account", "resource", "id"?, "data"?, "delete"?, "as"? } (see the README)',
      });
    }
    const change: ChangeRequest = {
      account,
      resource,
      id: optionalString(body.id),
      data: isObject(body.data) ? body.data : undefined,
      delete: body.delete === true,
      as: optionalString(body.as),
    };
    return orBadRequest(reply, () => applyChange(runtime, change));
  });

  app.post('/__admin/force', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const status = body.status;
    const count = body.count ?? 1;
    if (typeof status !== 'number' || typeof count !== 'number') {
      return reply.code(400).send({ message: 'Body must be { "status": 400..599, "count": n }' });
    }
    return orBadRequest(reply, () => {
      runtime.gate.force(status, count);
      return { forced: runtime.gate.forcedState() };
    });
  });

  app.get('/__admin/stats', async () => runtime.stats.snapshot());

  app.post('/__admin/stats/reset', async () => {
    runtime.stats.reset();
    return runtime.stats.snapshot();
  });

  app.post('/__admin/rate-limit/reset', async () => {
    runtime.gate.resetWindows();
    return { reset: true };
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
    return orBadRequest(reply, () => runtime.issueTokens(clientId, email));
  });

  app.get('/__admin/accounts', async () => ({
    accounts: [...runtime.accounts.values()].map((account) => ({
      id: account.id,
      name: account.name,
      apps: OAUTH_APPS.filter((oauthApp) => oauthApp.accountId === account.id).map((oauthApp) => ({
        name: oauthApp.name,
        client_id: oauthApp.clientId,
        client_secret: oauthApp.clientSecret,
        redirect_uris: runtime.redirects.snapshot()[oauthApp.clientId] ?? [],
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
