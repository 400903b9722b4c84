import readline from 'node:readline/promises';
import {
  type CheckSignIn,
  formatReport,
  runCrmCheck,
  tokenUrlOf,
  WEBHOOK_BASE_URL,
} from './crmCheck';
import { CheckSignInError, type CheckSignInResult, signInByPaste, signInForCheck } from './signIn';

// `npm run crm:check [-- --writes]`: the product's reads (and, with --writes, every request shape it
// sends, writes on records made for the check) against a real RD Station CRM account. README 'Connecting
// to the real RD Station CRM' says how to get the token.

const HELP = `Uso: CRM_ACCESS_TOKEN=… npm run crm:check [-- --writes]
     CRM_CLIENT_ID=… CRM_CLIENT_SECRET=… npm run crm:check -- --sign-in [--writes]
     CRM_CLIENT_ID=… CRM_CLIENT_SECRET=… CRM_REDIRECT_URI=https://… npm run crm:check -- --sign-in=colar [--writes]

Variáveis:
  CRM_ACCESS_TOKEN   token de acesso OAuth de um usuário da conta (sem --sign-in); sem o token
                     de renovação, um 401 no meio da verificação a encerra
  CRM_CLIENT_ID, CRM_CLIENT_SECRET
                     credenciais do aplicativo no App Publisher do RD (com --sign-in)
  CRM_CHECK_REDIRECT_PORT
                     porta do retorno do login (padrão 4599): cadastre
                     http://127.0.0.1:<porta>/callback no aplicativo
  CRM_REDIRECT_URI   com --sign-in=colar: a URL de callback https já cadastrada no aplicativo
                     (a do painel, …/api/rdstation/auth/callback); o código volta colado
  CRM_AUTHORIZE_URL  padrão https://accounts.rdstation.com/oauth/authorize
  CRM_TOKEN_URL      endpoint de token do login e das renovações (padrão: /oauth2/token no
                     host de CRM_BASE_URL, https://api.rd.services/oauth2/token)
  CRM_BASE_URL       padrão https://api.rd.services/crm/v2
  CRM_CHECK_EMAIL    e-mail do usuário do CRM em nome de quem escrever (padrão: o primeiro ativo)
  CRM_PAGE_SIZE      maior page[size] pedido ao CRM (padrão 100; recusado, a api desce a 50, 25, 20)
  CRM_CHECK_WEBHOOK_URL
                     endereço https que os webhooks de teste do --writes citam (padrão:
                     API_PUBLIC_URL, se definido; senão ${WEBHOOK_BASE_URL}, que não existe);
                     nada é entregue à verificação, e eles são apagados no fim
  API_PUBLIC_URL     o endereço público da api (o mesmo do servidor), se houver

Se a conta estiver em uso (o RD aceita 120 requisições por minuto por conta), a verificação
espera o tempo que o CRM pedir ("CRM ocupado, aguardando N s") e segue.

--writes envia cada forma de requisição do produto ao CRM, escritas (src/check/writeShapes.ts)
e leituras (src/check/readShapes.ts), e lista cada uma com o que o CRM respondeu. Cria contatos, negociações, uma nota e tarefas com o nome
'[crm:check] …' (ficam: a API v2 não documenta exclusão deles; a lista sai no fim), e
produtos da negociação e webhooks, que apaga.`;

/** CRM_CHECK_REDIRECT_PORT: a port number (0 lets the system choose), or a usage error. */
function portOf(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 4599;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value > 65535)
    throw new Error('CRM_CHECK_REDIRECT_PORT deve ser um número de porta (de 0 a 65535).');
  return value;
}

/** The line the person pastes (the callback's address, or its code). */
async function readPastedLine(prompt: string): Promise<string> {
  const terminal = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await terminal.question(prompt);
  } finally {
    terminal.close();
  }
}

function pageSizeOf(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error('CRM_PAGE_SIZE deve ser um número inteiro positivo.');
  return value;
}

export interface CliIo {
  log: (text: string) => void;
  error: (text: string) => void;
  /** The line the person pastes with `--sign-in=colar` (default: a question on the terminal). */
  readLine?: (prompt: string) => Promise<string>;
}

/**
 * The command with its arguments and environment: 0 when everything passed, 1 when the CRM
 * refused something (or a shape was not sent), 2 on a usage error. `fetch`: outbound HTTP (tests).
 */
