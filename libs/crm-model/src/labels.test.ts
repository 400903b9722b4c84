import {
  BILLING_FREQUENCY_LABELS,
  DEAL_FILTER_LABELS,
  DEAL_STATUS_LABELS,
  DISCOUNT_TYPE_LABELS,
  PANEL_TAB_LABELS,
  PANEL_TABS,
  TASK_STATUS_FILTER_LABELS,
  TASK_STATUS_LABELS,
  TASK_TYPE_LABELS,
} from './labels';
import {
  BILLING_FREQUENCIES,
  DEAL_STATUSES,
  DISCOUNT_TYPES,
  TASK_STATUSES,
  TASK_TYPES,
} from './enums';

describe('labels (PRODUCT.md §4, §9)', () => {
  it('names deal statuses as the spec does', () => {
    expect(DEAL_STATUSES).toEqual(['ongoing', 'paused', 'won', 'lost']);
    expect(DEAL_STATUS_LABELS).toEqual({
      ongoing: 'Em andamento',
      paused: 'Pausada',
      won: 'Venda Ganha',
      lost: 'Venda Perdida',
    });
  });

  it('names the deal filters', () => {
    expect(DEAL_FILTER_LABELS).toEqual({
      all: 'Todas as negociações',
      contact: 'Negociações com esse contato',
    });
  });

  it('lists task types in order with their labels', () => {
    expect(TASK_TYPES.map((type) => TASK_TYPE_LABELS[type])).toEqual([
      'Ligação',
      'E-mail',
      'Reunião',
      'Tarefa',
      'Almoço',
      'Visita',
      'WhatsApp',
    ]);
  });

  it('labels task statuses for the filter and the badge', () => {
    expect(TASK_STATUSES.map((s) => TASK_STATUS_FILTER_LABELS[s])).toEqual([
      'Abertas',
      'Concluídas',
      'Canceladas',
    ]);
    expect(TASK_STATUSES.map((s) => TASK_STATUS_LABELS[s])).toEqual([
      'Aberta',
      'Concluída',
      'Cancelada',
    ]);
  });

  it('labels billing frequencies and discount types', () => {
    expect(BILLING_FREQUENCIES.map((f) => [f, BILLING_FREQUENCY_LABELS[f]])).toEqual([
      ['one-time', 'Pagamento único'],
      ['monthly', 'Mensal'],
      ['annually', 'Anual'],
    ]);
    expect(DISCOUNT_TYPES.map((d) => [d, DISCOUNT_TYPE_LABELS[d]])).toEqual([
      ['amount', 'Valor fixo (R$)'],
      ['percentage', 'Porcentagem (%)'],
    ]);
  });

  it('labels the panel tabs in order', () => {
    expect(PANEL_TABS.map((t) => PANEL_TAB_LABELS[t])).toEqual([
      'Geral',
      'Notas',
      'Tarefas',
      'Produtos e Serviços',
    ]);
  });
});
