import {
  type Campaign,
  type ChatMessage,
  type Contact,
  type CustomFieldDefinition,
  type Deal,
  type DealProduct,
  type HostUserInfo,
  type LostReason,
  type Note,
  type Organization,
  type Pipeline,
  type Product,
  type Source,
  type Stage,
  type Task,
  type User,
  type UserProfile,
} from '@crm-panel/crm-model';

// One small pt-BR CRM account, typed with the shared model. Dates are fixed ISO strings so
// tests can pin the clock; every id is unique across kinds.

/** Base URL of the mock world in tests (loopback; nothing listens there, MSW answers). */
export const MOCK_BASE_URL = 'http://127.0.0.1:3999';

export const identityFixture: HostUserInfo = {
  userId: 'host-user-1',
  systemKey: 'system-key-demo',
};

const account = { id: 'account-1', name: 'Empresa Demonstração Ltda' };

export const usersFixture: User[] = [
  { id: 'user-1', name: 'Ana Souza', email: 'ana.souza@empresa.com.br', organization: account },
  { id: 'user-2', name: 'Bruno Lima', email: 'bruno.lima@empresa.com.br', organization: account },
  {
    id: 'user-3',
    name: 'Carla Mendes',
    email: 'carla.mendes@empresa.com.br',
    organization: account,
  },
];

/** The signed-in user (author of new notes, completer of tasks). */
export const profileFixture: UserProfile = {
  id: 'user-1',
  name: 'Ana Souza',
  email: 'ana.souza@empresa.com.br',
  organization: account,
};

export const pipelinesFixture: Pipeline[] = [
  {
    id: 'pipeline-1',
    name: 'Funil de Vendas',
    order: 1,
    stage_ids: ['stage-1', 'stage-2', 'stage-3'],
  },
  { id: 'pipeline-2', name: 'Funil de Parcerias', order: 2, stage_ids: ['stage-4', 'stage-5'] },
];

/** Stages by pipeline id. */
export const stagesFixture: Record<string, Stage[]> = {
  'pipeline-1': [
    { id: 'stage-1', name: 'Prospecção', order: 1 },
    { id: 'stage-2', name: 'Qualificação', order: 2 },
    { id: 'stage-3', name: 'Proposta', order: 3 },
  ],
  'pipeline-2': [
    { id: 'stage-4', name: 'Contato inicial', order: 1 },
    { id: 'stage-5', name: 'Negociação', order: 2 },
  ],
};

export const sourcesFixture: Source[] = [
  { id: 'source-1', name: 'Indicação' },
  { id: 'source-2', name: 'Site' },
  { id: 'source-3', name: 'WhatsApp' },
];

export const campaignsFixture: Campaign[] = [
  { id: 'campaign-1', name: 'Black Friday' },
  { id: 'campaign-2', name: 'Feira do Varejo' },
];

export const lostReasonsFixture: LostReason[] = [
  { id: 'lost-reason-1', name: 'Preço alto' },
  { id: 'lost-reason-2', name: 'Escolheu a concorrência' },
  { id: 'lost-reason-3', name: 'Sem orçamento' },
];

/** Deal fields plus one contact field (the panel's `entity:"deal"` filter leaves it out). */
export const customFieldsFixture: CustomFieldDefinition[] = [
  {
    id: 'custom-field-1',
    name: 'Segmento',
    slug: 'segmento',
    entity: 'deal',
    type: 'text',
    order: 1,
  },
  {
    id: 'custom-field-2',
    name: 'Data da visita',
    slug: 'data_visita',
    entity: 'deal',
    type: 'date',
    order: 2,
  },
  {
    id: 'custom-field-3',
    name: 'Canais',
    slug: 'canais',
    entity: 'deal',
    type: 'multiple_choice',
    options: ['Loja', 'Online'],
    order: 3,
  },
  {
    id: 'custom-field-4',
    name: 'Aniversário',
    slug: 'aniversario',
    entity: 'contact',
    type: 'date',
    order: 1,
  },
];

export const organizationsFixture: Organization[] = [
  { id: 'organization-1', name: 'Acme Comércio Ltda' },
  { id: 'organization-2', name: 'Padaria Pão Quente' },
  { id: 'organization-3', name: 'Tech Soluções S.A.' },
];

