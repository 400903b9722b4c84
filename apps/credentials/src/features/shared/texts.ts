// Screen texts of this remote that the spec names but crm-model's MESSAGES does not hold (those
// are shared by several projects); spec texts are copied exactly, the rest is our own pt-BR.

/** Where 'termos de uso' on the terms screen leads. */
export const TERMS_OF_USE_URL = 'https://legal.rdstation.com/pt/';
/** The login page's create-account link: RD Station CRM sign-up. */
export const CRM_SIGNUP_URL = 'https://www.rdstation.com/crm/';

export const TEXTS = {
  common: {
    loading: 'Carregando...',
    cancel: 'Cancelar',
    close: 'Fechar',
    hostUserMissing:
      'Não foi possível identificar o usuário do chat. Feche esta janela e abra-a novamente.',
    statusLoadError: 'Erro ao carregar o status da integração',
    popupBlocked:
      'Não foi possível abrir a janela de autenticação. Permita pop-ups para este site e tente novamente.',
    // Where the sign-in in a tab is offered below: a frame that may not open windows looks to the
    // panel like a pop-up blocker, and there no setting of the person's would help.
    popupBlockedOrTab:
      'Não foi possível abrir a janela de autenticação. Permita pop-ups para este site ou entre pelo navegador, abaixo.',
  },
  terms: {
    greeting: 'Olá',
    intro:
      'Antes de começar a usar a integração com o RD Station CRM, leia e aceite os termos de uso.',
    termsBefore: 'Estou de acordo com os ',
    termsLink: 'termos de uso',
    termsAfter: ' do produto',
    consent: 'Os dados salvos no CRM tiveram consentimento do contato',
    submit: 'Começar',
    privacy:
      'Privacidade: tratamos os seus dados e os dos seus contatos apenas para integrar o chat ao RD Station CRM, conforme a Lei Geral de Proteção de Dados (LGPD).',
  },
  setup: {
    title: 'Configuração Necessária',
    description:
      'As credenciais de integração com o RD Station CRM ainda não foram configuradas. Um administrador precisa configurá-las uma única vez para toda a empresa.',
    configure: 'Configurar Agora',
  },
  form: {
    title: 'Credenciais do RD Station CRM',
    intro:
      'Informe os dados do aplicativo criado no RD Station para esta empresa. A senha de segurança será pedida para desativar a integração.',
    setupCode: 'Código de configuração',
    setupCodeHelp:
      'Fornecido pelo responsável pelo painel para configurar esta empresa. Vale uma única vez.',
    setupCodeRequired:
      'Informe o código de configuração que o responsável pelo painel forneceu para esta empresa.',
    clientId: 'Client ID',
    clientSecret: 'Client Secret',
    redirectUri: 'Redirect URI',
    redirectUriHelp: 'Cadastre esta mesma URL como URL de retorno do aplicativo no RD Station.',
    chatDomain: 'Domínio do Chat',
    chatDomainPlaceholder: 'empresa.chat.com.br',
    chatDomainHelp: 'Endereço do chat, usado para importar mensagens nas notas.',
    password: 'Senha de segurança',
    passwordHelp: 'No mínimo 6 caracteres.',
    confirmPassword: 'Confirmar senha',
    submit: 'Salvar Credenciais',
  },
  manager: {
    title: 'Gerenciar Integração',
    statusTitle: 'Status da Integração',
    credentials: 'Credenciais',
    configured: 'Configuradas',
    notConfigured: 'Não configuradas',
    redirectUri: 'Redirect URI',
    notInformed: 'Não informado',
    session: 'Sua sessão no RD Station CRM',
    connected: 'Conectado',
    disconnected: 'Desconectado',
    liveUpdates: 'Atualizações ao vivo do CRM',
    liveOn: 'Ligadas',
    liveOff: 'Desligadas',
    liveUnconfirmed: 'Sem confirmação',
    dangerTitle: 'Zona de perigo',
    logoutTitle: 'Sair da sua conta',
    logoutDescription:
      'Encerra apenas a sua sessão no RD Station CRM. Os demais usuários continuam conectados.',
    logout: 'Fazer logout',
    deactivateTitle: 'Desativar integração',
    deactivateDescription:
      'Remove as credenciais do RD Station CRM e encerra a sessão de todos os usuários desta empresa.',
    deactivate: 'Desativar Integração',
  },
  audit: {
    tabsLabel: 'Seções do gerenciador',
    integrationTab: 'Integração',
    title: 'Histórico de alterações',
    intro:
      'Alterações feitas pelo painel: quem fez, quando, em qual atendimento e o que mudou. Visível apenas para administradores.',
    filtersTitle: 'Filtros',
    person: 'Pessoa',
    anyPerson: 'Todas as pessoas',
    /** Hover text of a name in the history: the id it was recorded with. */
    recordedId: 'ID:',
    recordType: 'Tipo de registro',
    anyRecordType: 'Todos',
    recordId: 'ID do registro',
    from: 'De',
    to: 'Até',
    invalidDate: 'Data inválida. Use o formato dd/mm/aaaa.',
    /** The api's own words for the same refusal (API_MESSAGES.auditPeriodInvalid). */
    invalidPeriod: 'Período inválido: a data inicial deve ser anterior ou igual à final.',
    apply: 'Filtrar',
    clear: 'Limpar filtros',
    export: 'Exportar CSV',
    exportError: 'Não foi possível exportar o histórico. Tente novamente.',
    loadError: 'Erro ao carregar o histórico de alterações',
    loadMore: 'Carregar mais',
    emptyTitle: 'Nenhuma alteração encontrada',
    emptyDescription: 'Ajuste os filtros ou escolha outro período.',
    verified: 'Identidade verificada',
    unverified: 'Identidade não verificada',
    attendance: 'Atendimento',
    /** An attendance by its contact's name: 'Atendimento com Mariana Costa'. */
    attendanceWith: 'Atendimento com',
    chat: 'Chat',
    /** The chat channel by its name: 'Canal WhatsApp Comercial'. */
    channel: 'Canal',
    outsideAttendance: 'Fora de um atendimento',
    passwordIntro:
      'Confirme com a senha de segurança definida na configuração para ver o histórico.',
    password: 'Senha de segurança',
    unlock: 'Ver histórico',
    fileName: 'historico-de-alteracoes.csv',
  },
  novus: {
    tab: 'Diagnóstico do Novus',
    intro:
      'O que o Novus enviou ao painel, o que o painel entendeu e o que falta. Visível apenas para administradores.',
    passwordIntro:
      'Confirme com a senha de segurança definida na configuração para ver o diagnóstico do Novus.',
    unlock: 'Ver diagnóstico',
    loadError: 'Erro ao carregar o diagnóstico do Novus',
    noReport:
      'Nenhum relato ainda: abra o painel dentro do Novus (um atendimento aberto) e volte aqui.',
    reportedAt: 'Último relato do painel:',
    reportedBy: (userId: string) => `enviado pela sessão do usuário ${userId}`,
    olderVerified: (date: string) =>
      `Há também um relato verificado (com sessão), mais antigo, de ${date}.`,
    olderPreSession: (date: string) =>
      `Há também um relato sem sessão (não verificado), mais antigo, de ${date}.`,
    beforeMapping: (date: string) =>
      `Este relato é anterior ao mapeamento salvo em ${date}: a coluna “Com o mapeamento atual” mostra o que o painel entende agora do que o Novus enviou.`,
    preSessionTitle: 'Relato sem sessão (não verificado)',
    preSession:
      'Este relato veio de um painel que ainda não tinha sessão (o Novus não informou o usuário). Qualquer um com a chave do sistema pode enviar um relato assim: use-o como pista, não como prova.',
    sentTitle: 'O que o Novus enviou',
    userInfo: 'Resposta do getInfoUser',
    noUserInfo: 'O getInfoUser ainda não respondeu.',
    userInfoRefused: (error: string) => `O Novus recusou o getInfoUser: ${error}`,
    lastEvent: 'Último evento de atendimento',
    noEvent: 'Nenhum evento de atendimento recebido.',
    origins: 'Origens',
    /** Each row of 'Origens' with its own word for "none" (origem: nenhuma; parâmetro: nenhum). */
    originRows: {
      hostOrigin: {
        label: 'Origem com a qual o painel se comunica (hostOrigin permitido)',
        none: '(nenhuma)',
      },
      parameter: { label: 'Parâmetro hostOrigin da URL do plugin', none: '(nenhum)' },
      referrer: { label: 'Origem de quem abriu o painel (referrer)', none: '(nenhuma)' },
      ancestor: { label: 'Origem da página que contém o painel', none: '(nenhuma)' },
      urlTenant: { label: 'Parâmetro hostTenant da URL do plugin', none: '(nenhum)' },
      userIdFields: { label: 'Parâmetro hostUserIdField da URL do plugin', none: '(nenhum)' },
    },
    understoodTitle: 'O que o painel entendeu',
    understoodField: 'Campo',
    understoodByPanel: (date: string) => `Entendido pelo painel em ${date}`,
    understoodNow: 'Com o mapeamento atual',
    /** Each field of the mapping's "not found", agreeing with its noun (a Empresa, a Descrição). */
    notFound: {
      userId: 'não encontrado',
      systemKey: 'não encontrada',
      attendanceId: 'não encontrado',
      channelId: 'não encontrado',
      description: 'não encontrada',
      contactId: 'não encontrado',
      contactName: 'não encontrado',
      secondaryName: 'não encontrado',
      phone: 'não encontrado',
    },
    tried: (names: string) => `campos tentados: ${names}`,
    triedNone: 'nenhum campo informado',
    /** A report of an older panel, which did not read this field. */
    notReported: '—',
    missingTitle: 'O que falta',
    nothingMissing: 'Nada falta: o painel entendeu tudo o que precisa.',
    unexpectedTitle: 'Mensagens de origem inesperada',
    unexpectedIntro:
      'Mensagens que chegaram ao painel de outra origem que não a do Novus; o painel não as usou.',
    noUnexpected: 'Nenhuma.',
    unrecognizedTitle: 'Mensagens não reconhecidas do Novus',
    noCommand: '(sem comando)',
    unrecognizedIntro:
      'Mensagens que o Novus enviou pelo canal do plugin e que o painel não conhece (um callbackId que ele não registrou, um comando que ele não trata); o painel não as usou.',
    apiRequestFailure: 'Última falha do apiRequest (mensagens do chat)',
    noApiRequestFailure: 'Nenhuma.',
    mappingTitle: 'Mapeamento de campos',
    mappingIntro:
      'Nomes de campos que o painel procura, em ordem, separados por vírgula; use pontos para campos aninhados (ex.: canal.id).',
    mappingDefault: 'Padrão:',
    mappingCustom: 'Mapeamento próprio desta empresa, salvo em',
    mappingDefaults: 'Esta empresa usa o mapeamento padrão.',
    chatEndpoint: 'Endpoint das mensagens do chat pelo apiRequest (opcional)',
    chatEndpointHelp:
      'Vazio: o painel lê as mensagens pelo próprio servidor. Marcadores: {chatId}, {attendanceId}, {channelId}.',
    chatHost: 'Host do proxy do apiRequest (opcional)',
    chatHostHelp: 'Vazio: “publica”, o nome que o Novus dá à sua própria API pública.',
    save: 'Salvar mapeamento',
    restore: 'Restaurar padrões',
    saved: 'Mapeamento salvo. Recarregue o painel no Novus para aplicá-lo.',
    saveError: 'Não foi possível salvar o mapeamento. Tente novamente.',
  },
  removal: {
    title: 'Desativar Integração',
    intro:
      'Confirme com a senha de segurança definida na configuração. Todos os usuários serão desconectados do RD Station CRM.',
    password: 'Senha de segurança',
    confirm: 'Confirmar desativação',
  },
  prompt: {
    title: 'Bem-vindo!',
    intro:
      'Conecte-se ao RD Station CRM para ver e atualizar contatos e negociações ao lado de cada atendimento.',
    login: 'Entrar com RD Station CRM',
    manage: 'Gerenciar Integração',
    waiting: 'Conclua a autenticação na janela que foi aberta.',
  },
  /**
   * The sign-in in a tab of its own, when the panel's frame may not open windows (a sandbox
   * without allow-popups, a blocker): what to do, waiting, done, failed with a retry.
   */
  tab: {
    title: 'Entre pelo navegador',
    intro:
      'O sistema de atendimento não deixa o painel abrir janelas. Faça o login do RD Station CRM numa aba deste navegador: o painel continua sozinho quando você terminar.',
    goTop: 'Abrir o login nesta aba',
    goTopHint: 'O sistema de atendimento sai da tela durante o login e volta no final.',
    topBlocked:
      'O sistema de atendimento também não deixa o painel sair desta tela. Copie o link e abra-o numa nova aba deste mesmo navegador.',
    linkLabel: 'Link de login (abra numa nova aba deste mesmo navegador)',
    copy: 'Copiar link',
    copied: 'Link copiado. Cole-o numa nova aba deste mesmo navegador.',
    copyFailed: 'Não foi possível copiar. Selecione o link e copie-o com Ctrl+C.',
    waiting: 'Aguardando o login no RD Station CRM…',
    done: 'Login concluído! Abrindo o painel…',
    startError: 'Não foi possível preparar o login. Tente novamente.',
    retry: 'Gerar novo link',
  },
  popup: {
    title: 'Autenticação RD Station CRM',
    loading: 'Preparando a autenticação...',
    opening: 'Abrindo a janela do RD Station CRM...',
    waiting: 'Conclua o login na janela do RD Station CRM. Esta janela continua quando ela fechar.',
    showWindow: 'Mostrar janela de login',
    checking: 'Verificando autenticação...',
    tokenIntro:
      'Não foi possível confirmar o login pelo RD Station CRM. Informe o token da API v1 para concluir a autenticação.',
    tokenLabel: 'Token da API v1',
    tokenHelp: 'No RD Station CRM: Perfil › Token da API.',
    tokenSubmit: 'Validar token',
    closingSoon: 'Esta janela será fechada em instantes.',
  },
  login: {
    title: 'Integração OAuth2',
    intro: 'Conecte sua conta do RD Station CRM para usar o painel.',
    connect: 'Conectar com RD Station CRM',
    createAccount: 'Criar conta no RD Station CRM',
    noAccount: 'Ainda não tem conta?',
    devTitle: 'Modo de desenvolvimento',
    devWarning: (userId: string) => `Sem plataforma de chat: usando o usuário simulado ${userId}.`,
    authenticatedAs: 'Conectado. ID do usuário:',
    fetchContacts: 'Buscar Contatos',
    logout: 'Sair',
    contactsTitle: 'Contatos',
    noContacts: 'Nenhum contato encontrado',
    email: 'E-mail',
    jobTitle: 'Cargo',
    phone: 'Telefone',
    none: '—',
  },
} as const;
