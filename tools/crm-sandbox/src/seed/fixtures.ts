import { seedId } from '@crm-sandbox/store/ids';

// Records every seed contains whatever the PRNG seed is: use them in tests and demos.

const acmeUser = (ordinal: number, name: string, email: string, v1Token: string) => ({
  id: seedId(1, 'user', ordinal),
  name,
  email,
  v1Token,
});

const betaUser = (ordinal: number, name: string, email: string, v1Token: string) => ({
  id: seedId(2, 'user', ordinal),
  name,
  email,
  v1Token,
});

const ACME_USERS = {
  ana: acmeUser(
    1,
    'Ana Paula Ferreira',
    'ana.ferreira@acmesolucoes.com.br',
    'v1acme0001ana7f3c9e2b',
  ),
  bruno: acmeUser(
    2,
    'Bruno Carvalho',
    'bruno.carvalho@acmesolucoes.com.br',
    'v1acme0002bru4d8a1c6f',
  ),
  camila: acmeUser(3, 'Camila Rocha', 'camila.rocha@acmesolucoes.com.br', 'v1acme0003cam9b2e7d40'),
  diego: acmeUser(4, 'Diego Martins', 'diego.martins@acmesolucoes.com.br', 'v1acme0004die1f6c3a85'),
  fernanda: acmeUser(
    5,
    'Fernanda Lima',
    'fernanda.lima@acmesolucoes.com.br',
    'v1acme0005fer8e4b2d17',
  ),
  /** Deactivated user: `is:active` leaves him out. */
  gustavo: acmeUser(
    6,
    'Gustavo Nogueira',
    'gustavo.nogueira@acmesolucoes.com.br',
    'v1acme0006gus3a9f5c60',
  ),
};

const BETA_USERS = {
  renata: betaUser(1, 'Renata Souza', 'renata@betaservicos.com.br', 'v1beta0001ren5c2d8e91'),
  otavio: betaUser(2, 'Otávio Mendes', 'otavio@betaservicos.com.br', 'v1beta0002ota7b1f4a36'),
};

const stage = (ordinal: number, name: string, account = 1) => ({
  id: seedId(account, 'stage', ordinal),
  name,
});

