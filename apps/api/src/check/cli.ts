import { formatReport, runCrmCheck, tokenUrlOf } from './crmCheck';
import { CheckSignInError, signInForCheck } from './signIn';

// `npm run crm:check [-- --writes]`: the product's reads (and, with --writes, every request shape it
// sends, writes on records made for the check) against a real RD Station CRM account. README 'Connecting
// to the real RD Station CRM' says how to get the token.

const HELP = `Uso: CRM_ACCESS_TOKEN=… npm run crm:check [-- --writes]
     CRM_CLIENT_ID=… CRM_CLIENT_SECRET=… npm run crm:check -- --sign-in [--writes]

Variáveis:
  CRM_ACCESS_TOKEN   token de acesso OAuth de um usuário da conta (sem --sign-in)
  CRM_CLIENT_ID, CRM_CLIENT_SECRET
                     credenciais do aplicativo no App Publisher do RD (com --sign-in)
  CRM_CHECK_REDIRECT_PORT
                     porta do retorno do login (padrão 4599): cadastre
                     http://127.0.0.1:<porta>/callback no aplicativo
  CRM_AUTHORIZE_URL  padrão https://accounts.rdstation.com/oauth/authorize
  CRM_BASE_URL       padrão https://api.rd.services/crm/v2
  CRM_CHECK_EMAIL    e-mail do usuário do CRM em nome de quem escrever (padrão: o primeiro ativo)
  CRM_PAGE_SIZE      maior page[size] pedido ao CRM (padrão 100; recusado, a api desce a 50, 25, 20)
  CRM_CHECK_WEBHOOK_URL
                     endereço https que os webhooks de teste do --writes citam (padrão
                     https://example.com; nada é entregue à verificação, e eles são apagados)

--writes envia cada forma de requisição do produto ao CRM, escritas (src/check/writeShapes.ts)
e leituras (src/check/readShapes.ts), e lista cada uma com o que o CRM respondeu. Cria contatos, negociações, uma nota e tarefas com o nome
'[crm:check] …' (ficam: a API v2 não documenta exclusão deles; a lista sai no fim), e
produtos da negociação e webhooks, que apaga.`;

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
  let accessToken = env.CRM_ACCESS_TOKEN?.trim();
  if (args.includes('--sign-in')) {
    const clientId = env.CRM_CLIENT_ID?.trim();
    const clientSecret = env.CRM_CLIENT_SECRET?.trim();
    if (!clientId || !clientSecret) {
      io.error('--sign-in precisa de CRM_CLIENT_ID e CRM_CLIENT_SECRET.\n');
      io.error(HELP);
      return 2;
    }
    try {
      ({ accessToken } = await signInForCheck({
        clientId,
        clientSecret,
        authorizeUrl:
          env.CRM_AUTHORIZE_URL?.trim() || 'https://accounts.rdstation.com/oauth/authorize',
        tokenUrl: env.CRM_TOKEN_URL?.trim() || tokenUrlOf(baseUrl),
        port: Number(env.CRM_CHECK_REDIRECT_PORT ?? 4599),
        announce: (url, redirectUri) =>
          io.log(
            `Abra este endereço no navegador, escolha a conta e autorize:\n\n  ${url}\n\n(O retorno vem para ${redirectUri}; ele precisa estar cadastrado no aplicativo.)\nAguardando…`,
          ),
      }));
    } catch (error) {
      if (error instanceof CheckSignInError) {
        io.error(error.message);
        return 1;
      }
      throw error;
    }
  }
  if (!accessToken) {
    io.error('CRM_ACCESS_TOKEN é obrigatório (ou use --sign-in).\n');
    io.error(HELP);
    return 2;
  }
  let pageSize: number | undefined;
  try {
    pageSize = pageSizeOf(env.CRM_PAGE_SIZE);
  } catch (error) {
    io.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const report = await runCrmCheck({
    baseUrl,
    accessToken,
    userEmail: env.CRM_CHECK_EMAIL,
    writes: args.includes('--writes'),
    pageSize,
    ...(env.CRM_CHECK_WEBHOOK_URL?.trim()
      ? { webhookBaseUrl: env.CRM_CHECK_WEBHOOK_URL.trim() }
      : {}),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  io.log(formatReport(report));
  return report.ok ? 0 : 1;
}
