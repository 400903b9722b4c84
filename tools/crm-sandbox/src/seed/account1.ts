import { type AccountSeed } from '@crm-sandbox/store/AccountStore';
import {
  type ContactRecord,
  type CustomFieldRecord,
  type DealRecord,
  type DealStatus,
  type NoteRecord,
  type OrganizationRecord,
  type PipelineRecord,
  type ProductRecord,
  type StageRecord,
  type TaskRecord,
  type TaskStatus,
  type TaskType,
  type UserRecord,
  type NewDeal,
  newDealRecord,
  TASK_TYPES,
} from '@crm-sandbox/store/records';
import { asciiSlug } from '@crm-sandbox/util/text';
import { WELL_KNOWN } from './fixtures';
import { SeedContext } from './SeedContext';
import {
  COMPANY_CORES,
  COMPANY_PREFIXES,
  COMPANY_SUFFIXES,
  DEAL_NAME_TOPICS,
  JOB_TITLES,
  NOTE_TEXTS,
  PRODUCT_FAMILIES,
  PRODUCT_VARIANTS,
  STREETS,
  TASK_NAMES,
} from './vocabulary';

const W = WELL_KNOWN.account1;

const SOURCES = [
  ['Site', 'Formulário de contato do site'],
  ['Indicação', 'Indicação de clientes e parceiros'],
  ['Google Ads', 'Campanhas pagas no Google'],
  ['Instagram', null],
  ['LinkedIn', 'Prospecção e anúncios no LinkedIn'],
  ['Evento', 'Feiras e eventos presenciais'],
  ['WhatsApp', 'Contato iniciado pelo WhatsApp'],
  ['Prospecção ativa', null],
] as const;

const CAMPAIGNS = [
  ['Black Friday 2024', 'Descontos de novembro'],
  ['Webinar Gestão Comercial', 'Série de webinars sobre gestão de vendas'],
  ['Feira Varejo SP 2025', null],
  ['Indique e Ganhe', 'Programa de indicação'],
  ['Reativação de Clientes', 'Contato com clientes inativos há mais de 6 meses'],
  ['Lançamento Plano Pro', null],
] as const;

const LOST_REASONS = [
  'Preço alto',
  'Escolheu concorrente',
  'Sem orçamento no momento',
  'Sem retorno do cliente',
  'Timing inadequado',
  'Produto não atende',
  'Projeto cancelado',
];

const SEGMENTS = ['Varejo', 'Indústria', 'Serviços', 'Saúde', 'Educação', 'Tecnologia'];
const CHANNELS = ['WhatsApp', 'E-mail', 'Telefone', 'Instagram', 'Presencial'];
const PIPELINES = [W.pipelines.vendas, W.pipelines.posVenda, W.pipelines.parcerias];
const STAGE_OBJECTIVES: Record<string, string> = {
  Prospecção: 'Identificar o decisor',
  Qualificação: 'Confirmar orçamento e necessidade',
  'Proposta enviada': 'Receber o aceite da proposta',
  Negociação: 'Fechar condições comerciais',
};

