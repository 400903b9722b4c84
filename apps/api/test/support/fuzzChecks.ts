import { MESSAGES, NOVUS_MAPPING_FIELDS, NOVUS_MAPPING_MESSAGES } from '@crm-panel/crm-model';
import { API_MESSAGES } from '@api/messages';

function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null)
    return Object.values(value).flatMap(stringLeaves);
  return [];
}

/** Every fixed pt-BR sentence the api may answer. */
const KNOWN = new Set<string>([
  ...stringLeaves(API_MESSAGES),
  ...stringLeaves(MESSAGES),
  ...stringLeaves(NOVUS_MAPPING_MESSAGES),
]);

/** The Novus mapping's field labels, as its refusals start ('Id do contato: …'). */
const MAPPING_LABELS = NOVUS_MAPPING_FIELDS.map((field) =>
  field.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
).join('|');

/** The sentences built by src/validation.ts and the CRM-rejection prefix (the CRM's reason follows). */
const TEMPLATES: RegExp[] = [
  /^O campo '.*' (é obrigatório|deve |não pode ficar vazio|tem um formato inválido|tem itens demais|não é permitido|é inválido|contém caracteres de controle)/su,
  /^O corpo da requisição deve ser .+\.$/u,
  /^Requisição inválida\.$/u,
  /^Informe ao menos um campo para atualizar\.$/u,
  new RegExp(`^${API_MESSAGES.crmRejected}(\\. .+|: .+)$`, 'su'),
  new RegExp(`^(${MAPPING_LABELS}): .+`, 'su'),
  /^Endpoint inválido: .+\.$/su,
  /^Com este mapeamento o id do usuário não aparece na última resposta do getInfoUser /u,
];

export function isPortugueseMessage(message: string): boolean {
  return KNOWN.has(message) || TEMPLATES.some((template) => template.test(message));
}

export interface FuzzResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export interface CheckOptions {
  /** The OAuth callback answers pt-BR HTML pages. */
  html?: boolean;
  /** HEAD answers carry no body. */
  head?: boolean;
  /** The audit export answers its 2xx as a CSV file (UTF-8 with BOM). */
  csv?: boolean;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * What is wrong with an answer to hostile input, or null: never a 5xx (the sandbox is healthy, so
 * not even the proxy's 502/504), and every 4xx a JSON `{ message }` in pt-BR (the callback's
 * 4xx may instead be its pt-BR HTML page).
 */
export function problemOf(response: FuzzResponse, options: CheckOptions = {}): string | null {
  const { statusCode: status, body } = response;
  const type = String(response.headers['content-type'] ?? '');
  const shown = `${status} ${type} ${body.slice(0, 300)}`;
  if (status >= 500) return `5xx: ${shown}`;
  if (status < 200) return `status inesperado: ${shown}`;
  if (options.head) return null;
  if (status < 400) {
    if (options.html && type.startsWith('text/html')) return null;
    if (options.csv && type === 'text/csv; charset=utf-8' && body.startsWith('\uFEFF')) return null;
    // GET /api/events: a stream that started as SSE (its retry hint first).
    if (type.startsWith('text/event-stream') && body.startsWith('retry: ')) return null;
    if (status === 204 && body === '') return null;
    if (!type.startsWith('application/json') || parse(body) === undefined)
      return `2xx/3xx sem JSON: ${shown}`;
    return null;
  }
  if (options.html && type.startsWith('text/html')) {
    const page = [...KNOWN].some((message) => message.length > 20 && body.includes(message));
    return page && body.includes('lang="pt-BR"')
      ? null
      : `página de erro sem texto pt-BR: ${shown}`;
  }
  if (!type.startsWith('application/json')) return `4xx sem JSON: ${shown}`;
  const json = parse(body);
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return `4xx sem objeto JSON: ${shown}`;
  const keys = Object.keys(json).filter((key) => key !== 'code');
  const { message, code } = json as { message?: unknown; code?: unknown };
  if (
    keys.length !== 1 ||
    typeof message !== 'string' ||
    (code !== undefined && typeof code !== 'string')
  )
    return `4xx fora do formato { message, code? }: ${shown}`;
  if (!isPortugueseMessage(message)) return `4xx com mensagem fora do pt-BR conhecido: ${shown}`;
  return null;
}

export interface Failure {
  where: string;
  problem: string;
}

/** One line per kind of problem (the echoed URL left out), with how often and one example. */
export function grouped(failures: Failure[]): string[] {
  const groups = new Map<string, Failure[]>();
  for (const failure of failures) {
    const kind = failure.problem
      .replace(/(.)\1{19,}/g, '$1…')
      .replace(/'\/[^']*('|$)/g, "'<url>'")
      .slice(0, 220);
    groups.set(kind, [...(groups.get(kind) ?? []), failure]);
  }
  return [...groups].map(
    ([kind, list]) =>
      `${kind} ← ${list.length}× (ex.: ${list[0]?.where.replace(/(.)\1{19,}/g, '$1…').slice(0, 120)})`,
  );
}
