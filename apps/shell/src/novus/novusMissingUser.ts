import { novusUserFields } from '@crm-panel/crm-model';
import { isNovusPanelAdapter, type HostAdapter } from '@crm-panel/host-bridge';

/**
 * Why a Novus frame has no user, in pt-BR, with what the host sent: the fields of its
 * getInfoUser reply (never their values), or that it has not answered. Null for other hosts.
 */
export function novusMissingUserMessage(adapter: HostAdapter): string | null {
  if (!isNovusPanelAdapter(adapter)) return null;
  const report = adapter.diagnostics();
  if (!report.userInfo)
    return 'O Novus ainda não respondeu quem é você (getInfoUser). Recarregue o painel.';
  const fields = Object.keys(novusUserFields(report.userInfo.reply) ?? {});
  const received = fields.length ? fields.join(', ') : 'nenhum';
  if (!report.understood.userId)
    return `O Novus respondeu sem o id do usuário que o painel procura (campos recebidos: ${received}). Peça a um administrador para ajustar o campo "Id do usuário" em Gerenciar Integração → Diagnóstico do Novus, ou o parâmetro hostUserIdField da URL do plugin.`;
  return 'O Novus não informou a empresa (systemKey): cadastre o plugin com o parâmetro hostTenant na URL.';
}
