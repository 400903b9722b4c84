import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { resolveConfig } from '@api/config';
import { createOAuthClient } from '@api/crm/oauth';

// `npm run crm:check -- --sign-in`: RD's OAuth sign-in run by the check itself, so nobody copies a
// token by hand. RD's steps (crm-v2-authentication-step-2/3): the person opens the authorize URL
// ("https://accounts.rdstation.com/oauth/authorize?response_type=code&client_id=…&redirect_uri=…"),
// chooses the account and consents; RD sends the browser to the callback with `?code=…` (valid 5
// minutes); the code is exchanged at the token endpoint with client_id, client_secret, code,
// redirect_uri and grant_type=authorization_code. The callback here is a loopback address this
// process listens on for that one request, which must be registered in the app in RD's App
// Publisher exactly as sent ("exatamente como foi cadastrada no aplicativo").
// RD documents no `state`, but the authorize URL carries one, as the api's own sign-in does: when
// the CRM carries it back, a callback with another state (a code some other page sent to this
// loopback address) is refused; a callback without one is taken, since RD may not echo it.
//
// RD's step 1 asks for an https callback ("Certifique-se que seu endereço contém https://"), so an
// app may not be allowed an http loopback one. `--sign-in=colar` then uses the callback the panel
// already has registered (the api's https `/api/rdstation/auth/callback`): the browser lands there
// with `?code=…` (the api, which did not start this sign-in, exchanges nothing and says so), and the
// person copies the address (or only the code) from the address bar into the terminal.

export interface CheckSignInOptions {
  clientId: string;
  clientSecret: string;
  /** RD's authorize page (default https://accounts.rdstation.com/oauth/authorize). */
  authorizeUrl: string;
  /** The token endpoint of the CRM being checked (e.g. https://api.rd.services/oauth2/token). */
  tokenUrl: string;
  /** Loopback port of the callback (`http://127.0.0.1:<port>/callback`); 0 picks a free one. */
  port: number;
  /** Shows the person the URL to open (the terminal prints it). */
  announce(authorizeUrl: string, redirectUri: string): void | Promise<void>;
  /** How long to wait for the consent (default 5 minutes). */
  waitMs?: number;
  fetch?: typeof fetch;
}

export interface CheckPasteSignInOptions extends Omit<CheckSignInOptions, 'port'> {
  /** The app's registered https callback (the panel's), exactly as registered. */
  redirectUri: string;
  /** The line the person pasted: the callback's whole address, or only its `code`. */
  readLine(): Promise<string>;
}

export interface CheckSignInResult {
  accessToken: string;
  /** Kept so a long run refreshes as the product does (crmCheck.ts `signIn`). */
  refreshToken: string;
  expiresAt: number;
  redirectUri: string;
}

/** Why the sign-in ended without a token, in pt-BR, with what to do. */
export class CheckSignInError extends Error {}

const PAGE = (title: string, body: string) =>
  `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>${title}</title><body style="font-family:sans-serif;max-width:40rem;margin:3rem auto"><h1>${title}</h1><p>${body}</p></body></html>`;

