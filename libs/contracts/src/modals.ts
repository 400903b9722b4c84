import { AUTH_WINDOW, type DealProduct, type Note, type Task } from '@crm-panel/crm-model';

/**
 * The modal pages of PRODUCT.md §2, by route id → path. The shell mounts each path; a form opens one
 * through host-bridge's `openForm(route, query)` and ends with `closeForm(result)`.
 */
export const MODAL_PATHS = {
  'contact-edit': '/contact-edit-modal',
  'deal-create': '/deal-create-modal',
  'note-create': '/note-create-modal',
  'note-view': '/note-view-modal',
  'task-create': '/task-create-modal',
  'product-create': '/product-create-modal',
  'credentials-setup': '/credentials-setup-modal',
  'credentials-manager': '/credentials-manager-modal',
  'remove-integration': '/remove-integration-modal',
} as const;

export type ModalRoute = keyof typeof MODAL_PATHS;
export type ModalPath = (typeof MODAL_PATHS)[ModalRoute];

export const MODAL_ROUTES = Object.keys(MODAL_PATHS) as readonly ModalRoute[];

/** Query of a modal route that takes none. */
export type EmptyModalQuery = Record<never, never>;

/** /contact-edit-modal: the CRM contact being edited and its current organization. */
export interface ContactEditQuery {
  contactId: string;
  /** Current name; may be empty, the form validates it. */
  name: string;
  organizationId?: string;
  organizationName?: string;
}

/** /deal-create-modal: the CRM contact the new deal starts with, if any. */
export interface DealCreateQuery {
  contactId?: string;
}

/**
 * /note-create-modal. Ids are optional on the wire because the form itself reports the missing
 * ones with the spec's texts ('ID da negociação não encontrado', 'Informações do atendimento não
 * disponíveis').
 */
export interface NoteCreateQuery {
  dealId?: string;
  dealName?: string;
  userId?: string;
  /** Host attendance id (atendimentoId), for the import from chat. */
  chatId?: string;
  /** Host channel id (canalId), for the import from chat. */
  channelId?: string;
}

/** /note-view-modal: a read-only note. */
export interface NoteViewQuery {
  /** Note HTML; the page sanitises it before display. */
  body: string;
  /** ISO date-time of the note. */
  registeredAt: string;
  dealName?: string;
}

/** /task-create-modal: create, or edit when taskId is present. */
export interface TaskCreateQuery {
  dealId?: string;
  dealName?: string;
  taskId?: string;
  /** CRM user id of the person creating the task (created_by_id). */
  creatorId?: string;
}

/** /product-create-modal: add, or edit when productId (the deal-product id) is present. */
export interface ProductCreateQuery {
  dealId?: string;
  dealName?: string;
  productId?: string;
}

export interface ModalQueries {
  'contact-edit': ContactEditQuery;
  'deal-create': DealCreateQuery;
  'note-create': NoteCreateQuery;
  'note-view': NoteViewQuery;
  'task-create': TaskCreateQuery;
  'product-create': ProductCreateQuery;
  'credentials-setup': EmptyModalQuery;
  'credentials-manager': EmptyModalQuery;
  'remove-integration': EmptyModalQuery;
}

export type ModalQuery<R extends ModalRoute> = ModalQueries[R];

/** What `buildModalUrl` accepts: optional fields may also be null (CRM data often is). */
export type ModalQueryInput<R extends ModalRoute> = {
  [K in keyof ModalQueries[R]]: undefined extends ModalQueries[R][K]
    ? ModalQueries[R][K] | null
    : ModalQueries[R][K];
};

/** 'id': non-empty text; 'text': any text, may be empty; 'datetime': a parsable date-time. */
type FieldKind = 'id' | 'text' | 'datetime';
interface FieldSpec {
  kind: FieldKind;
  required: boolean;
}

const id = (required: boolean): FieldSpec => ({ kind: 'id', required });
const text = (required: boolean): FieldSpec => ({ kind: 'text', required });

/** Field order here is the order of the built query string. */
const MODAL_FIELDS: { [R in ModalRoute]: { [K in keyof ModalQueries[R]]-?: FieldSpec } } = {
  'contact-edit': {
    contactId: id(true),
    name: text(true),
    organizationId: id(false),
    organizationName: text(false),
  },
  'deal-create': { contactId: id(false) },
  'note-create': {
    dealId: id(false),
    dealName: text(false),
    userId: id(false),
    chatId: id(false),
    channelId: id(false),
  },
  'note-view': {
    body: text(true),
    registeredAt: { kind: 'datetime', required: true },
    dealName: text(false),
  },
  'task-create': {
    dealId: id(false),
    dealName: text(false),
    taskId: id(false),
    creatorId: id(false),
  },
  'product-create': { dealId: id(false), dealName: text(false), productId: id(false) },
  'credentials-setup': {},
  'credentials-manager': {},
  'remove-integration': {},
};

function fieldsOf(route: ModalRoute): [string, FieldSpec][] {
  return Object.entries(MODAL_FIELDS[route] as Record<string, FieldSpec>);
}

export function isModalRoute(value: unknown): value is ModalRoute {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(MODAL_PATHS, value);
}

/** The modal route mounted at a pathname ('/task-create-modal' → 'task-create'), or null. */
export function modalRouteFromPath(pathname: string): ModalRoute | null {
  const normalized = pathname.replace(/\/+$/, '');
  return MODAL_ROUTES.find((route) => normalized.endsWith(MODAL_PATHS[route])) ?? null;
}

