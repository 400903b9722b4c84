import { formatReport, runCrmCheck } from './crmCheck';

// `npm run crm:check [-- --writes]`: the product's reads (and, with --writes, its writes on a
// throwaway deal) against a real RD Station CRM account. README 'Connecting to the real RD
// Station CRM' says how to get the token.

const HELP = `Uso: CRM_ACCESS_TOKEN=… npm run crm:check [-- --writes]

Variáveis:
  CRM_ACCESS_TOKEN   token de acesso OAuth de um usuário da conta (obrigatório)
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
  const accessToken = process.env.CRM_ACCESS_TOKEN?.trim();
  if (!accessToken) {
    console.error('CRM_ACCESS_TOKEN é obrigatório.\n');
    console.error(HELP);
    return 2;
  }
  const report = await runCrmCheck({
    baseUrl: process.env.CRM_BASE_URL?.trim() || 'https://api.rd.services/crm/v2',
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
