export function isoDateTime(ms: number): string {
  return new Date(ms).toISOString();
}

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export const DAY_MS = 86_400_000;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export function isDateOnly(value: string): boolean {
  return DATE_RE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** Parses an ISO 8601 date-time (a space instead of T allowed, UTC when no zone); null when invalid. */
export function parseDateTime(value: string): number | null {
  if (!DATE_TIME_RE.test(value)) return null;
  let text = value.replace(' ', 'T');
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(text)) text += 'Z';
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}