export const contactsFixture: Contact[] = [
  {
    id: 'contact-1',
    name: 'Maria Oliveira',
    organization_id: 'organization-1',
    emails: [{ email: 'maria.oliveira@acme.com.br', type: 'work' }],
    phones: [{ phone: '+55 11 98765-4321', type: 'cellphone' }],
    job_title: 'Compradora',
  },
  {
    id: 'contact-2',
    name: 'João Pereira',
    organization_id: 'organization-2',
    emails: [{ email: 'joao@paoquente.com.br', type: 'work' }],
    phones: [{ phone: '+55 21 3456-7890', type: 'work' }],
    job_title: 'Sócio',
  },
  {
    id: 'contact-3',
    name: 'Fernanda Costa',
    organization_id: null,
    emails: [],
    phones: [],
    job_title: null,
  },
];

export const dealsFixture: Deal[] = [
  {
    id: 'deal-1',
    name: 'Contrato anual Acme',
    owner_id: 'user-1',
    source_id: 'source-1',
    pipeline_id: 'pipeline-1',
    stage_id: 'stage-2',
    rating: 4,
    status: 'ongoing',
    lost_reason_id: null,
    total_price: 2301.7,
    contact_ids: ['contact-1'],
    custom_fields: { segmento: 'Varejo', data_visita: '2025-03-10', canais: ['Loja', 'Online'] },
    organization_id: 'organization-1',
    campaign_id: 'campaign-1',
  },
  {
    id: 'deal-2',
    name: 'Expansão Padaria',
    owner_id: 'user-2',
    source_id: null,
    pipeline_id: 'pipeline-1',
    stage_id: 'stage-1',
    rating: 0,
    status: 'paused',
    lost_reason_id: null,
    total_price: 0,
    contact_ids: ['contact-2'],
    custom_fields: {},
    organization_id: 'organization-2',
    campaign_id: null,
  },
  {
    id: 'deal-3',
    name: 'Licenças Tech Soluções',
    owner_id: 'user-3',
    source_id: 'source-2',
    pipeline_id: 'pipeline-2',
    stage_id: 'stage-5',
    rating: 5,
    status: 'won',
    lost_reason_id: null,
    total_price: 0,
    contact_ids: ['contact-1', 'contact-3'],
    custom_fields: { segmento: 'Tecnologia' },
    organization_id: 'organization-3',
    campaign_id: null,
  },
  {
    id: 'deal-4',
    name: 'Renovação Acme',
    owner_id: 'user-1',
    source_id: null,
    pipeline_id: null,
    stage_id: null,
    rating: 2,
    status: 'lost',
    lost_reason_id: 'lost-reason-1',
    total_price: 0,
    contact_ids: ['contact-1'],
    custom_fields: {},
    organization_id: 'organization-1',
    campaign_id: null,
  },
];

/** Notes by deal id; the second one is HTML (to be sanitised before display). */
export const notesFixture: Record<string, Note[]> = {
  'deal-1': [
    {
      id: 'note-1',
      description: 'Cliente pediu uma proposta com pagamento mensal.',
      registered_at: '2025-03-12T14:30:00.000Z',
      user_id: 'user-1',
    },
    {
      id: 'note-2',
      description:
        '<p>Reunião com a <strong>diretoria</strong> confirmada.</p><img src="x" onerror="alert(1)"><script>alert(1)</script>',
      registered_at: '2025-03-11T09:15:00.000Z',
      user_id: 'user-2',
    },
    {
      id: 'note-3',
      description: 'Primeiro contato feito por WhatsApp.',
      registered_at: '2025-03-01T18:00:00.000Z',
      user_id: 'user-9',
    },
  ],
};

/** Tasks of deal-1 in every status, plus one without due date ('Sem data'). */
export const tasksFixture: Task[] = [
  {
    id: 'task-1',
    name: 'Ligar para confirmar proposta',
    description: 'Confirmar valores e prazo.',
    type: 'call',
    due_date: '2025-03-20T13:00:00.000Z',
    status: 'open',
    owner_ids: ['user-1'],
    completed_by_id: null,
    deal_id: 'deal-1',
    created_by_id: 'user-1',
  },
  {
    id: 'task-2',
    name: 'Enviar contrato',
    description: 'Enviar por e-mail a minuta.',
    type: 'email',
    due_date: null,
    status: 'open',
    owner_ids: ['user-1', 'user-2'],
    completed_by_id: null,
    deal_id: 'deal-1',
    created_by_id: 'user-2',
  },
  {
    id: 'task-3',
    name: 'Reunião de apresentação',
    description: 'Apresentar a solução.',
    type: 'meeting',
    due_date: '2025-03-05T15:00:00.000Z',
    status: 'completed',
    owner_ids: ['user-2'],
    completed_by_id: 'user-2',
    deal_id: 'deal-1',
    created_by_id: 'user-1',
    completed_at: '2025-03-05T16:00:00.000Z',
  },
  {
    id: 'task-4',
    name: 'Visita técnica',
    description: 'Cancelada pelo cliente.',
    type: 'visit',
    due_date: '2025-03-08T12:00:00.000Z',
    status: 'canceled',
    owner_ids: ['user-3'],
    completed_by_id: null,
    deal_id: 'deal-1',
    created_by_id: 'user-1',
  },
];