export const WELL_KNOWN = {
  account1: {
    id: 'acct-acme',
    name: 'Acme Soluções Ltda',
    clientId: 'sandbox-app',
    clientSecret: 'sandbox-secret',
    appName: 'Painel CRM (sandbox)',
    users: ACME_USERS,
    pipelines: {
      vendas: {
        id: seedId(1, 'pipeline', 1),
        name: 'Funil de Vendas',
        stages: [
          stage(1, 'Prospecção'),
          stage(2, 'Qualificação'),
          stage(3, 'Apresentação'),
          stage(4, 'Proposta enviada'),
          stage(5, 'Negociação'),
          stage(6, 'Fechamento'),
        ],
      },
      posVenda: {
        id: seedId(1, 'pipeline', 2),
        name: 'Pós-venda',
        stages: [
          stage(7, 'Onboarding'),
          stage(8, 'Implantação'),
          stage(9, 'Acompanhamento'),
          stage(10, 'Renovação'),
        ],
      },
      parcerias: {
        id: seedId(1, 'pipeline', 3),
        name: 'Parcerias',
        stages: [
          stage(11, 'Contato inicial'),
          stage(12, 'Avaliação'),
          stage(13, 'Proposta de parceria'),
          stage(14, 'Contrato'),
          stage(15, 'Parceria ativa'),
        ],
      },
    },
    lostReasons: {
      precoAlto: { id: seedId(1, 'lostReason', 1), name: 'Preço alto' },
      concorrente: { id: seedId(1, 'lostReason', 2), name: 'Escolheu concorrente' },
      semOrcamento: { id: seedId(1, 'lostReason', 3), name: 'Sem orçamento no momento' },
    },
    sources: {
      indicacao: { id: seedId(1, 'source', 2), name: 'Indicação' },
      whatsapp: { id: seedId(1, 'source', 7), name: 'WhatsApp' },
    },
    campaigns: {
      webinar: { id: seedId(1, 'campaign', 2), name: 'Webinar Gestão Comercial' },
    },
    customFields: {
      orcamentoErp: { id: seedId(1, 'customField', 1), slug: 'id_orcamento_erp', type: 'text' },
      dataImplantacao: {
        id: seedId(1, 'customField', 2),
        slug: 'data_prevista_implantacao',
        type: 'date',
      },
      segmento: { id: seedId(1, 'customField', 3), slug: 'segmento', type: 'option' },
      canais: {
        id: seedId(1, 'customField', 4),
        slug: 'canais_interesse',
        type: 'multiple_choice',
      },
    },
    organization: { id: seedId(1, 'organization', 1), name: 'Costa & Filhos Comércio Ltda' },
    /**
     * The demo contact: three deals with notes, tasks and products. Phones are kept as typed,
     * and `phone:` matches the stored string exactly (knob phoneMatch).
     */
    contact: {
      id: seedId(1, 'contact', 1),
      name: 'Mariana Costa',
      phone: '+5511987654321',
      email: 'mariana.costa@costaefilhos.com.br',
    },
    /** Phone stored as typed without +55: `phone:21998765432` finds it, `+5521998765432` not. */
    contactWithoutCountryCode: {
      id: seedId(1, 'contact', 2),
      name: 'Rafael Souza',
      phone: '21998765432',
      e164: '+5521998765432',
    },
    /** Old 8-digit mobile (no leading 9), typed with punctuation, and no deals at all. */
    contactWithoutNinthDigit: {
      id: seedId(1, 'contact', 3),
      name: 'Juliana Ribeiro',
      phone: '(41) 8877-6655',
      e164: '+5541988776655',
    },
    deals: {
      /** Ongoing, in "Funil de Vendas" / "Proposta enviada", three products (all frequencies). */
      implantacao: {
        id: seedId(1, 'deal', 1),
        name: 'Implantação CRM - Costa & Filhos',
      },
      /** Paused, in "Pós-venda" / "Onboarding", one product with a percentage discount. */
      treinamento: {
        id: seedId(1, 'deal', 2),
        name: 'Treinamento da equipe - Costa & Filhos',
      },
      /** Won. */
      licencas: { id: seedId(1, 'deal', 3), name: 'Licenças adicionais - Costa & Filhos' },
      /** Lost ("Preço alto"), contact Rafael Souza. */
      perdida: { id: seedId(1, 'deal', 4), name: 'Consultoria comercial - Souza Transportes' },
    },
    notes: {
      html: seedId(1, 'note', 1),
      plain: seedId(1, 'note', 2),
      /** Contains an <img onerror> payload: UIs must sanitise note HTML. */
      unsafeHtml: seedId(1, 'note', 3),
    },
    products: {
      planoPro: { id: seedId(1, 'product', 1), name: 'Plano Pro - Licença Mensal', price: 199.9 },
      implantacao: { id: seedId(1, 'product', 2), name: 'Implantação Assistida', price: 3500 },
      suporte: { id: seedId(1, 'product', 3), name: 'Suporte Premium Anual', price: 4800 },
      treinamento: {
        id: seedId(1, 'product', 4),
        name: 'Treinamento Online da Equipe',
        price: 890,
      },
    },
    dealProducts: {
      planoProMonthlyPercentage: seedId(1, 'dealProduct', 1),
      implantacaoOneTimeAmount: seedId(1, 'dealProduct', 2),
      suporteAnnually: seedId(1, 'dealProduct', 3),
      treinamentoPercentage: seedId(1, 'dealProduct', 4),
    },
    counts: { deals: 274, contacts: 323, organizations: 46, products: 64, users: 6 },
  },
  account2: {
    id: 'acct-beta',
    name: 'Beta Serviços ME',
    clientId: 'sandbox-app-2',
    clientSecret: 'sandbox-secret-2',
    appName: 'Painel CRM (sandbox 2)',
    users: BETA_USERS,
    pipeline: { id: seedId(2, 'pipeline', 1), name: 'Funil Beta' },
    deal: { id: seedId(2, 'deal', 1), name: 'Manutenção predial - Condomínio Jardins' },
    contact: { id: seedId(2, 'contact', 1), name: 'Carlos Pereira', phone: '+5531991234567' },
    counts: { deals: 10, contacts: 15 },
  },
} as const;

export type WellKnown = typeof WELL_KNOWN;
