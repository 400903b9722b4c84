import {
  type AuditEntry,
  type Campaign,
  type ChatMessage,
  type Contact,
  type CustomFieldDefinition,
  type CustomFieldValue,
  type LiveUpdatesInfo,
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
} from '@crm-panel/crm-model';

// One small pt-BR CRM account, typed with the shared model. Dates are fixed ISO strings so
// tests can pin the clock; every id is unique across kinds. Records carry the fields RD Station
// CRM sends beside the ones the panel reads (timestamps, addresses, …), because the api passes
// them on: the contract test (test/contract) compares these answers with the real api's.

/** When a CRM record was created and last changed: every v2 record but notes has both. */
export interface CrmTimestamps {
  created_at: string;
  updated_at: string;
}

/** Custom-field values of a contact, organization or product, keyed by slug. */
export type CustomFieldValues = Record<string, CustomFieldValue>;

/** RD's fields of a user beside the panel's. */
export type CrmUser = User & CrmTimestamps & { phone: string | null };
export type CrmPipeline = Pipeline & CrmTimestamps;
export type CrmStage = Stage &
  CrmTimestamps & { description: string | null; objective: string | null };
export type CrmSource = Source & CrmTimestamps & { description: string | null };
export type CrmCampaign = Campaign & CrmTimestamps & { description: string | null };
export type CrmLostReason = LostReason & CrmTimestamps;
/** A rule of a custom field: required or shown when `property` (e.g. deal_stage_id) is `value`. */
export interface CustomFieldRule {
  property: string;
  value: string;
  always: boolean;
}
export type CrmCustomField = CustomFieldDefinition &
  CrmTimestamps & {
    options: string[];
    unique: boolean;
    allow_new_option: boolean;
    required_rules: CustomFieldRule[];
    display_rules: CustomFieldRule[];
  };
export type CrmOrganization = Organization &
  CrmTimestamps & {
    description: string | null;
    url: string | null;
    address: { line: string; latitude: string; longitude: string } | null;
    segment_ids: string[];
    follower_ids: string[];
    owner_id: string | null;
    custom_fields: CustomFieldValues;
  };
export type CrmContact = Contact &
  CrmTimestamps & {
    birthday: string | null;
    social_profiles: { type: string; username: string }[];
    legal_bases: { category: string; type: string; status: string }[];
    custom_fields: CustomFieldValues;
  };
export type CrmDeal = Deal &
  CrmTimestamps & {
    recurrence_price: number;
    one_time_price: number;
    expected_close_date: string | null;
    closed_at: string | null;
  };
export type CrmNote = Note & {
  pinned_at: string | null;
  edited_by_id: string | null;
  edited_at: string | null;
};
export type CrmTask = Task & CrmTimestamps & { completed_at: string | null };
export type CrmProduct = Product &
  CrmTimestamps & { visible: boolean; custom_fields: CustomFieldValues };
export type CrmDealProduct = DealProduct & CrmTimestamps;

const CREATED_AT = '2025-01-15T12:00:00.000Z';
const UPDATED_AT = '2025-03-01T12:00:00.000Z';
/** The timestamps of the seeded records. */
export const SEED_TIMESTAMPS: CrmTimestamps = { created_at: CREATED_AT, updated_at: UPDATED_AT };
const stamps = SEED_TIMESTAMPS;

/** Base URL of the mock world in tests (loopback; nothing listens there, MSW answers). */
export const MOCK_BASE_URL = 'http://127.0.0.1:3999';

export const identityFixture: HostUserInfo = {
  userId: 'host-user-1',
  systemKey: 'system-key-demo',
};

/** The CRM account's name (the tenant's, as the api names it: RD's v2 users carry none). */
const account = { name: 'Empresa Demonstração Ltda' };

export const usersFixture: CrmUser[] = [
  {
    id: 'user-1',
    name: 'Ana Souza',
    email: 'ana.souza@empresa.com.br',
    phone: '+5511970000001',
    ...stamps,
  },
  {
    id: 'user-2',
    name: 'Bruno Lima',
    email: 'bruno.lima@empresa.com.br',
    phone: null,
    ...stamps,
  },
  {
    id: 'user-3',
    name: 'Carla Mendes',
    email: 'carla.mendes@empresa.com.br',
    phone: '+5511970000003',
    ...stamps,
  },
];

