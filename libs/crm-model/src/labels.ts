import { type DealFilter, type DealStatus } from './deal';
import { type BillingFrequency, type DiscountType } from './product';
import { type TaskStatus, type TaskType } from './task';

export const DEAL_STATUS_LABELS: Readonly<Record<DealStatus, string>> = {
  ongoing: 'Em andamento',
  paused: 'Pausada',
  won: 'Venda Ganha',
  lost: 'Venda Perdida',
};

export const DEAL_FILTERS: readonly DealFilter[] = ['all', 'contact'];

export const DEAL_FILTER_LABELS: Readonly<Record<DealFilter, string>> = {
  all: 'Todas as negociações',
  contact: 'Negociações com esse contato',
};

export const TASK_TYPE_LABELS: Readonly<Record<TaskType, string>> = {
  call: 'Ligação',
  email: 'E-mail',
  meeting: 'Reunião',
  task: 'Tarefa',
  lunch: 'Almoço',
  visit: 'Visita',
  whatsapp: 'WhatsApp',
};

/** Filter menu of the tasks tab (plural, PRODUCT.md §2). */
export const TASK_STATUS_FILTER_LABELS: Readonly<Record<TaskStatus, string>> = {
  open: 'Abertas',
  completed: 'Concluídas',
  canceled: 'Canceladas',
};

/** Status badge on one task card (singular). */
export const TASK_STATUS_LABELS: Readonly<Record<TaskStatus, string>> = {
  open: 'Aberta',
  completed: 'Concluída',
  canceled: 'Cancelada',
};

export const BILLING_FREQUENCY_LABELS: Readonly<Record<BillingFrequency, string>> = {
  'one-time': 'Pagamento único',
  monthly: 'Mensal',
  annually: 'Anual',
};

export const DISCOUNT_TYPE_LABELS: Readonly<Record<DiscountType, string>> = {
  amount: 'Valor fixo (R$)',
  percentage: 'Porcentagem (%)',
};

export type PanelTab = 'general' | 'notes' | 'tasks' | 'products';

export const PANEL_TABS: readonly PanelTab[] = ['general', 'notes', 'tasks', 'products'];

export const PANEL_TAB_LABELS: Readonly<Record<PanelTab, string>> = {
  general: 'Geral',
  notes: 'Notas',
  tasks: 'Tarefas',
  products: 'Produtos e Serviços',
};
