import { CRM_USER_TEXTS, MESSAGES } from '@crm-panel/crm-model';

/** Every pt-BR text the api answers. Spec texts come from @crm-panel/crm-model. */
export const API_MESSAGES = {
  identityMissing:
    'Cabeçalhos de identificação ausentes: envie x-user-id e x-system-key para identificar o usuário e o sistema.',
  tenantUnknown:
    'Este sistema não está autorizado a usar o painel do RD Station CRM. Peça ao administrador para cadastrá-lo.',
  sessionRequired: 'Sessão do painel ausente. Recarregue o painel para entrar novamente.',
  sessionExpired:
    'Sua sessão no painel expirou ou não é válida. Recarregue o painel para continuar.',
  sessionMismatch: 'A identificação enviada não corresponde à sua sessão no painel.',
  sessionPending: 'Entre com sua conta do RD Station CRM para usar esta função.',
  assertionRequired:
    'Este sistema exige a identidade assinada pela plataforma de atendimento. Recarregue o painel.',
  assertionInvalid:
    'A identidade enviada pela plataforma de atendimento é inválida ou expirou. Recarregue o painel.',
  termsRequired: 'Aceite os termos de uso para continuar.',
  adminRequired: 'Apenas administradores podem configurar ou remover a integração.',
  auditAdminRequired: 'Apenas administradores podem ver o histórico de alterações.',
  auditPasswordRequired: 'Informe a senha de segurança para ver o histórico de alterações.',
  novusAdminRequired: 'Apenas administradores podem ver o diagnóstico do Novus.',
  novusPasswordRequired: 'Informe a senha de segurança para ver o diagnóstico do Novus.',
  novusMappingAdminRequired:
    'Apenas administradores podem alterar o mapeamento de campos do Novus.',
  novusMappingPasswordRequired:
    'Informe a senha de segurança para alterar o mapeamento de campos do Novus.',
  novusMappingLosesUser: (fields: string[]) =>
    `Com este mapeamento o id do usuário não aparece na última resposta do getInfoUser (campos recebidos: ${fields.length ? fields.join(', ') : 'nenhum'}). Ninguém conseguiria entrar no painel; corrija o campo "Id do usuário".`,
  auditCursorInvalid: 'Página do histórico inválida. Recarregue o histórico.',
  auditPeriodInvalid: 'Período inválido: a data inicial deve ser anterior ou igual à final.',
  apiContractInvalid:
    'O painel enviou uma versão de contrato inválida. Recarregue a página; se continuar, avise o administrador.',
  tooManyRequests: 'Muitas requisições em pouco tempo. Aguarde um instante e tente novamente.',
  stageRequired:
    "O campo 'stage_id' só pode ser nulo junto com 'pipeline_id' (a mudança de funil).",
  pipelineWithoutStages: 'Este funil não tem etapas; escolha outro.',
  sourceNotRemovable: 'A API do RD Station CRM não prevê remover a fonte; escolha outra.',
  organizationNotRemovable:
    'A API do RD Station CRM não prevê remover a organização do contato; escolha outra.',
  signInElsewhere:
    'Este login foi iniciado em outra janela ou navegador. Feche esta janela e inicie o login novamente pelo painel.',
  controlCharacters: 'contém caracteres de controle, que não são permitidos',
  headersTooLarge: 'Os cabeçalhos da requisição são grandes demais.',
  badRequest: 'Requisição inválida.',
  chatDomainScheme:
    'O domínio do chat deve usar https (http só é aceito para endereços locais em desenvolvimento).',
  chatDomainInternal: 'O domínio do chat aponta para um endereço interno, que não é permitido.',
  credentialsNotConfigured:
    'Credenciais não configuradas. Configure a integração com o RD Station CRM para continuar.',
  credentialsAlreadyConfigured:
    'A integração já está configurada. Remova a integração antes de configurá-la novamente.',
  wrongSecurityPassword: MESSAGES.credentials.wrongSecurityPassword,
  tooManyPasswordAttempts:
    'Muitas tentativas com senha incorreta. Aguarde 15 minutos e tente novamente.',
  sessionMissing: 'Você não está conectado ao RD Station CRM. Faça login para continuar.',
  sessionEnded: 'Sua sessão no RD Station CRM terminou. Faça login novamente.',
  v1SessionOnly:
    'Sua sessão usa um token da API v1, que não dá acesso a esta função do RD Station CRM (API v2). Conecte-se pelo login do RD Station CRM (OAuth) para continuar.',
  invalidToken: MESSAGES.auth.invalidToken,
  apiV1TokenRequired: MESSAGES.auth.apiV1TokenRequired,
  stateInvalid:
    'Link de autenticação inválido, expirado ou já utilizado. Feche esta janela e inicie o login novamente.',
  authorizationDenied:
    'A autorização foi negada no RD Station CRM. Feche esta janela e tente novamente.',
  codeExchangeFailed:
    'Não foi possível concluir a autenticação com o RD Station CRM. Feche esta janela e tente novamente.',
  tooManyPendingSessions:
    'Muitas sessões aguardando o login a partir deste endereço. Conclua o login em uma janela já aberta ou aguarde 30 minutos.',
  auditNotRecorded:
    'A alteração foi enviada, mas não pôde ser registrada no histórico de alterações. Recarregue o painel e confira antes de tentar novamente.',
  setupCodeRequired:
    'Informe o código de configuração que o responsável pelo painel forneceu para esta empresa.',
  setupCodeInvalid: 'Código de configuração inválido ou já utilizado.',
  setupCodeLocked:
    'Muitas tentativas com código de configuração incorreto. Aguarde 15 minutos e tente novamente.',
  setupCodeMissing:
    'Esta empresa não tem código de configuração. Peça ao responsável pelo painel um código para configurar a integração.',
  crmAccountMismatch:
    'Este login é de outra conta do RD Station CRM, não da conta configurada para esta empresa. Feche esta janela e entre com um usuário da conta configurada.',
  v1AccountMismatch:
    'Este token é de outra conta do RD Station CRM, não da conta configurada para esta empresa.',
  crmAccountUnbound:
    'A conta do RD Station CRM desta empresa ainda não foi confirmada. Entre primeiro pelo login do RD Station CRM.',
  signInOtherBrowser:
    'Este link de login só abre no navegador em que o painel está aberto. Abra-o nesse mesmo navegador, ou inicie o login novamente pelo painel.',
  tabSignInDoneTitle: 'Login concluído!',
  tabSignInDoneBody:
    'Volte ao painel no sistema de atendimento: ele entra sozinho em alguns segundos. Você já pode fechar esta aba.',
  tabSignInReturn: 'Voltar ao sistema de atendimento',
  tabSignInGone: 'Este login não foi encontrado ou expirou. Inicie o login novamente pelo painel.',
  /**
   * A sign-in in a tab refused there, as its framed panel says it (the tab's page says it with
   * 'Feche esta janela'; the panel offers 'Tentar novamente', which makes a new link).
   */
  tabSignInRefused: {
    denied: 'A autorização foi negada no RD Station CRM. Tente novamente.',
    unfinished: 'Não foi possível concluir a autenticação com o RD Station CRM. Tente novamente.',
    otherAccount:
      'O login na aba foi feito com outra conta do RD Station CRM, não com a conta configurada para esta empresa. Tente novamente com um usuário da conta configurada.',
    emailUnmatched: (email: string) =>
      `O seu e-mail no sistema de atendimento (${email}) não é o de nenhum usuário ativo desta conta do RD Station CRM. Tente novamente com o seu próprio usuário do RD Station CRM.`,
  },
  returnToInvalid: 'O endereço de retorno deve ser uma página http ou https.',
  authSuccessTitle: 'Autenticação realizada com sucesso!',
  authSuccessBody: 'Você já pode fechar esta janela e voltar ao painel.',
  authErrorTitle: 'Não foi possível autenticar',
  crmNotFound: 'Registro não encontrado no RD Station CRM.',
  crmRejected: 'O RD Station CRM recusou os dados enviados',
  crmForbidden: 'O RD Station CRM negou acesso a este recurso.',
  crmRateLimited: 'Limite de requisições ao RD Station CRM atingido. Tente novamente em instantes.',
  metricsUnauthorized: 'Token de métricas ausente ou inválido.',
  crmTimeout: 'O CRM não respondeu a tempo. Tente novamente.',
  crmUnavailable: 'O RD Station CRM está indisponível no momento. Tente novamente em instantes.',
  crmUnexpected: 'Resposta inesperada do RD Station CRM. Tente novamente.',
  contactWithoutId: MESSAGES.contacts.createdWithoutId,
  chatFailed:
    'Não foi possível carregar as mensagens do chat. Verifique se o domínio do chat está configurado corretamente.',
  chatDomainInvalid: 'O domínio do chat configurado é inválido.',
  invalidJson: 'O corpo da requisição não é um JSON válido.',
  unsupportedMediaType: 'Tipo de conteúdo não suportado. Envie os dados em JSON.',
  payloadTooLarge: 'O corpo da requisição é grande demais.',
  routeNotFound: 'Rota não encontrada.',
  /** A webhook delivery to a receiver URL no tenant has (a guess, or a removed integration). */
  webhookReceiverUnknown: 'Receptor de webhooks desconhecido.',
  badUrl: 'Endereço inválido: verifique os identificadores enviados.',
  crmTooLarge: 'Os dados enviados excedem o tamanho aceito pelo RD Station CRM.',
  internal: 'Erro interno no servidor. Tente novamente.',
  // Who the CRM user is (README, 'Who the CRM user is').
  crmUserRequired: CRM_USER_TEXTS.required,
  crmUserUnknown: 'Este usuário não existe no RD Station CRM. Escolha um usuário da lista.',
  signInOpening: 'Abrindo o login do RD Station CRM...',
  signInFinishing: 'Concluindo o login no RD Station CRM...',
  signInNeedsScript:
    'Esta janela precisa de JavaScript para concluir o login com segurança. Ative-o e inicie o login novamente pelo painel.',
  crmUserConfirmTitle: CRM_USER_TEXTS.heading,
  crmUserConfirmIntro: CRM_USER_TEXTS.intro,
  crmUserConfirmLabel: CRM_USER_TEXTS.listLabel,
  crmUserConfirm: CRM_USER_TEXTS.confirm,
  crmUserConfirmNone: CRM_USER_TEXTS.empty,
  crmUserConfirmRequired: CRM_USER_TEXTS.required,
  crmUserEmailUnmatched: (email: string) =>
    `O seu e-mail no sistema de atendimento (${email}) não é o de nenhum usuário ativo desta conta do RD Station CRM. Feche esta janela e entre com o seu próprio usuário do RD Station CRM.`,
  crmUserEmailMismatch: (email: string) =>
    `Este usuário do RD Station CRM não tem o seu e-mail do sistema de atendimento (${email}). Escolha o seu próprio usuário.`,
  crmUserAlreadyChosen:
    'Você já foi identificado no RD Station CRM nesta conexão. Para trocar de usuário, saia e entre novamente.',
  authorMismatch:
    'O painel só registra notas e tarefas em nome do seu próprio usuário do RD Station CRM.',
  redirectUriInvalid: 'A Redirect URI deve ser um endereço completo, como https://…/callback.',
  redirectUriScheme:
    'A Redirect URI deve usar https (http só é aceito com o api em desenvolvimento ou para endereços locais).',
} as const;
