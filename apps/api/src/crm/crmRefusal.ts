import { ApiError } from '@api/errors';
import { isRecord } from '@api/http';

/** A 400/422 of the CRM, with its error items (which field or parameter it refused). */
export class CrmRefusal extends ApiError {
  readonly problems: readonly string[];

  constructor(status: number, message: string, problems: readonly string[]) {
    super(status, message);
    this.name = 'CrmRefusal';
    this.problems = problems;
  }
}

/** The error items of a CRM refusal's body, each as text. */
export function problemsOf(body: unknown): string[] {
  if (!isRecord(body) || !Array.isArray(body.errors)) return [];
  return body.errors.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
}

/**
 * The field a v2 error item names itself: JSON:API's source pointer or parameter, a field key, or
 * a pointer beside the detail (as the sandbox writes it).
 */
export function namedFieldOf(item: Record<string, unknown>): string | null {
  const source = isRecord(item.source) ? item.source : {};
  const candidate = [
    source.pointer,
    source.parameter,
    item.field,
    item.attribute,
    item.path,
    item.pointer,
  ].find((value) => typeof value === 'string' && value !== '');
  return typeof candidate === 'string' ? candidate : null;
}

/** The field a v2 error item is about: the one it names, else the one its detail starts with. */
export function fieldOf(item: Record<string, unknown>): string | null {
  const named = namedFieldOf(item);
  if (named !== null) return named;
  // Without a source, the CRM's detail starts with the field ('emails[].email must be …').
  const detail = typeof item.detail === 'string' ? item.detail : '';
  return /^[a-z_][a-z0-9_.[\]/]*/i.exec(detail)?.[0] ?? null;
}
