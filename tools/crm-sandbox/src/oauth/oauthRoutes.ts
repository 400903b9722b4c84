import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type SandboxRuntime } from '@crm-sandbox/runtime';
import { type Account, type OAuthApp } from '@crm-sandbox/store/accounts';
import { consentPage, errorPage } from './pages';
import { isLoopbackUrl } from './redirects';

type Fields = Record<string, unknown>;

const text = (fields: Fields, key: string): string | undefined => {
  const value = fields[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

type Checked =
  { app: OAuthApp; redirectUri: string; state: string | undefined } | { error: string };

/**
 * RD: "O parâmetro redirect_uri deve ser substituído pela URL de callback cadastrada no
 * aplicativo" and "inserida por completo, exatamente como foi cadastrada". So only a registered
 * URL, character for character; and the sandbox sends codes only to loopback hosts.
 */
function checkAuthorizeRequest(runtime: SandboxRuntime, fields: Fields): Checked {
  const app = runtime.app(text(fields, 'client_id'));
  if (!text(fields, 'client_id')) return { error: 'O parâmetro client_id é obrigatório.' };
  if (!app) return { error: 'Aplicativo não encontrado: verifique o client_id.' };
  const redirectUri = text(fields, 'redirect_uri');
  if (!redirectUri) return { error: 'O parâmetro redirect_uri é obrigatório.' };
  if (!runtime.redirects.isRegistered(app.clientId, redirectUri)) {
    return {
      error:
        'redirect_uri não cadastrado: use exatamente uma URL de callback cadastrada no aplicativo.',
    };
  }
  if (!isLoopbackUrl(redirectUri)) {
    return { error: 'redirect_uri não permitido: use um endereço em 127.0.0.1 ou localhost.' };
  }
  if (text(fields, 'response_type') !== 'code') {
    return { error: 'O parâmetro response_type deve ser "code".' };
  }
  // RD documents no `state`: it is carried back only with the echoState knob.
  const state =
    typeof fields.state === 'string' && runtime.gate.knobs.echoState ? fields.state : undefined;
  return { app, redirectUri, state };
}

/**
 * RD lets the person who consents pick the account ("o usuário poderá selecionar qual conta da
 * RD Station deseja integrar", crm-v2-authentication-step-2.txt): an app's token may be of any
 * account. Knob consentAccounts 'app' keeps to the app's own account.
 */
function consentAccounts(runtime: SandboxRuntime, app: OAuthApp): Account[] {
  const own = runtime.account(app.accountId);
  if (runtime.gate.knobs.consentAccounts === 'app') return [own];
  return [own, ...[...runtime.accounts.values()].filter((account) => account !== own)];
}

function redirectWith(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString();
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

function oauthError(
  reply: FastifyReply,
  status: number,
  error: string,
  description: string,
): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ error, error_description: description });
}