/** The signed-in user (author of new notes, completer of tasks). */
export const profileFixture: User = {
  id: 'user-1',
  name: 'Ana Souza',
  email: 'ana.souza@empresa.com.br',
  organization: account,
};

export const pipelinesFixture: CrmPipeline[] = [
  {
    id: 'pipeline-1',
    name: 'Funil de Vendas',
    order: 1,
    stage_ids: ['stage-1', 'stage-2', 'stage-3'],
    ...stamps,
  },
  {
    id: 'pipeline-2',
    name: 'Funil de Parcerias',
    order: 2,
    stage_ids: ['stage-4', 'stage-5'],
    ...stamps,
  },
];

const stage = (
  id: string,
  name: string,
  order: number,
  objective: string | null = null,
): CrmStage => ({ id, name, order, description: null, objective, ...stamps });

/** Stages by pipeline id. */
export const stagesFixture: Record<string, CrmStage[]> = {
  'pipeline-1': [
    { ...stage('stage-1', 'Prospecção', 1), description: 'Primeiro contato com o cliente' },
    stage('stage-2', 'Qualificação', 2, 'Confirmar orçamento e necessidade'),
    stage('stage-3', 'Proposta', 3),
  ],
  'pipeline-2': [stage('stage-4', 'Contato inicial', 1), stage('stage-5', 'Negociação', 2)],
};

export const sourcesFixture: CrmSource[] = [
  { id: 'source-1', name: 'Indicação', description: 'Clientes que indicaram', ...stamps },
  { id: 'source-2', name: 'Site', description: null, ...stamps },
  { id: 'source-3', name: 'WhatsApp', description: null, ...stamps },
];

export const campaignsFixture: CrmCampaign[] = [
  { id: 'campaign-1', name: 'Black Friday', description: 'Descontos de novembro', ...stamps },
  { id: 'campaign-2', name: 'Feira do Varejo', description: null, ...stamps },
];

export const lostReasonsFixture: CrmLostReason[] = [
  { id: 'lost-reason-1', name: 'Preço alto', ...stamps },
  { id: 'lost-reason-2', name: 'Escolheu a concorrência', ...stamps },
  { id: 'lost-reason-3', name: 'Sem orçamento', ...stamps },
];

/** Deal fields plus one contact field (the panel's `entity:"deal"` filter leaves it out). */
const fieldDefaults = {
  options: [],
  unique: false,
  allow_new_option: false,
  required_rules: [],
  display_rules: [],
  ...stamps,
};

export const customFieldsFixture: CrmCustomField[] = [
  {
    id: 'custom-field-1',
    name: 'Segmento',
    slug: 'segmento',
    entity: 'deal',
    type: 'text',
    order: 1,
    ...fieldDefaults,
    unique: true,
  },
  {
    id: 'custom-field-2',
    name: 'Data da visita',
    slug: 'data_visita',
    entity: 'deal',
    type: 'date',
    order: 2,
    ...fieldDefaults,
    required_rules: [{ property: 'deal_stage_id', value: 'stage-3', always: false }],
  },
  {
    id: 'custom-field-3',
    name: 'Canais',
    slug: 'canais',
    entity: 'deal',
    type: 'multiple_choice',
    order: 3,
    ...fieldDefaults,
    options: ['Loja', 'Online'],
    allow_new_option: true,
    display_rules: [{ property: 'deal_pipeline_id', value: 'pipeline-1', always: false }],
  },
  {
    id: 'custom-field-4',
    name: 'Aniversário',
    slug: 'aniversario',
    entity: 'contact',
    type: 'date',
    order: 1,
    ...fieldDefaults,
  },
];

const organization = (id: string, name: string): CrmOrganization => ({
  id,
  name,
  description: null,
  url: null,
  address: null,
  segment_ids: [],
  follower_ids: [],
  owner_id: 'user-1',
  custom_fields: {},
  ...stamps,
});