/**
 * Path and query of a modal page, relative to the panel's origin, e.g.
 * `/note-view-modal?body=...&registeredAt=...`. Absent, null and (optional) empty values are left out.
 */
export function buildModalUrl<R extends ModalRoute>(route: R, query: ModalQueryInput<R>): string {
  const params = new URLSearchParams();
  const values = query as Record<string, string | null | undefined>;
  for (const [name, spec] of fieldsOf(route)) {
    const value = values[name];
    if (value === undefined || value === null) continue;
    if (value === '' && !spec.required) continue;
    params.set(name, value);
  }
  const search = params.toString();
  return search ? `${MODAL_PATHS[route]}?${search}` : MODAL_PATHS[route];
}

export type ModalQueryProblem = 'missing' | 'invalid';

export interface ModalQueryIssue {
  field: string;
  problem: ModalQueryProblem;
}

export type ModalQueryParseResult<R extends ModalRoute> =
  { ok: true; query: ModalQuery<R> } | { ok: false; error: string; issues: ModalQueryIssue[] };

function describeIssue(issue: ModalQueryIssue): string {
  return issue.problem === 'missing'
    ? `${issue.field} (obrigatório)`
    : `${issue.field} (valor inválido)`;
}

/**
 * Reads a modal page's query. Unknown parameters are ignored (the host adds its own, such as
 * `hostSdk`); empty optional values count as absent.
 */
export function parseModalQuery<R extends ModalRoute>(
  route: R,
  params: URLSearchParams,
): ModalQueryParseResult<R> {
  const query: Record<string, string> = {};
  const issues: ModalQueryIssue[] = [];
  for (const [name, spec] of fieldsOf(route)) {
    const raw = params.get(name);
    if (raw === null || (raw === '' && spec.kind !== 'text')) {
      if (spec.required) issues.push({ field: name, problem: 'missing' });
      continue;
    }
    if (raw === '' && !spec.required) continue;
    if (spec.kind === 'id' && raw.trim() === '') {
      issues.push({ field: name, problem: 'invalid' });
      continue;
    }
    if (spec.kind === 'datetime' && Number.isNaN(Date.parse(raw))) {
      issues.push({ field: name, problem: 'invalid' });
      continue;
    }
    query[name] = raw;
  }
  if (issues.length > 0) {
    return {
      ok: false,
      issues,
      error: `Parâmetros inválidos em ${MODAL_PATHS[route]}: ${issues.map(describeIssue).join(', ')}`,
    };
  }
  return { ok: true, query: query as unknown as ModalQuery<R> };
}

/** Cancel, or a failed form: PRODUCT.md §4 'Cancel closes with success false'. */
export interface ModalCancelled {
  success: false;
}

/**
 * A form that completed. Which fields a route sets:
 * contact-edit `updated`; deal-create `dealId` (the new deal becomes the selected one);
 * note-create `updated` and `note` (the CRM's response); task-create `task` (the CRM's
 * response) or `updated`; product-create `product` or `updated`; credentials-setup `updated`;
 * remove-integration and credentials-manager `removed` + `usersAffected`.
 */
export interface ModalSucceeded {
  success: true;
  updated?: boolean;
  task?: Task;
  product?: DealProduct;
  note?: Note;
  dealId?: string;
  removed?: boolean;
  usersAffected?: number;
}

export type ModalResult = ModalCancelled | ModalSucceeded;

export const MODAL_CANCELLED: ModalCancelled = Object.freeze({ success: false });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optional(value: unknown, check: (v: unknown) => boolean): boolean {
  return value === undefined || check(value);
}

const isBoolean = (v: unknown): boolean => typeof v === 'boolean';
const isString = (v: unknown): boolean => typeof v === 'string';
const isCount = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const hasStringId = (v: unknown): boolean => isRecord(v) && typeof v.id === 'string';

/** Checks a result that crossed a window boundary (postMessage) before anyone trusts it. */
export function isModalResult(value: unknown): value is ModalResult {
  if (!isRecord(value)) return false;
  if (value.success === false) return true;
  if (value.success !== true) return false;
  return (
    optional(value.updated, isBoolean) &&
    optional(value.removed, isBoolean) &&
    optional(value.dealId, isString) &&
    optional(value.usersAffected, isCount) &&
    optional(value.task, hasStringId) &&
    optional(value.product, hasStringId) &&
    optional(value.note, hasStringId)
  );
}

/** Size of a form window: host modals and the popup fallback (centred) alike. */
export const FORM_WINDOW = { width: AUTH_WINDOW.width, height: AUTH_WINDOW.height } as const;

const MODAL_TITLES: { [R in ModalRoute]: (query: ModalQuery<R>) => string } = {
  'contact-edit': () => 'Editar Contato',
  'deal-create': () => 'Criar Negociação',
  'note-create': () => 'Adicionar Nota',
  'note-view': () => 'Nota',
  'task-create': (query) => (query.taskId ? 'Editar Tarefa' : 'Criar Tarefa'),
  'product-create': (query) => (query.productId ? 'Editar Produto' : 'Adicionar Produto'),
  'credentials-setup': () => 'Configuração Necessária',
  'credentials-manager': () => 'Gerenciar Integração',
  'remove-integration': () => 'Desativar Integração',
};

/** Default window title the host shows above a modal route. */
export function modalTitle<R extends ModalRoute>(route: R, query: ModalQueryInput<R>): string {
  const title = MODAL_TITLES[route] as (q: ModalQueryInput<R>) => string;
  return title(query);
}