export const productsFixture: Product[] = [
  { id: 'product-1', name: 'Plano Básico', description: 'Até 3 usuários.', price: 99.9 },
  {
    id: 'product-2',
    name: 'Plano Profissional',
    description:
      'Usuários ilimitados, relatórios avançados e suporte prioritário por telefone e chat.',
    price: 299,
  },
  { id: 'product-3', name: 'Consultoria de Implantação', description: null, price: 1500 },
];

/** Products of deal-1: a percentage discount, an amount discount and none. */
export const dealProductsFixture: Record<string, DealProduct[]> = {
  'deal-1': [
    {
      id: 'deal-product-1',
      product_id: 'product-2',
      quantity: 2,
      price: 279,
      discount: 10,
      discount_type: 'percentage',
      billing_frequency: 'monthly',
      total_price: 502.2,
    },
    {
      id: 'deal-product-2',
      product_id: 'product-3',
      quantity: 1,
      price: 1500,
      discount: 200,
      discount_type: 'amount',
      billing_frequency: 'one-time',
      total_price: 1300,
    },
    {
      id: 'deal-product-3',
      product_id: 'product-1',
      quantity: 5,
      price: 99.9,
      discount: 0,
      discount_type: null,
      billing_frequency: 'annually',
      total_price: 499.5,
    },
  ],
};

export const CHAT_ID_FIXTURE = 'chat-1';
export const CHANNEL_ID_FIXTURE = 'channel-1';
export const HOST_CONTACT_ID_FIXTURE = 'host-contact-1';

/** Messages by chat id (unixTimeMessage in seconds). */
export const chatMessagesFixture: Record<string, ChatMessage[]> = {
  [CHAT_ID_FIXTURE]: [
    {
      IdMessage: 'message-1',
      text: 'Olá, gostaria de um orçamento do plano profissional.',
      senderName: 'Maria Oliveira',
      isSentByMe: false,
      dhMessage: '2025-03-12 10:00:00',
      unixTimeMessage: 1741784400,
    },
    {
      IdMessage: 'message-2',
      text: 'Claro! Para quantos usuários?',
      senderName: 'Ana Souza',
      isSentByMe: true,
      dhMessage: '2025-03-12 10:01:00',
      unixTimeMessage: 1741784460,
    },
    {
      IdMessage: 'message-3',
      text: 'Para 2 usuários, com pagamento mensal.',
      senderName: 'Maria Oliveira',
      isSentByMe: false,
      dhMessage: '2025-03-12 10:03:00',
      unixTimeMessage: 1741784580,
    },
  ],
};

/** Host contact → CRM contact links; HOST_CONTACT_ID_FIXTURE is linked to contact-1. */
export const contactMappingsFixture: Record<string, string> = {
  [HOST_CONTACT_ID_FIXTURE]: 'contact-1',
};

/** Last selected deal by CRM contact. */
export const lastDealsFixture: Record<string, string | null> = { 'contact-1': 'deal-1' };

export interface IntegrationFixture {
  credentialsConfigured: boolean;
  termsAccepted: boolean;
  authenticated: boolean;
  securityPassword: string;
  redirectUri: string;
  /** Users whose sessions a removal ends. */
  usersAffected: number;
  /** The one API v1 token the mock accepts. */
  validApiV1Token: string;
  /** Opened by the auth popup; a blank page, so no provider is contacted. */
  authUrl: string;
  /** Whether the signed-in attendant has said who they are in the CRM (else: the picker). */
  crmUserChosen: boolean;
  /** The user the picker pre-selects (an e-mail the api verified), if any. */
  suggestedCrmUserId: string | null;
}

export const integrationFixture: IntegrationFixture = {
  credentialsConfigured: true,
  termsAccepted: true,
  authenticated: true,
  securityPassword: 'senha-segura',
  redirectUri: 'http://127.0.0.1:3333/api/rdstation/auth/callback',
  usersAffected: 3,
  validApiV1Token: 'token-v1-valido',
  authUrl: 'about:blank#oauth-mock',
  crmUserChosen: true,
  suggestedCrmUserId: null,
};