/** The code RD sends to the loopback callback, once; the page tells the person to go back. */
function awaitCode(port: number, waitMs: number, state: string) {
  let settle: { resolve: (code: string) => void; reject: (error: Error) => void } | null = null;
  const code = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // The callback can come (and be refused) while the URL is still being shown: the refusal is
  // read when the code is awaited, not lost as an unhandled rejection that ends the process.
  code.catch(() => undefined);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      response.writeHead(404).end();
      return;
    }
    const returned = url.searchParams.get('state');
    if (returned !== null && returned !== state) {
      response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        PAGE('Login não concluído', 'Este retorno não é do login que o crm:check abriu.'),
      );
      settle?.reject(
        new CheckSignInError(
          'O retorno do login não é do login que o crm:check abriu (state diferente). Rode de novo e abra só o endereço mostrado no terminal.',
        ),
      );
      return;
    }
    const given = url.searchParams.get('code');
    const refused = url.searchParams.get('error');
    response.writeHead(given ? 200 : 400, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      given
        ? PAGE('Login concluído', 'Pode fechar esta janela e voltar ao terminal.')
        : PAGE('Login não concluído', 'O RD Station CRM não enviou o código de autorização.'),
    );
    if (given) settle?.resolve(given);
    else
      settle?.reject(
        new CheckSignInError(
          `O RD Station CRM não autorizou o acesso${refused ? ` (${refused})` : ''}. Rode de novo e confirme a autorização na página do RD.`,
        ),
      );
  });
  const timer = setTimeout(
    () =>
      settle?.reject(
        new CheckSignInError(
          'Tempo esgotado esperando a autorização no RD Station CRM. Rode de novo e abra o endereço mostrado.',
        ),
      ),
    waitMs,
  );
  const listening = new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  const close = () =>
    new Promise<void>((resolve) => {
      clearTimeout(timer);
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { listening, code, close };
}

export async function signInForCheck(options: CheckSignInOptions): Promise<CheckSignInResult> {
  const state = randomBytes(24).toString('base64url');
  const wait = awaitCode(options.port, options.waitMs ?? 5 * 60_000, state);
  try {
    let port: number;
    try {
      port = await wait.listening;
    } catch (error) {
      throw new CheckSignInError(
        `Não foi possível escutar em 127.0.0.1:${options.port} para receber o retorno do login (${error instanceof Error ? error.message : String(error)}). Escolha outra porta com CRM_CHECK_REDIRECT_PORT e cadastre a URL correspondente no aplicativo.`,
      );
    }
    const redirectUri = `http://127.0.0.1:${port}/callback`;
    const oauth = oauthOf(options);
    await options.announce(oauth.authorizeUrl(options.clientId, redirectUri, state), redirectUri);
    return await exchange(oauth, options, await wait.code, redirectUri);
  } finally {
    await wait.close();
  }
}

function oauthOf(options: Pick<CheckSignInOptions, 'authorizeUrl' | 'tokenUrl' | 'fetch'>) {
  const crm = {
    ...resolveConfig({}).crm,
    authorizeUrl: options.authorizeUrl,
    tokenUrl: options.tokenUrl,
  };
  return createOAuthClient(crm, options.fetch ?? fetch, Date.now);
}

/** The code for tokens at the CRM's token endpoint (RD's step 3), or why not, in pt-BR. */
async function exchange(
  oauth: ReturnType<typeof createOAuthClient>,
  options: Pick<CheckSignInOptions, 'clientId' | 'clientSecret' | 'tokenUrl'>,
  code: string,
  redirectUri: string,
): Promise<CheckSignInResult> {
  const outcome = await oauth.exchangeCode(
    { clientId: options.clientId, clientSecret: options.clientSecret },
    code,
    redirectUri,
  );
  if (!outcome.ok)
    throw new CheckSignInError(
      outcome.reason === 'rejected'
        ? `O RD Station CRM recusou a troca do código por um token (${options.tokenUrl}). Confira CRM_CLIENT_ID, CRM_CLIENT_SECRET e se ${redirectUri} está cadastrada no aplicativo exatamente assim (o código vale 5 minutos e uma só troca).`
        : `O RD Station CRM não respondeu à troca do código (${options.tokenUrl}). Tente de novo em instantes.`,
    );
  const { accessToken, refreshToken, expiresAt } = outcome.tokens;
  return { accessToken, refreshToken, expiresAt, redirectUri };
}

/**
 * The code the person pasted: from the callback's whole address (its `state`, when RD carries
 * it back, must be this sign-in's) or bare.
 */
function pastedCode(line: string, state: string): string {
  const text = line.trim();
  if (text === '')
    throw new CheckSignInError(
      'Nada foi colado. Rode de novo e cole o endereço da página de retorno (ou só o código).',
    );
  if (!/^https?:\/\//i.test(text)) {
    if (!/^[\w.~-]+$/.test(text))
      throw new CheckSignInError(
        'Isto não parece um código de autorização. Cole o endereço inteiro da página de retorno, como aparece na barra de endereços.',
      );
    return text;
  }
  const url = new URL(text);
  const returned = url.searchParams.get('state');
  if (returned !== null && returned !== state)
    throw new CheckSignInError(
      'O endereço colado não é do login que o crm:check abriu (state diferente). Rode de novo e abra só o endereço mostrado no terminal.',
    );
  const refused = url.searchParams.get('error');
  const code = url.searchParams.get('code');
  if (!code)
    throw new CheckSignInError(
      `O endereço colado não traz o código de autorização${refused ? ` (o RD Station CRM respondeu ${refused})` : ''}. Rode de novo e confirme a autorização na página do RD.`,
    );
  return code;
}

/** `--sign-in=colar`: RD's sign-in through the panel's https callback, the code pasted back. */
export async function signInByPaste(options: CheckPasteSignInOptions): Promise<CheckSignInResult> {
  const state = randomBytes(24).toString('base64url');
  const oauth = oauthOf(options);
  await options.announce(
    oauth.authorizeUrl(options.clientId, options.redirectUri, state),
    options.redirectUri,
  );
  const code = pastedCode(await options.readLine(), state);
  return exchange(oauth, options, code, options.redirectUri);
}
