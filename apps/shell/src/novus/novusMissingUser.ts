import { novusOriginMismatch, novusParentOrigin, novusUserFields } from '@crm-panel/crm-model';
import { isNovusPanelAdapter, type HostAdapter } from '@crm-panel/host-bridge';

/** Where the panel's allowed host origins are set (the shell's runtime manifest). */
const ALLOWED_ORIGINS = 'hostOrigins, no runtime-config.json do painel';

/**
 * Why a Novus frame cannot talk to its host, in pt-BR, known at once from where the page is
 * framed: its origin is not allow-listed, or the origin the panel talks to is not the page that
 * frames it (the browser drops every message to it). Null when neither (or for other hosts).
 */
export function novusOriginProblem(adapter: HostAdapter): string | null {
  if (!isNovusPanelAdapter(adapter)) return null;
  const report = adapter.diagnostics();
  if (!report.hostOrigin) {
    const seen = report.origins.parameter ?? novusParentOrigin(report);
    const where = seen ? `em ${seen}, origem que` : 'numa origem que o painel não conhece e que';
    return `O painel foi aberto pelo Novus ${where} não está entre as origens permitidas do painel. Peça a quem instalou o painel para incluir a origem da página do Novus em ${ALLOWED_ORIGINS}, e confira o parâmetro hostOrigin da URL do plugin no cadastro do Novus.`;
  }
  const mismatch = novusOriginMismatch(report);
  if (mismatch)
    return `A página do Novus que abriu o painel está em ${mismatch.parent}, mas o painel fala com ${mismatch.hostOrigin} (parâmetro hostOrigin da URL do plugin): o navegador descarta as mensagens para outra origem. Corrija o parâmetro hostOrigin no cadastro do plugin no Novus para ${mismatch.parent} (essa origem também precisa estar em ${ALLOWED_ORIGINS}).`;
  return null;
}

/**
 * Why a Novus frame has no user, in pt-BR, with what the host sent: the fields of its
 * getInfoUser reply (never their values), its refusal, or that it has not answered. What to do
 * comes first in what needs no session (the plugin URL's `hostUserIdField`): nobody can enter the
 * panel to reach the diagnostics while the user id cannot be read. Null for other hosts.
 */
export function novusMissingUserMessage(adapter: HostAdapter): string | null {
  if (!isNovusPanelAdapter(adapter)) return null;
  const originProblem = novusOriginProblem(adapter);
  if (originProblem) return originProblem;
  const report = adapter.diagnostics();
  if (!report.userInfo && report.userInfoError)
    return `O Novus recusou o getInfoUser: ${report.userInfoError.error.replace(/[.\s]+$/, '')}. Recarregue o painel; se continuar, fale com o suporte do Novus.`;
  if (!report.userInfo)
    return 'O Novus ainda não respondeu quem é você (getInfoUser). Recarregue o painel.';
  const fields = Object.keys(novusUserFields(report.userInfo.reply) ?? {});
  const received = fields.length ? fields.join(', ') : 'nenhum';
  if (!report.understood.userId)
    return `O Novus respondeu sem o id do usuário que o painel procura (campos recebidos: ${received}). Peça a um administrador para acrescentar à URL do plugin, no cadastro do Novus, o parâmetro hostUserIdField com o nome do campo, entre os recebidos, que identifica o atendente (ex.: &hostUserIdField=nomeDoCampo). Depois que alguém entrar, o campo "Id do usuário" pode ser salvo em Gerenciar Integração → Diagnóstico do Novus.`;
  return 'O Novus não informou a empresa (systemKey): cadastre o plugin com o parâmetro hostTenant na URL.';
}