export const organizationsFixture: CrmOrganization[] = [
  {
    ...organization('organization-1', 'Acme Comércio Ltda'),
    description: 'Rede de lojas de varejo',
    url: 'https://www.acmecomercio.com.br',
    address: {
      line: 'Avenida Paulista, 1000 - São Paulo/SP',
      latitude: '-23.5614',
      longitude: '-46.6559',
    },
    segment_ids: ['segment-1'],
    follower_ids: ['user-2'],
    custom_fields: { cnpj: '12.345.678/0001-90' },
  },
  organization('organization-2', 'Padaria Pão Quente'),
  { ...organization('organization-3', 'Tech Soluções S.A.'), owner_id: null },
];

/** RD's fields of a contact beside the panel's, empty. */
export const CONTACT_CRM_DEFAULTS = {
  birthday: null,
  social_profiles: [],
  legal_bases: [],
  custom_fields: {},
} as const satisfies Partial<CrmContact>;

/** Seeded e-mails are `{ email }`, as RD v2 answers them: it keeps no e-mail type. */
export const contactsFixture: CrmContact[] = [
  {
    id: 'contact-1',
    name: 'Maria Oliveira',
    organization_id: 'organization-1',
    emails: [{ email: 'maria.oliveira@acme.com.br' }],
    phones: [{ phone: '+55 11 98765-4321', type: 'cellphone' }],
    job_title: 'Compradora',
    birthday: '1985-04-12',
    social_profiles: [{ type: 'linkedin', username: 'mariaoliveira' }],
    legal_bases: [{ category: 'communications', type: 'legitimate_interest', status: 'granted' }],
    custom_fields: { cpf: '123.456.789-09' },
    ...stamps,
  },
  {
    id: 'contact-2',
    name: 'João Pereira',
    organization_id: 'organization-2',
    emails: [{ email: 'joao@paoquente.com.br' }],
    phones: [{ phone: '+55 21 3456-7890', type: 'work' }],
    job_title: 'Sócio',
    ...CONTACT_CRM_DEFAULTS,
    ...stamps,
  },
  {
    id: 'contact-3',
    name: 'Fernanda Costa',
    organization_id: null,
    emails: [],
    phones: [],
    job_title: null,
    ...CONTACT_CRM_DEFAULTS,
    ...stamps,
  },
];

export const dealsFixture: CrmDeal[] = [
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
    recurrence_price: 0,
    one_time_price: 2301.7,
    expected_close_date: '2025-04-30',
    closed_at: null,
    ...stamps,
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
    recurrence_price: 0,
    one_time_price: 0,
    expected_close_date: null,
    closed_at: null,
    ...stamps,
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
    recurrence_price: 0,
    one_time_price: 0,
    expected_close_date: null,
    closed_at: '2025-02-20T15:00:00.000Z',
    ...stamps,
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
    recurrence_price: 0,
    one_time_price: 0,
    expected_close_date: null,
    closed_at: '2025-02-10T15:00:00.000Z',
    ...stamps,
  },
];

/** Notes by deal id; the second one is HTML (to be sanitised before display). */
const unedited = { pinned_at: null, edited_by_id: null, edited_at: null };

export const notesFixture: Record<string, CrmNote[]> = {
  'deal-1': [
    {
      id: 'note-1',
      description: 'Cliente pediu uma proposta com pagamento mensal.',
      registered_at: '2025-03-12T14:30:00.000Z',
      user_id: 'user-1',
      pinned_at: '2025-03-12T15:00:00.000Z',
      edited_by_id: 'user-1',
      edited_at: '2025-03-12T14:45:00.000Z',
    },
    {
      id: 'note-2',
      description:
        '<p>Reunião com a <strong>diretoria</strong> confirmada.</p><img src="x" onerror="alert(1)"><script>alert(1)</script>',
      registered_at: '2025-03-11T09:15:00.000Z',
      user_id: 'user-2',
      ...unedited,
    },
    {
      id: 'note-3',
      description: 'Primeiro contato feito por WhatsApp.',
      registered_at: '2025-03-01T18:00:00.000Z',
      user_id: 'user-9',
      ...unedited,
    },
  ],
};

/** Tasks of deal-1 in every status, plus one without due date ('Sem data'). */
export const tasksFixture: CrmTask[] = [
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
    completed_at: null,
    ...stamps,
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
    completed_at: null,
    ...stamps,
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
    ...stamps,
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
    completed_at: null,
    ...stamps,
  },
];

const catalogue = { visible: true, custom_fields: {}, ...stamps };