export function seedAccount1(seed: number, nowMs: number): AccountSeed {
  const ctx = new SeedContext(1, seed, nowMs, [
    W.contact.phone,
    W.contactWithoutCountryCode.phone,
    W.contactWithoutNinthDigit.phone,
  ]);
  const { prng } = ctx;
  for (const name of [
    W.contact.name,
    W.contactWithoutCountryCode.name,
    W.contactWithoutNinthDigit.name,
  ]) {
    ctx.reserveName(name);
  }

  const users: UserRecord[] = Object.values(W.users).map((user, index) => ({
    id: user.id,
    name: user.name,
    email: user.email,
    phone: `+55119${String(70000000 + index * 1111111).slice(0, 8)}`,
    active: user !== W.users.gustavo,
    visible: user !== W.users.gustavo,
    v1Token: user.v1Token,
    created_at: ctx.ago(420 - index * 10),
    updated_at: ctx.ago(30 - index),
  }));
  const activeUsers = users.filter((user) => user.active);

  const sources = SOURCES.map(([name, description], index) => ({
    id: ctx.id('source'),
    name,
    description,
    created_at: ctx.ago(400 - index),
    updated_at: ctx.ago(200 - index),
  }));
  const campaigns = CAMPAIGNS.map(([name, description], index) => ({
    id: ctx.id('campaign'),
    name,
    description,
    created_at: ctx.ago(380 - index * 30),
    updated_at: ctx.ago(100 - index * 5),
  }));
  const lostReasons = LOST_REASONS.map((name, index) => ({
    id: ctx.id('lostReason'),
    name,
    created_at: ctx.ago(400 - index),
    updated_at: ctx.ago(400 - index),
  }));
  const segments = SEGMENTS.map((name, index) => ({
    id: ctx.id('segment'),
    name,
    created_at: ctx.ago(400 - index),
    updated_at: ctx.ago(400 - index),
  }));

  const pipelines: PipelineRecord[] = PIPELINES.map((pipeline, index) => ({
    id: pipeline.id,
    name: pipeline.name,
    order: index + 1,
    created_at: ctx.ago(400 - index),
    updated_at: ctx.ago(90 - index),
  }));
  const stages: StageRecord[] = PIPELINES.flatMap((pipeline) =>
    pipeline.stages.map((stage, index) => ({
      id: stage.id,
      pipeline_id: pipeline.id,
      name: stage.name,
      description: index === 0 ? `Primeira etapa do funil ${pipeline.name}` : null,
      objective: STAGE_OBJECTIVES[stage.name] ?? null,
      order: index + 1,
      created_at: ctx.ago(400),
      updated_at: ctx.ago(90),
    })),
  );

  const customFields: CustomFieldRecord[] = [
    customField(
      ctx,
      W.customFields.orcamentoErp.id,
      'ID do orçamento no ERP',
      'id_orcamento_erp',
      'text',
      'deal',
      [],
      1,
    ),
    customField(
      ctx,
      W.customFields.dataImplantacao.id,
      'Data prevista de implantação',
      'data_prevista_implantacao',
      'date',
      'deal',
      [],
      2,
    ),
    {
      ...customField(
        ctx,
        W.customFields.segmento.id,
        'Segmento',
        'segmento',
        'option',
        'deal',
        SEGMENTS,
        3,
      ),
      // Required from "Negociação" on, as RD lets admins configure per stage.
      required_rules: [
        { property: 'deal_stage_id', value: W.pipelines.vendas.stages[4].id, always: false },
      ],
    },
    {
      ...customField(
        ctx,
        W.customFields.canais.id,
        'Canais de interesse',
        'canais_interesse',
        'multiple_choice',
        'deal',
        CHANNELS,
        4,
      ),
      display_rules: [
        { property: 'deal_pipeline_id', value: W.pipelines.vendas.id, always: false },
      ],
    },
    customField(ctx, ctx.id('customField', 5), 'CPF', 'cpf', 'text', 'contact', [], 1),
    customField(
      ctx,
      ctx.id('customField', 5),
      'Porte da empresa',
      'porte_empresa',
      'option',
      'organization',
      ['MEI', 'Pequena', 'Média', 'Grande'],
      1,
    ),
    customField(
      ctx,
      ctx.id('customField', 5),
      'Categoria',
      'categoria',
      'option',
      'product',
      ['Licença', 'Serviço', 'Complemento'],
      1,
    ),
  ];

  // The well-known products (fixtures.ts) with their description and category.
  const wellKnownProducts: [keyof typeof W.products, string, string][] = [
    [
      'planoPro',
      'Licença mensal por usuário do Plano Pro, com automações de vendas e integrações nativas',
      'Licença',
    ],
    ['implantacao', 'Configuração inicial acompanhada por um especialista', 'Serviço'],
    [
      'suporte',
      'Atendimento prioritário por telefone e WhatsApp em horário estendido, renovado a cada ano',
      'Serviço',
    ],
    ['treinamento', 'Treinamento ao vivo para até 20 pessoas', 'Serviço'],
  ];
  const products: ProductRecord[] = wellKnownProducts.map(([key, description, category]) => {
    const { id, name, price } = W.products[key];
    return product(ctx, id, name, description, price, category);
  });
  const productNames = new Set(products.map((item) => item.name));
  while (products.length < W.counts.products) {
    const family = prng.pick(PRODUCT_FAMILIES);
    const variant = prng.pick(PRODUCT_VARIANTS);
    let name = `${family.name}${variant}`;
    if (productNames.has(name)) name = `${name} ${prng.int(2, 9)}0`;
    if (productNames.has(name)) continue;
    productNames.add(name);
    const factor =
      variant === ' - Anual'
        ? 10
        : variant === ' - Semestral'
          ? 5.5
          : variant === ' Plus'
            ? 1.4
            : 1;
    const item = product(
      ctx,
      ctx.id('product', 5),
      name,
      prng.chance(0.15) ? null : family.description,
      Math.round(family.price * factor * 100) / 100,
      prng.pick(['Licença', 'Serviço', 'Complemento']),
    );
    item.visible = prng.chance(0.9);
    products.push(item);
  }

  const organizations: OrganizationRecord[] = [
    {
      id: W.organization.id,
      name: W.organization.name,
      description: 'Rede de lojas de utilidades domésticas na zona sul de São Paulo',
      url: 'https://www.costaefilhos.com.br',
      address: {
        line: 'Rua das Flores, 120 - São Paulo/SP',
        latitude: '-23.5505',
        longitude: '-46.6333',
      },
      segment_ids: [segments[0]?.id ?? ''],
      follower_ids: [W.users.bruno.id],
      owner_id: W.users.ana.id,
      custom_fields: { porte_empresa: 'Média' },
      created_at: ctx.ago(300),
      updated_at: ctx.ago(12),
    },
  ];
  const orgNames = new Set<string>([W.organization.name]);
  const orgDdd = new Map<string, number>([[W.organization.id, 11]]);
  const orgDomain = new Map<string, string>([[W.organization.id, 'costaefilhos.com.br']]);
  while (organizations.length < W.counts.organizations) {
    const name = `${prng.pick(COMPANY_PREFIXES)} ${prng.pick(COMPANY_CORES)} ${prng.pick(COMPANY_SUFFIXES)}`;
    if (orgNames.has(name)) continue;
    orgNames.add(name);
    const city = ctx.city();
    const domain = `${asciiSlug(name.replace(/ (Ltda|ME|EIRELI|S\.A\.|EPP)$/, ''), '')}.com.br`;
    const id = ctx.id('organization', 2);
    const created = ctx.ago(prng.int(30, 365));
    orgDdd.set(id, city.ddd);
    orgDomain.set(id, domain);
    organizations.push({
      id,
      name,
      description: prng.chance(0.5) ? `Empresa de ${city.city}/${city.uf}` : null,
      url: prng.chance(0.7) ? `https://www.${domain}` : null,
      address: prng.chance(0.8)
        ? {
            line: `${prng.pick(STREETS)}, ${prng.int(10, 2500)} - ${city.city}/${city.uf}`,
            latitude: (city.lat + (prng.next() - 0.5) / 10).toFixed(4),
            longitude: (city.lng + (prng.next() - 0.5) / 10).toFixed(4),
          }
        : { line: null, latitude: null, longitude: null },
      segment_ids: prng.sample(segments, prng.int(0, 2)).map((segment) => segment.id),
      follower_ids: prng.sample(activeUsers, prng.int(0, 2)).map((user) => user.id),
      owner_id: prng.pick(activeUsers).id,
      custom_fields: prng.chance(0.6)
        ? { porte_empresa: prng.pick(['MEI', 'Pequena', 'Média', 'Grande']) }
        : {},
      created_at: created,
      updated_at: ctx.between(created),
    });
  }

  const contacts: ContactRecord[] = [
    {
      id: W.contact.id,
      name: W.contact.name,
      job_title: 'Gerente de Compras',
      emails: [{ email: W.contact.email }, { email: 'mariana.costa@gmail.com' }],
      phones: [
        { phone: W.contact.phone, type: 'mobile' },
        { phone: '+551132104567', type: 'work' },
      ],
      birthday: '1988-04-17',
      social_profiles: [{ type: 'linkedin', username: 'marianacosta' }],
      organization_id: W.organization.id,
      legal_bases: [{ category: 'communications', type: 'consent', status: 'granted' }],
      custom_fields: { cpf: '123.456.789-09' },
      created_at: ctx.ago(200),
      updated_at: ctx.ago(3),
    },
    {
      ...plainContact(
        ctx,
        W.contactWithoutCountryCode.id,
        W.contactWithoutCountryCode.name,
        W.contactWithoutCountryCode.phone,
      ),
      job_title: 'Diretor Comercial',
      emails: [{ email: 'rafael.souza@souzatransportes.com.br' }],
    },
    {
      ...plainContact(
        ctx,
        W.contactWithoutNinthDigit.id,
        W.contactWithoutNinthDigit.name,
        W.contactWithoutNinthDigit.phone,
      ),
      emails: [{ email: 'juliana.ribeiro@hotmail.com' }],
    },
  ];
  while (contacts.length < W.counts.contacts) {
    const name = ctx.personName();
    // The demo organisation keeps only the well-known contacts, so demos stay predictable.
    const org = prng.chance(0.8) ? prng.pick(organizations.slice(1)) : null;
    const ddd = org ? (orgDdd.get(org.id) ?? 11) : ctx.city().ddd;
    const created = ctx.ago(prng.int(1, 360), prng.int(8, 20));
    const emails = prng.chance(0.85)
      ? [{ email: ctx.emailFor(name, org ? (orgDomain.get(org.id) ?? null) : null) }]
      : [];
    if (emails.length > 0 && prng.chance(0.2)) emails.push({ email: ctx.emailFor(name, null) });
    contacts.push({
      id: ctx.id('contact', 4),
      name,
      job_title: prng.chance(0.7) ? prng.pick(JOB_TITLES) : null,
      emails,
      phones: prng.chance(0.92) ? ctx.contactPhones(ddd) : [],
      birthday: ctx.birthday(),
      social_profiles: prng.chance(0.2)
        ? [
            {
              type: prng.pick(['linkedin', 'facebook', 'skype'] as const),
              username: asciiSlug(name, ''),
            },
          ]
        : [],
      organization_id: org?.id ?? null,
      legal_bases: prng.chance(0.6)
        ? [
            {
              category: 'communications',
              type: prng.pick(['consent', 'legitimate_interest', 'pre_existent_contract'] as const),
              status: prng.chance(0.9) ? 'granted' : 'declined',
            },
          ]
        : [],
      custom_fields: prng.chance(0.3) ? { cpf: cpf(ctx) } : {},
      created_at: created,
      updated_at: ctx.between(created),
    });
  }

  const deals: DealRecord[] = [];
  const notes: NoteRecord[] = [];
  const tasks: TaskRecord[] = [];
  const dealProducts: AccountSeed['dealProducts'] = [];

  // --- the demo contact's deals, written out so tests can rely on every detail ---
  const implantacao = baseDeal(ctx, W.deals.implantacao.id, W.deals.implantacao.name, {
    pipeline_id: W.pipelines.vendas.id,
    stage_id: W.pipelines.vendas.stages[3].id,
    owner_id: W.users.ana.id,
    rating: 4,
    status: 'ongoing',
    source_id: W.sources.indicacao.id,
    campaign_id: W.campaigns.webinar.id,
    organization_id: W.organization.id,
    contact_ids: [W.contact.id],
    expected_close_date: ctx.dateAhead(20),
    custom_fields: {
      id_orcamento_erp: 'ORC-2025-00123',
      data_prevista_implantacao: ctx.dateAhead(45),
      segmento: 'Varejo',
      canais_interesse: ['WhatsApp', 'E-mail'],
    },
    created_at: ctx.ago(40, 13),
  });
  const treinamento = baseDeal(ctx, W.deals.treinamento.id, W.deals.treinamento.name, {
    pipeline_id: W.pipelines.posVenda.id,
    stage_id: W.pipelines.posVenda.stages[0].id,
    owner_id: W.users.bruno.id,
    rating: 3,
    status: 'paused',
    source_id: W.sources.whatsapp.id,
    organization_id: W.organization.id,
    contact_ids: [W.contact.id, W.contactWithoutNinthDigit.id],
    expected_close_date: ctx.dateAhead(60),
    custom_fields: { segmento: 'Varejo' },
    created_at: ctx.ago(25, 14),
  });
  const licencas = baseDeal(ctx, W.deals.licencas.id, W.deals.licencas.name, {
    pipeline_id: W.pipelines.vendas.id,
    stage_id: W.pipelines.vendas.stages[5].id,
    owner_id: W.users.ana.id,
    rating: 5,
    status: 'won',
    closed_at: ctx.ago(60, 16),
    organization_id: W.organization.id,
    contact_ids: [W.contact.id],
    created_at: ctx.ago(90, 12),
  });
  const perdida = baseDeal(ctx, W.deals.perdida.id, W.deals.perdida.name, {
    pipeline_id: W.pipelines.vendas.id,
    stage_id: W.pipelines.vendas.stages[4].id,
    owner_id: W.users.camila.id,
    rating: 2,
    status: 'lost',
    closed_at: ctx.ago(10, 18),
    lost_reason_id: W.lostReasons.precoAlto.id,
    contact_ids: [W.contactWithoutCountryCode.id],
    created_at: ctx.ago(70, 15),
  });
  deals.push(implantacao, treinamento, licencas, perdida);

  dealProducts.push(
    ctx.dealProduct(implantacao.id, W.products.planoPro.id, 199.9, ctx.ago(39, 14), {
      id: W.dealProducts.planoProMonthlyPercentage,
      price: 199.9,
      quantity: 5,
      discountType: 'percentage',
      discount: 10,
      billing: 'monthly',
    }),
    ctx.dealProduct(implantacao.id, W.products.implantacao.id, 3500, ctx.ago(39, 14.5), {
      id: W.dealProducts.implantacaoOneTimeAmount,
      price: 3500,
      quantity: 1,
      discountType: 'amount',
      discount: 500,
      billing: 'one-time',
    }),
    ctx.dealProduct(implantacao.id, W.products.suporte.id, 4800, ctx.ago(30, 11), {
      id: W.dealProducts.suporteAnnually,
      price: 4320,
      quantity: 1,
      discountType: 'amount',
      discount: 0,
      billing: 'annually',
    }),
    ctx.dealProduct(treinamento.id, W.products.treinamento.id, 890, ctx.ago(24, 10), {
      id: W.dealProducts.treinamentoPercentage,
      price: 890,
      quantity: 2,
      discountType: 'percentage',
      discount: 5,
      billing: 'one-time',
    }),
    ctx.dealProduct(licencas.id, W.products.planoPro.id, 199.9, ctx.ago(88, 12), {
      id: ctx.id('dealProduct', 5),
      price: 189.9,
      quantity: 3,
      discountType: 'amount',
      discount: 0,
      billing: 'monthly',
    }),
  );

  notes.push(
    {
      id: W.notes.html,
      deal_id: implantacao.id,
      description:
        '<p>Reunião de alinhamento com a <b>Mariana</b>.</p><ul><li>Enviar proposta revisada</li><li>Agendar demonstração para a equipe</li></ul><p>Proposta em <a href="https://www.example.com.br/propostas/123">www.example.com.br/propostas/123</a>.</p>',
      user_id: W.users.ana.id,
      registered_at: ctx.ago(2, 14),
      pinned_at: ctx.ago(2, 15),
      edited_by_id: null,
      edited_at: null,
    },
    {
      id: W.notes.plain,
      deal_id: implantacao.id,
      description:
        'Cliente confirmou interesse no Plano Pro para 5 usuários. Aguardando aprovação do financeiro.',
      user_id: W.users.bruno.id,
      registered_at: ctx.ago(0, 13),
      pinned_at: null,
      edited_by_id: W.users.bruno.id,
      edited_at: ctx.ago(0, 13.5),
    },
    {
      id: W.notes.unsafeHtml,
      deal_id: treinamento.id,
      description:
        '<p>Texto colado de um e-mail do cliente.</p><img src="x" onerror="alert(\'xss\')"><script>alert(1)</script>',
      user_id: W.users.ana.id,
      registered_at: ctx.ago(5, 16),
      pinned_at: null,
      edited_by_id: null,
      edited_at: null,
    },
    {
      id: ctx.id('note', 4),
      deal_id: implantacao.id,
      description: 'Primeiro contato feito por indicação do cliente Padaria Pão Dourado.',
      user_id: W.users.ana.id,
      registered_at: ctx.ago(40, 14),
      pinned_at: null,
      edited_by_id: null,
      edited_at: null,
    },
    {
      id: ctx.id('note', 4),
      deal_id: treinamento.id,
      description: 'Treinamento adiado a pedido do cliente: equipe em período de inventário.',
      user_id: W.users.bruno.id,
      registered_at: ctx.ago(1, 12),
      pinned_at: null,
      edited_by_id: null,
      edited_at: null,
    },
    {
      id: ctx.id('note', 4),
      deal_id: licencas.id,
      description:
        '<p>Contrato assinado! <b>3 licenças</b> adicionais a partir do mês que vem.</p>',
      user_id: W.users.ana.id,
      registered_at: ctx.ago(60, 16),
      pinned_at: null,
      edited_by_id: null,
      edited_at: null,
    },
  );

  const demoTasks: [TaskType, TaskStatus, string, number, string][] = [
    ['call', 'open', 'Ligar para a Mariana sobre a proposta', 0, W.users.ana.id],
    ['email', 'open', 'Enviar proposta revisada por e-mail', 2, W.users.ana.id],
    ['meeting', 'open', 'Reunião de demonstração com a equipe', -2, W.users.bruno.id],
    ['whatsapp', 'completed', 'Confirmar recebimento pelo WhatsApp', -5, W.users.ana.id],
    ['visit', 'completed', 'Visita à loja matriz', -12, W.users.camila.id],
    ['lunch', 'canceled', 'Almoço com a diretoria', -8, W.users.ana.id],
    ['task', 'open', 'Preparar contrato de implantação', 7, W.users.ana.id],
  ];
  demoTasks.forEach(([type, status, name, dueInDays, owner], index) => {
    tasks.push(
      task(ctx, ctx.id('task'), implantacao.id, {
        name,
        type,
        status,
        due_date: ctx.ahead(dueInDays, 17),
        owner_ids: index === 2 ? [owner, W.users.ana.id] : [owner],
        created_by_id: W.users.ana.id,
        description: index % 2 === 0 ? 'Combinado na última reunião.' : null,
        created_at: ctx.ago(30 - index, 12),
        completedBy: W.users.ana.id,
      }),
    );
  });
  tasks.push(
    task(ctx, ctx.id('task'), treinamento.id, {
      name: 'Retomar contato após o inventário',
      type: 'call',
      status: 'open',
      due_date: ctx.ahead(10, 13),
      owner_ids: [W.users.bruno.id],
      created_by_id: W.users.bruno.id,
      description: 'Cliente pediu retorno depois do inventário.',
      created_at: ctx.ago(1, 12),
      completedBy: W.users.bruno.id,
    }),
  );

  // --- generated deals ---
  const contactsByOrg = new Map<string, ContactRecord[]>();
  for (const contact of contacts.slice(3)) {
    if (!contact.organization_id) continue;
    const list = contactsByOrg.get(contact.organization_id) ?? [];
    list.push(contact);
    contactsByOrg.set(contact.organization_id, list);
  }
  const generatedContacts = contacts.slice(3);
  while (deals.length < W.counts.deals) {
    const roll = prng.next();
    const pipeline =
      roll < 0.6 ? W.pipelines.vendas : roll < 0.85 ? W.pipelines.posVenda : W.pipelines.parcerias;
    const stageIndex = prng.int(0, pipeline.stages.length - 1);
    const statusRoll = prng.next();
    const status: DealStatus =
      statusRoll < 0.5
        ? 'ongoing'
        : statusRoll < 0.6
          ? 'paused'
          : statusRoll < 0.82
            ? 'won'
            : 'lost';
    const first = prng.pick(generatedContacts);
    const org = first.organization_id
      ? organizations.find((item) => item.id === first.organization_id)
      : undefined;
    const colleagues = (org ? (contactsByOrg.get(org.id) ?? []) : []).filter(
      (c) => c.id !== first.id,
    );
    const contactIds = [
      first.id,
      ...prng
        .sample(colleagues.length > 0 ? colleagues : generatedContacts, prng.int(0, 2))
        .map((c) => c.id),
    ];
    const createdDays = prng.int(1, 360);
    const created = ctx.ago(createdDays, prng.int(10, 20));
    const closed = status === 'won' || status === 'lost';
    const orgShort = org ? org.name.replace(/ (Ltda|ME|EIRELI|S\.A\.|EPP)$/, '') : first.name;
    const customFields: DealRecord['custom_fields'] = {};
    if (prng.chance(0.4))
      customFields.id_orcamento_erp = `ORC-${2024 + (createdDays < 150 ? 1 : 0)}-${String(prng.int(1, 99999)).padStart(5, '0')}`;
    if (prng.chance(0.3))
      customFields.data_prevista_implantacao = ctx.dateAhead(prng.int(-60, 120));
    if (prng.chance(0.6)) customFields.segmento = prng.pick(SEGMENTS);
    if (prng.chance(0.3)) customFields.canais_interesse = prng.sample(CHANNELS, prng.int(1, 3));
    const deal = baseDeal(ctx, ctx.id('deal', 5), `${prng.pick(DEAL_NAME_TOPICS)} - ${orgShort}`, {
      pipeline_id: pipeline.id,
      stage_id: pipeline.stages[stageIndex]?.id ?? pipeline.stages[0].id,
      owner_id: prng.chance(0.95) ? prng.pick(activeUsers).id : W.users.gustavo.id,
      rating: prng.int(0, 5),
      status,
      closed_at: closed ? ctx.between(created) : null,
      lost_reason_id: status === 'lost' ? prng.pick(lostReasons).id : null,
      source_id: prng.chance(0.8) ? prng.pick(sources).id : null,
      campaign_id: prng.chance(0.4) ? prng.pick(campaigns).id : null,
      organization_id: org?.id ?? null,
      contact_ids: contactIds,
      expected_close_date: prng.chance(0.7)
        ? ctx.dateAhead(closed ? -prng.int(0, createdDays) : prng.int(-10, 90))
        : null,
      custom_fields: customFields,
      created_at: created,
    });
    deals.push(deal);

    const productCount = prng.chance(0.6) ? prng.int(1, 3) : 0;
    for (const item of prng.sample(products, productCount)) {
      dealProducts.push(
        ctx.dealProduct(
          deal.id,
          item.id,
          item.price,
          ctx.between(created, Date.parse(created) + 5 * 86_400_000),
        ),
      );
    }
    for (let n = prng.int(0, 4); n > 0; n -= 1) {
      notes.push({
        id: ctx.id('note', 10),
        deal_id: deal.id,
        description: prng.pick(NOTE_TEXTS),
        user_id: prng.pick(activeUsers).id,
        registered_at: ctx.between(
          created,
          deal.closed_at ? Date.parse(deal.closed_at) : undefined,
        ),
        pinned_at: null,
        edited_by_id: null,
        edited_at: null,
      });
    }
    for (let n = prng.int(0, 3); n > 0; n -= 1) {
      const type = prng.pick(TASK_TYPES);
      const taskStatus: TaskStatus = closed
        ? prng.chance(0.8)
          ? 'completed'
          : 'canceled'
        : prng.pick(['open', 'open', 'open', 'completed', 'canceled'] as const);
      const owner = prng.pick(activeUsers).id;
      tasks.push(
        task(ctx, ctx.id('task'), deal.id, {
          name: prng.pick(TASK_NAMES[type] ?? ['Tarefa']),
          type,
          status: taskStatus,
          due_date:
            taskStatus === 'open'
              ? ctx.ahead(prng.int(-5, 20), prng.int(11, 21))
              : ctx.between(created),
          owner_ids: prng.chance(0.2)
            ? [owner, prng.pick(activeUsers).id].filter((id, i, all) => all.indexOf(id) === i)
            : [owner],
          created_by_id: deal.owner_id,
          description: prng.chance(0.5) ? 'Seguir o combinado com o cliente.' : null,
          created_at: created,
          completedBy: owner,
        }),
      );
    }
  }

  return {
    users,
    sources,
    campaigns,
    lostReasons,
    segments,
    customFields,
    products,
    organizations,
    contacts,
    pipelines,
    stages,
    deals,
    notes,
    tasks,
    dealProducts,
  };
}