export async function crmCheckCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  io: CliIo = console,
  fetchImpl?: typeof fetch,
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.log(HELP);
    return 0;
  }
  const baseUrl = env.CRM_BASE_URL?.trim() || 'https://api.rd.services/crm/v2';
  const tokenUrl = env.CRM_TOKEN_URL?.trim() || tokenUrlOf(baseUrl);
  let accessToken = env.CRM_ACCESS_TOKEN?.trim();
  let pageSize: number | undefined;
  let port: number;
  try {
    pageSize = pageSizeOf(env.CRM_PAGE_SIZE);
    port = portOf(env.CRM_CHECK_REDIRECT_PORT);
  } catch (error) {
    io.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const signInArg = args.find((arg) => arg === '--sign-in' || arg.startsWith('--sign-in='));
  let signIn: CheckSignIn | undefined;
  if (signInArg) {
    const mode = signInArg === '--sign-in' ? 'local' : signInArg.slice('--sign-in='.length);
    const clientId = env.CRM_CLIENT_ID?.trim();
    const clientSecret = env.CRM_CLIENT_SECRET?.trim();
    const redirectUri = env.CRM_REDIRECT_URI?.trim();
    const usage =
      mode !== 'local' && mode !== 'colar'
        ? `--sign-in aceita só --sign-in (retorno em 127.0.0.1) ou --sign-in=colar, não '${signInArg}'.`
        : !clientId || !clientSecret
          ? `${signInArg} precisa de CRM_CLIENT_ID e CRM_CLIENT_SECRET.`
          : mode === 'colar' && !redirectUri?.startsWith('https://')
            ? '--sign-in=colar precisa de CRM_REDIRECT_URI: a URL de callback https cadastrada no aplicativo.'
            : null;
    if (usage || !clientId || !clientSecret) {
      io.error(`${usage}\n`);
      io.error(HELP);
      return 2;
    }
    const common = {
      clientId,
      clientSecret,
      authorizeUrl:
        env.CRM_AUTHORIZE_URL?.trim() || 'https://accounts.rdstation.com/oauth/authorize',
      tokenUrl,
    };
    let signedIn: CheckSignInResult;
    try {
      signedIn =
        mode === 'colar' && redirectUri
          ? await signInByPaste({
              ...common,
              redirectUri,
              announce: (url) =>
                io.log(
                  `1. Abra este endereço no navegador, escolha a conta e autorize:\n\n  ${url}\n\n2. O RD leva o navegador a ${redirectUri}?code=… (a página pode dizer que o login não foi iniciado ali: é esperado).\n3. Copie o endereço inteiro da barra de endereços (ou só o valor de code) e cole aqui. O código vale 5 minutos.`,
                ),
              readLine: () =>
                (io.readLine ?? readPastedLine)('Endereço da página de retorno (ou o código): '),
            })
          : await signInForCheck({
              ...common,
              port,
              announce: (url, callback) =>
                io.log(
                  `Abra este endereço no navegador, escolha a conta e autorize:\n\n  ${url}\n\n(O retorno vem para ${callback}; ele precisa estar cadastrado no aplicativo.)\nAguardando…`,
                ),
            });
    } catch (error) {
      if (error instanceof CheckSignInError) {
        io.error(error.message);
        return 1;
      }
      throw error;
    }
    accessToken = signedIn.accessToken;
    signIn = { clientId, clientSecret, ...signedIn };
  }
  if (!accessToken) {
    io.error('CRM_ACCESS_TOKEN é obrigatório (ou use --sign-in).\n');
    io.error(HELP);
    return 2;
  }
  const webhookBaseUrl = env.CRM_CHECK_WEBHOOK_URL?.trim() || env.API_PUBLIC_URL?.trim();
  const report = await runCrmCheck({
    baseUrl,
    tokenUrl,
    accessToken,
    userEmail: env.CRM_CHECK_EMAIL,
    writes: args.includes('--writes'),
    pageSize,
    onWait: (line) => io.log(`${line}…`),
    ...(signIn ? { signIn } : {}),
    ...(webhookBaseUrl ? { webhookBaseUrl } : {}),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  io.log(formatReport(report));
  return report.ok ? 0 : 1;
}
