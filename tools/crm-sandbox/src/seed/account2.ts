import { type AccountSeed } from '@crm-sandbox/store/AccountStore';
import {
  type ContactRecord,
  type DealStatus,
  type OrganizationRecord,
  type ProductRecord,
  type TaskStatus,
  TASK_TYPES,
} from '@crm-sandbox/store/records';
import { baseDeal, task } from './account1';
import { WELL_KNOWN } from './fixtures';
import { SeedContext } from './SeedContext';
import { NOTE_TEXTS, TASK_NAMES } from './vocabulary';

const W = WELL_KNOWN.account2;

const STAGES = ['Novo pedido', 'Diagnóstico', 'Orçamento', 'Fechado'];
const ORGS = [
  'Condomínio Jardins',
  'Clínica Vida Plena',
  'Escola Pequeno Príncipe',
  'Mercado Bom Preço',
];
const PRODUCTS: [string, string | null, number][] = [
  ['Manutenção preventiva mensal', 'Visita mensal de manutenção predial', 1200],
  ['Limpeza de caixa d’água', null, 450],
  ['Pintura de fachada (m²)', 'Pintura acrílica com andaime incluso', 38],
  ['Instalação elétrica', 'Revisão e adequação de quadros elétricos conforme NBR 5410', 2200],
  ['Jardinagem', 'Poda e manutenção de áreas verdes', 600],
  ['Dedetização', null, 350],
  ['Reparo hidráulico', 'Atendimento emergencial 24 horas', 280],
  ['Contrato anual de zeladoria', 'Equipe fixa de zeladoria com reposição em férias', 36000],
];