function customField(
  ctx: SeedContext,
  id: string,
  name: string,
  slug: string,
  type: CustomFieldRecord['type'],
  entity: CustomFieldRecord['entity'],
  options: readonly string[],
  order: number,
): CustomFieldRecord {
  return {
    id,
    name,
    slug,
    type,
    entity,
    options: [...options],
    unique: slug === 'id_orcamento_erp' || slug === 'cpf',
    allow_new_option: type === 'multiple_choice',
    order,
    required_rules: [],
    display_rules: [],
    visible: true,
    created_at: ctx.ago(380 - order),
    updated_at: ctx.ago(100 - order),
  };
}

function product(
  ctx: SeedContext,
  id: string,
  name: string,
  description: string | null,
  price: number,
  category: string,
): ProductRecord {
  const created = ctx.ago(ctx.prng.int(60, 380));
  return {
    id,
    name,
    description,
    price,
    visible: true,
    custom_fields: { categoria: category },
    created_at: created,
    updated_at: ctx.between(created),
  };
}

function plainContact(ctx: SeedContext, id: string, name: string, phone: string): ContactRecord {
  return {
    id,
    name,
    job_title: null,
    emails: [],
    phones: [{ phone, type: 'mobile' }],
    birthday: null,
    social_profiles: [],
    organization_id: null,
    legal_bases: [],
    custom_fields: {},
    created_at: ctx.ago(150),
    updated_at: ctx.ago(20),
  };
}