function clientCredentials(
  request: FastifyRequest,
  body: Fields,
): { id?: string; secret?: string } {
  const header = request.headers.authorization;
  const basic = header ? /^Basic\s+(\S+)$/i.exec(header) : null;
  if (basic?.[1]) {
    const [id, secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
    return {
      id: id ? decodeURIComponent(id) : undefined,
      secret: secret ? decodeURIComponent(secret) : undefined,
    };
  }
  return { id: text(body, 'client_id'), secret: text(body, 'client_secret') };
}

/** OAuth 2 authorisation-code flow with rotating refresh tokens. */
export function registerOAuthRoutes(app: FastifyInstance, runtime: SandboxRuntime): void {
  app.get<{ Querystring: Fields }>('/oauth/authorize', async (request, reply) => {
    const checked = checkAuthorizeRequest(runtime, request.query);
    if ('error' in checked) return sendHtml(reply, 400, errorPage(checked.error));
    return sendHtml(
      reply,
      200,
      consentPage({
        appName: checked.app.name,
        accounts: consentAccounts(runtime, checked.app).map((account) => ({
          name: account.name,
          users: account.store.users.all().filter((user) => user.active),
        })),
        clientId: checked.app.clientId,
        redirectUri: checked.redirectUri,
        state: checked.state,
      }),
    );
  });

  app.post<{ Body: Fields | undefined }>('/oauth/authorize', async (request, reply) => {
    const body = request.body ?? {};
    const checked = checkAuthorizeRequest(runtime, body);
    if ('error' in checked) return sendHtml(reply, 400, errorPage(checked.error));
    if (text(body, 'decision') === 'deny') {
      return reply.redirect(
        redirectWith(checked.redirectUri, { error: 'access_denied', state: checked.state }),
        302,
      );
    }
    // The code is for the account of the user who consented, whichever that is.
    const userId = text(body, 'user_id') ?? '';
    const account = consentAccounts(runtime, checked.app).find((candidate) =>
      candidate.store.users.get(userId),
    );
    const user = account?.store.users.get(userId);
    if (!account || !user || !user.active)
      return sendHtml(reply, 400, errorPage('Selecione um usuário desta conta para continuar.'));
    const code = runtime.tokens.createCode(
      { clientId: checked.app.clientId, accountId: account.id, userId: user.id },
      checked.redirectUri,
    );
    return reply.redirect(redirectWith(checked.redirectUri, { code, state: checked.state }), 302);
  });

  app.post<{ Body: Fields | undefined }>('/oauth2/token', async (request, reply) => {
    // Step 3 and 4 pages send application/x-www-form-urlencoded; JSON only with tokenJsonBody.
    const contentType = String(request.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim();
    if (contentType !== 'application/x-www-form-urlencoded' && !runtime.gate.knobs.tokenJsonBody) {
      return oauthError(
        reply,
        400,
        'invalid_request',
        'The token request must be application/x-www-form-urlencoded',
      );
    }
    const body = request.body ?? {};
    const grantType = text(body, 'grant_type');
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
      return oauthError(
        reply,
        400,
        'unsupported_grant_type',
        'grant_type must be authorization_code or refresh_token',
      );
    }
    const credentials = clientCredentials(request, body);
    const client = runtime.app(credentials.id);
    if (!client || client.clientSecret !== credentials.secret) {
      return oauthError(reply, 401, 'invalid_client', 'Unknown client_id or wrong client_secret');
    }

    if (grantType === 'authorization_code') {
      const code = text(body, 'code');
      const redirectUri = text(body, 'redirect_uri');
      if (!code || !redirectUri) {
        return oauthError(reply, 400, 'invalid_request', 'code and redirect_uri are required');
      }
      const entry = runtime.tokens.consumeCode(code);
      if (entry === null)
        return oauthError(reply, 401, 'invalid_grant', 'Unknown or already used code');
      if (entry === 'expired')
        return oauthError(reply, 401, 'invalid_grant', 'The code has expired');
      if (entry.clientId !== client.clientId) {
        return oauthError(reply, 401, 'invalid_grant', 'The code was issued to another client');
      }
      if (entry.redirectUri !== redirectUri) {
        return oauthError(
          reply,
          401,
          'invalid_grant',
          'redirect_uri does not match the authorization request',
        );
      }
      return reply.header('cache-control', 'no-store').send(runtime.tokens.issue(entry));
    }

    const refreshToken = text(body, 'refresh_token');
    if (!refreshToken)
      return oauthError(reply, 400, 'invalid_request', 'refresh_token is required');
    const entry = runtime.tokens.consumeRefresh(refreshToken, client.clientId);
    if (entry === null) {
      return oauthError(
        reply,
        401,
        'invalid_grant',
        'Unknown, revoked or already used refresh token',
      );
    }
    if (entry === 'expired')
      return oauthError(reply, 401, 'invalid_grant', 'The refresh token has expired');
    if (!runtime.user(entry.accountId, entry.userId)) {
      return oauthError(reply, 401, 'invalid_grant', 'The user of this grant no longer exists');
    }
    return reply.header('cache-control', 'no-store').send(runtime.tokens.issue(entry));
  });
}