/** The second account: small and different, to prove data never leaks between accounts. */
export function seedAccount2(seed: number, nowMs: number): AccountSeed {
  const ctx = new SeedContext(2, seed + 7919, nowMs, [W.contact.phone]);
  const { prng } = ctx;
  ctx.reserveName(W.contact.name);

  const users = Object.values(W.users).map((user, index) => ({
    id: user.id,
    name: user.name,
    email: user.email,
    phone: null,
    active: true,
    visible: true,
    v1Token: user.v1Token,
    created_at: ctx.ago(200 - index),
    updated_at: ctx.ago(50 - index),
  }));
  const named = (kind: 'source' | 'campaign', names: string[]) =>
    names.map((name, index) => ({
      id: ctx.id(kind),
      name,
      description: null,
      created_at: ctx.ago(190 - index),
      updated_at: ctx.ago(190 - index),
    }));
  const sources = named('source', ['Google', 'Indicação', 'Panfleto']);
  const campaigns = named('campaign', ['Síndicos 2025', 'Volta às aulas']);
  const lostReasons = ['Preço alto', 'Fechou com outra empresa', 'Desistiu do serviço'].map(
    (name, index) => ({
      id: ctx.id('lostReason'),
      name,
      created_at: ctx.ago(190 - index),
      updated_at: ctx.ago(190 - index),
    }),
  );
  const pipelines = [
    {
      id: W.pipeline.id,
      name: W.pipeline.name,
      order: 1,
      created_at: ctx.ago(190),
      updated_at: ctx.ago(190),
    },
  ];
  const stages = STAGES.map((name, index) => ({
    id: ctx.id('stage'),
    pipeline_id: W.pipeline.id,
    name,
    description: null,
    objective: null,
    order: index + 1,
    created_at: ctx.ago(190),
    updated_at: ctx.ago(190),
  }));
  const customFields = [
    {
      id: ctx.id('customField'),
      name: 'Tipo de serviço',
      slug: 'tipo_servico',
      type: 'option' as const,
      entity: 'deal' as const,
      options: ['Preventivo', 'Corretivo', 'Emergencial'],
      unique: false,
      allow_new_option: false,
      order: 1,
      required_rules: [],
      display_rules: [],
      visible: true,
      created_at: ctx.ago(180),
      updated_at: ctx.ago(180),
    },
  ];
  const products: ProductRecord[] = PRODUCTS.map(([name, description, price]) => ({
    id: ctx.id('product'),
    name,
    description,
    price,
    visible: true,
    custom_fields: {},
    created_at: ctx.ago(170),
    updated_at: ctx.ago(170),
  }));
  const organizations: OrganizationRecord[] = ORGS.map((name) => ({
    id: ctx.id('organization'),
    name,
    description: null,
    url: null,
    address: {
      line: `Rua da Bahia, ${prng.int(10, 999)} - Belo Horizonte/MG`,
      latitude: null,
      longitude: null,
    },
    segment_ids: [],
    follower_ids: [],
    owner_id: W.users.renata.id,
    custom_fields: {},
    created_at: ctx.ago(160),
    updated_at: ctx.ago(60),
  }));
  const contact = (
    id: string,
    name: string,
    phone: string,
    orgId: string | null,
  ): ContactRecord => ({
    id,
    name,
    job_title: prng.chance(0.5) ? 'Síndico' : null,
    emails: prng.chance(0.7) ? [{ email: ctx.emailFor(name, null) }] : [],
    phones: [{ phone, type: 'mobile' }],
    birthday: null,
    social_profiles: [],
    organization_id: orgId,
    legal_bases: [],
    custom_fields: {},
    created_at: ctx.ago(prng.int(20, 150)),
    updated_at: ctx.ago(prng.int(0, 19)),
  });
  const contacts: ContactRecord[] = [
    contact(W.contact.id, W.contact.name, W.contact.phone, organizations[0]?.id ?? null),
  ];
  while (contacts.length < W.counts.contacts) {
    contacts.push(
      contact(ctx.id('contact', 2), ctx.personName(), ctx.mobile(31), prng.pick(organizations).id),
    );
  }

  const deals = [];
  const notes = [];
  const tasks = [];
  const dealProducts = [];
  const statuses: DealStatus[] = [
    'ongoing',
    'ongoing',
    'ongoing',
    'ongoing',
    'paused',
    'won',
    'won',
    'lost',
    'ongoing',
    'lost',
  ];
  for (let index = 0; index < W.counts.deals; index += 1) {
    const status = statuses[index] ?? 'ongoing';
    const first = index === 0 ? contacts[0] : prng.pick(contacts);
    if (!first) break;
    const org = organizations.find((item) => item.id === first.organization_id);
    const created = ctx.ago(prng.int(5, 150), 14);
    const closed = status === 'won' || status === 'lost';
    const stage = stages[closed ? 3 : prng.int(0, 2)] ?? stages[0];
    if (!stage) break;
    const deal = baseDeal(
      ctx,
      index === 0 ? W.deal.id : ctx.id('deal', 2),
      index === 0 ? W.deal.name : `${prng.pick(PRODUCTS)[0]} - ${org?.name ?? first.name}`,
      {
        pipeline_id: W.pipeline.id,
        stage_id: stage.id,
        owner_id: prng.pick(users).id,
        status,
        rating: prng.int(0, 5),
        closed_at: closed ? ctx.between(created) : null,
        lost_reason_id: status === 'lost' ? prng.pick(lostReasons).id : null,
        source_id: prng.pick(sources).id,
        organization_id: org?.id ?? null,
        contact_ids: [first.id],
        custom_fields: { tipo_servico: prng.pick(['Preventivo', 'Corretivo', 'Emergencial']) },
        created_at: created,
      },
    );
    deals.push(deal);
    const item = prng.pick(products);
    dealProducts.push(ctx.dealProduct(deal.id, item.id, item.price, created));
    notes.push({
      id: ctx.id('note'),
      deal_id: deal.id,
      description: prng.pick(NOTE_TEXTS),
      user_id: deal.owner_id,
      registered_at: ctx.between(created),
      pinned_at: null,
      edited_by_id: null,
      edited_at: null,
    });
    const type = prng.pick(TASK_TYPES);
    const taskStatus: TaskStatus = closed ? 'completed' : 'open';
    tasks.push(
      task(ctx, ctx.id('task'), deal.id, {
        name: prng.pick(TASK_NAMES[type] ?? ['Tarefa']),
        type,
        status: taskStatus,
        due_date: closed ? ctx.between(created) : ctx.ahead(prng.int(-3, 15)),
        owner_ids: [deal.owner_id],
        created_by_id: deal.owner_id,
        description: null,
        created_at: created,
        completedBy: deal.owner_id,
      }),
    );
  }

  return {
    users,
    sources,
    campaigns,
    lostReasons,
    segments: [],
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