export const productsFixture: CrmProduct[] = [
  {
    id: 'product-1',
    name: 'Plano Básico',
    description: 'Até 3 usuários.',
    price: 99.9,
    ...catalogue,
    custom_fields: { categoria: 'Licença' },
  },
  {
    id: 'product-2',
    name: 'Plano Profissional',
    description:
      'Usuários ilimitados, relatórios avançados e suporte prioritário por telefone e chat.',
    price: 299,
    ...catalogue,
  },
  {
    id: 'product-3',
    name: 'Consultoria de Implantação',
    description: null,
    price: 1500,
    ...catalogue,
    visible: false,
  },
];

/** Products of deal-1: a percentage discount, an amount discount and none. */
export const dealProductsFixture: Record<string, CrmDealProduct[]> = {
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
      ...stamps,
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
      ...stamps,
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
      ...stamps,
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
  /** How the session signed in to the CRM, while it is signed in. */
  signInMethod: 'oauth' | 'api-v1';
  /** Live updates from the CRM, as credentials/status reports them once configured. */
  liveUpdates: LiveUpdatesInfo;
}

export const integrationFixture: IntegrationFixture = {
  credentialsConfigured: true,
  termsAccepted: true,
  authenticated: true,
  securityPassword: 'senha-segura',
  redirectUri: 'http://127.0.0.1:3333/api/rdstation/auth/callback',
  liveUpdates: {
    on: true,
    reason: null,
    message: 'Atualizações ao vivo do RD Station CRM: ligadas.',
    action: '',
  },
  usersAffected: 3,
  validApiV1Token: 'token-v1-valido',
  authUrl: 'about:blank#oauth-mock',
  crmUserChosen: true,
  suggestedCrmUserId: null,
  signInMethod: 'oauth',
};

/** Who may read the mock's audit trail: an admin, an attendant (403), or anyone with the password. */
export type AuditAccessFixture = 'admin' | 'attendant' | 'password';

/** The audit trail of the mock world, newest first (GET /api/audit). */
export const auditFixture: AuditEntry[] = [
  {
    id: 'audit-3',
    at: '2026-11-20T17:45:00.000Z',
    origin: 'panel',
    actor: { userId: 'host-user-2', name: 'Bruno Lima', verified: false },
    attendanceId: null,
    chatId: null,
    record: { type: 'note', id: 'note-9', dealId: 'deal-1', contactId: null },
    action: 'created',
    fields: [{ field: 'description', before: null, after: 'Cliente pediu desconto' }],
  },
  {
    id: 'audit-2',
    at: '2026-11-20T13:05:00.000Z',
    origin: 'panel',
    actor: { userId: 'host-user-1', name: 'Ana Souza', verified: true },
    attendanceId: 'at-1001',
    chatId: 'canal-whatsapp',
    // Where, by the names the panel declared with the write.
    contactName: 'Mariana Costa',
    channelName: 'WhatsApp Comercial',
    record: {
      type: 'deal',
      id: 'deal-1',
      name: 'Contrato anual Acme',
      dealId: 'deal-1',
      dealName: 'Contrato anual Acme',
      contactId: null,
    },
    action: 'updated',
    // Names as the api recorded them at the write, next to the ids (this world's stages and users).
    fields: [
      {
        field: 'stage_id',
        before: 'stage-1',
        after: 'stage-2',
        beforeLabel: 'Prospecção',
        afterLabel: 'Qualificação',
      },
      {
        field: 'owner_id',
        before: 'user-2',
        after: 'user-3',
        beforeLabel: 'Bruno Lima',
        afterLabel: 'Carla Mendes',
      },
    ],
  },
  {
    id: 'audit-1',
    at: '2026-11-19T12:00:00.000Z',
    origin: 'panel',
    actor: { userId: 'host-user-1', name: 'Ana Souza', verified: true },
    attendanceId: 'at-1000',
    chatId: 'canal-whatsapp',
    record: { type: 'deal', id: 'deal-1', dealId: 'deal-1', contactId: null },
    action: 'updated',
    // An entry recorded before names were: ids (and codes) only, the record's name included.
    fields: [
      { field: 'rating', before: null, after: '4' },
      { field: 'source_id', before: 'source-1', after: 'source-2' },
      { field: 'name', before: 'Contrato Acme', after: 'Contrato anual Acme' },
    ],
  },
];