function cpf(ctx: SeedContext): string {
  const d = (n: number) => String(ctx.prng.int(0, 10 ** n - 1)).padStart(n, '0');
  return `${d(3)}.${d(3)}.${d(3)}-${d(2)}`;
}

type DealInput = Omit<NewDeal, 'id' | 'name' | 'updated_at'>;

/** A seeded deal: last changed when it closed, else some time after it was created. */
export function baseDeal(ctx: SeedContext, id: string, name: string, input: DealInput): DealRecord {
  return newDealRecord({
    ...input,
    id,
    name,
    updated_at: input.closed_at ?? ctx.between(input.created_at),
  });
}

interface TaskInput {
  name: string;
  type: TaskType;
  status: TaskStatus;
  due_date: string;
  owner_ids: string[];
  created_by_id: string;
  description: string | null;
  created_at: string;
  completedBy: string;
}

export function task(ctx: SeedContext, id: string, dealId: string, input: TaskInput): TaskRecord {
  const completed = input.status === 'completed';
  return {
    id,
    name: input.name,
    description: input.description,
    type: input.type,
    status: input.status,
    due_date: input.due_date,
    created_by_id: input.created_by_id,
    completed_at: completed ? input.due_date : null,
    completed_by_id: completed ? input.completedBy : null,
    deal_id: dealId,
    owner_ids: input.owner_ids,
    created_at: input.created_at,
    updated_at: completed ? input.due_date : input.created_at,
  };
}
