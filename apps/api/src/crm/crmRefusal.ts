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
