import { type AuditQuery, type TaskStatus } from '@crm-panel/crm-model';

const ROOT = 'crm-panel';

const norm = (search: string | undefined): string => (search ?? '').trim();

/**
 * Every query key of the panel, shared by all remotes so one remote's write can invalidate what
 * another shows. Prefixes nest: `queryKeys.all` covers everything, `[ROOT, 'deals']` every deal query.
 */
export const queryKeys = {
  all: [ROOT] as const,
  authStatus: () => [ROOT, 'auth', 'status'] as const,
  crmUsers: () => [ROOT, 'auth', 'crm-users'] as const,
  credentialsStatus: () => [ROOT, 'credentials', 'status'] as const,
  termsStatus: () => [ROOT, 'terms', 'status'] as const,
  audit: (query: AuditQuery, unlockAttempt: number) =>
    [ROOT, 'audit', { ...query, unlockAttempt }] as const,
  auditPeople: (unlockAttempt: number) => [ROOT, 'audit', 'people', { unlockAttempt }] as const,
  profile: () => [ROOT, 'profile'] as const,
  chatMessages: (chatId: string, channelId: string) => [ROOT, 'chat', chatId, channelId] as const,

  users: () => [ROOT, 'users', 'list'] as const,
  user: (id: string) => [ROOT, 'users', 'detail', id] as const,
  pipelines: () => [ROOT, 'pipelines', 'list'] as const,
  pipeline: (id: string) => [ROOT, 'pipelines', 'detail', id] as const,
  stages: (pipelineId: string) => [ROOT, 'stages', pipelineId] as const,
  sources: () => [ROOT, 'sources'] as const,
  campaigns: () => [ROOT, 'campaigns'] as const,
  lostReasons: (search?: string) => [ROOT, 'lost-reasons', { search: norm(search) }] as const,
  customFields: () => [ROOT, 'custom-fields', 'deal'] as const,
  products: (search?: string) => [ROOT, 'products', 'list', { search: norm(search) }] as const,
  productsInfinite: (search?: string) =>
    [ROOT, 'products', 'infinite', { search: norm(search) }] as const,
  product: (id: string) => [ROOT, 'products', 'detail', id] as const,
  organizationsInfinite: (search: string | undefined, limit: number) =>
    [ROOT, 'organizations', 'infinite', { search: norm(search), limit }] as const,
  organization: (id: string) => [ROOT, 'organizations', 'detail', id] as const,

  contactsInfinite: (search?: string) =>
    [ROOT, 'contacts', 'infinite', { search: norm(search) }] as const,
  contactsPage: () => [ROOT, 'contacts', 'page'] as const,
  contact: (id: string) => [ROOT, 'contacts', 'detail', id] as const,
  contactMapping: (hostContactId: string) => [ROOT, 'contact-mapping', hostContactId] as const,
  lastDeal: (crmContactId: string) => [ROOT, 'last-deal', crmContactId] as const,

  dealsInfinite: (search?: string, contactId?: string | null) =>
    [ROOT, 'deals', 'infinite', { search: norm(search), contactId: contactId ?? null }] as const,
  deal: (id: string) => [ROOT, 'deals', 'detail', id] as const,
  dealNotes: (dealId: string) => [ROOT, 'notes', dealId] as const,
  tasks: (dealId: string, status: TaskStatus) =>
    [ROOT, 'tasks', 'list', { dealId, status }] as const,
  task: (id: string) => [ROOT, 'tasks', 'detail', id] as const,
  dealProducts: (dealId: string) => [ROOT, 'deal-products', dealId] as const,

  // Prefixes: each covers every list of its kind, whatever the search, filter or page.
  /** Every page of the deal picker. */
  dealLists: () => [ROOT, 'deals', 'infinite'] as const,
  /** Every read of the product catalogue (lists, pages, single products). */
  productsCatalogue: () => [ROOT, 'products'] as const,
  /** Every contact list and search (the contact pickers, the linking page's suggestions). */
  contactLists: () => [ROOT, 'contacts'] as const,
  /**
   * Every task list of one deal, whatever the status filter: TanStack Query matches the trailing
   * object partially, so this covers 'Abertas', 'Concluídas' and 'Canceladas' at once.
   */
  dealTaskLists: (dealId: string) => [ROOT, 'tasks', 'list', { dealId }] as const,
  /** Every chat's link to a CRM contact (a live change names the mapping, not the chat). */
  contactMappings: () => [ROOT, 'contact-mapping'] as const,
} as const;
