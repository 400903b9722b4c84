import { formatReport, runCrmCheck, tokenUrlOf } from './crmCheck';
import { CheckSignInError, signInForCheck } from './signIn';

// `npm run crm:check [-- --writes]`: the product's reads (and, with --writes, its writes on a
// throwaway deal) against a real RD Station CRM account. README 'Connecting to the real RD
// Station CRM' says how to get the token.

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

--writes cria uma negociação de teste com nota, tarefa e produto (o produto é removido; a
negociação, a nota e a tarefa ficam: a API v2 não documenta exclusão delas).`;

function pageSizeOf(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error('CRM_PAGE_SIZE deve ser um número inteiro positivo.');
  return value;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const baseUrl = process.env.CRM_BASE_URL?.trim() || 'https://api.rd.services/crm/v2';
  let accessToken = process.env.CRM_ACCESS_TOKEN?.trim();
  if (args.includes('--sign-in')) {
    const clientId = process.env.CRM_CLIENT_ID?.trim();
    const clientSecret = process.env.CRM_CLIENT_SECRET?.trim();
    if (!clientId || !clientSecret) {
      console.error('--sign-in precisa de CRM_CLIENT_ID e CRM_CLIENT_SECRET.\n');
      console.error(HELP);
      return 2;
    }
    try {
      ({ accessToken } = await signInForCheck({
        clientId,
        clientSecret,
        authorizeUrl:
          process.env.CRM_AUTHORIZE_URL?.trim() || 'https://accounts.rdstation.com/oauth/authorize',
        tokenUrl: process.env.CRM_TOKEN_URL?.trim() || tokenUrlOf(baseUrl),
        port: Number(process.env.CRM_CHECK_REDIRECT_PORT ?? 4599),
        announce: (url, redirectUri) =>
          console.log(
            `Abra este endereço no navegador, escolha a conta e autorize:\n\n  ${url}\n\n(O retorno vem para ${redirectUri}; ele precisa estar cadastrado no aplicativo.)\nAguardando…`,
          ),
      }));
    } catch (error) {
      if (error instanceof CheckSignInError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
  }
  if (!accessToken) {
    console.error('CRM_ACCESS_TOKEN é obrigatório (ou use --sign-in).\n');
    console.error(HELP);
    return 2;
  }
  const report = await runCrmCheck({
    baseUrl,
    accessToken,
    userEmail: process.env.CRM_CHECK_EMAIL,
    writes: args.includes('--writes'),
    pageSize: pageSizeOf(process.env.CRM_PAGE_SIZE),
  });
  console.log(formatReport(report));
  return report.ok ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  },
);
