import { MESSAGES, novusProxyErrorKind, type NovusProxyErrorKind } from '@crm-panel/crm-model';
import { HostRequestError } from '@crm-panel/host-bridge';

/** What the import says when its read failed, and whether 'Tentar novamente' can help. */
export interface ChatImportProblem {
  message: string;
  retry: boolean;
}

const WHERE_TO_FIX = 'em Gerenciar Integração → Diagnóstico do Novus';

/** Texts of a read through Novus's `apiRequest` proxy, by who can solve it (no retry but the last). */
export const NOVUS_CHAT_IMPORT_TEXTS = {
  host: 'A leitura das mensagens pelo Novus não está liberada nesta conta (host não permitido). Peça ao suporte do Novus CRM para liberar o host das mensagens para plugins.',
  endpoint:
    'O Novus não liberou a consulta das mensagens do chat para plugins nesta conta. Peça ao suporte do Novus CRM para liberar o endpoint das mensagens.',
  secret: (name: string) =>
    `Falta cadastrar a variável "${name}" nas configurações da conta do Novus. Peça a um administrador da conta para cadastrá-la.`,
  session: 'A sessão do Novus CRM expirou. Atualize a página do Novus CRM para entrar novamente.',
  refused: `A API consultada pelo Novus recusou a leitura das mensagens deste atendimento. Peça a um administrador para conferir o endpoint das mensagens ${WHERE_TO_FIX}.`,
  transient:
    'O Novus não conseguiu buscar as mensagens agora. Tente novamente em alguns instantes.',
  invalidReply: `O Novus respondeu sem uma lista de mensagens. Peça a um administrador para conferir o endpoint das mensagens ${WHERE_TO_FIX}.`,
  config: (problem: string) =>
    `${problem} Peça a um administrador para corrigir o endpoint das mensagens ${WHERE_TO_FIX}.`,
  mappingPending: 'Lendo a configuração do Novus desta empresa antes de buscar as mensagens…',
  mappingFailed:
    'Não foi possível ler a configuração do Novus desta empresa, então as mensagens ainda não foram buscadas.',
} as const;

function proxyProblem(kind: NovusProxyErrorKind, error: string): ChatImportProblem {
  const T = NOVUS_CHAT_IMPORT_TEXTS;
  if (kind === 'secret') {
    return { message: T.secret(error.replace(/^Secret not found: /, '')), retry: false };
  }
  return { message: T[kind], retry: kind === 'transient' };
}

/**
 * A failed read of the chat's messages → what the import says. Through the api route (spec §7)
 * the spec's text with a retry; through the host (a `HostRequestError`) what to do, with a retry
 * only where asking again can help (the example's `explicarErro`: "Erro de configuração não
 * melhora repetindo").
 */
export function chatImportProblem(error: unknown): ChatImportProblem {
  if (!(error instanceof HostRequestError)) {
    return { message: MESSAGES.chatImport.loadError, retry: true };
  }
  const T = NOVUS_CHAT_IMPORT_TEXTS;
  switch (error.code) {
    case 'config':
      return { message: T.config(error.message), retry: false };
    case 'invalid-reply':
      return { message: T.invalidReply, retry: false };
    case 'host':
      return proxyProblem(novusProxyErrorKind(error.message), error.message);
    default:
      return { message: T.transient, retry: true };
  }
}
