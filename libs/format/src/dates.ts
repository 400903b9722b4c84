export type DateInput = string | number | Date;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Parses what the API and the host send. A bare 'yyyy-mm-dd' is a calendar day, so it is read in
 * the local zone (JavaScript would read it as UTC midnight and show the day before in Brazil).
 * Returns null for anything unparsable.
 */
export function toDate(input: DateInput): Date | null {
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : input;
  if (typeof input === 'number') return Number.isFinite(input) ? new Date(input) : null;
  const dateOnly = DATE_ONLY.exec(input.trim());
  const date = dateOnly
    ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** 'dd/mm/yyyy' in the local time zone; '' when the input is not a date. */
export function formatDate(input: DateInput): string {
  const date = toDate(input);
  if (!date) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** 'HH:mm' (24 h) in the local time zone; '' when the input is not a date. */
export function formatTime(input: DateInput): string {
  const date = toDate(input);
  if (!date) return '';
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 'dd/mm/yyyy HH:mm' in the local time zone; '' when the input is not a date. */
export function formatDateTime(input: DateInput): string {
  const date = toDate(input);
  if (!date) return '';
  return `${formatDate(date)} ${formatTime(date)}`;
}

/** 'yyyy-mm-dd' of the local day: the value of an <input type="date">; '' when not a date. */
export function toDateInputValue(input: DateInput): string {
  const date = toDate(input);
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

function isSameDay(a: Date, b: Date): boolean {
  return startOfDay(a).getTime() === startOfDay(b).getTime();
}

/** The notes timeline heading of a day: 'Hoje', 'Ontem', otherwise dd/mm/yyyy ('' if invalid). */
export function dayGroupLabel(input: DateInput, now: Date = new Date()): string {
  const date = toDate(input);
  if (!date) return '';
  if (isSameDay(date, now)) return 'Hoje';
  // Built from calendar fields, not now − 24 h, so days with a DST shift still work.
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (isSameDay(date, yesterday)) return 'Ontem';
  return formatDate(date);
}

export interface DayGroup<T> {
  /** Local day as 'yyyy-mm-dd' ('' for items without a valid date); stable React key. */
  key: string;
  /** 'Hoje', 'Ontem', dd/mm/yyyy, or '' for items without a valid date. */
  label: string;
  items: T[];
}

/**
 * Groups items by local calendar day. Groups come in the order their first item appears and
 * items keep their input order, so sort first (e.g. notes newest first) and then group.
 */
export function groupByDay<T>(
  items: readonly T[],
  getDate: (item: T) => DateInput,
  now: Date = new Date(),
): DayGroup<T>[] {
  const groups = new Map<string, DayGroup<T>>();
  for (const item of items) {
    const date = toDate(getDate(item));
    const key = date ? toDateInputValue(date) : '';
    let group = groups.get(key);
    if (!group) {
      group = { key, label: date ? dayGroupLabel(date, now) : '', items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

/**
 * What a person types in a date field, shaped as dd/mm/yyyy while typing: digits only, at most
 * eight, with the slashes put in ('30112026' and '30/11/2026' both give '30/11/2026').
 */
export function maskDateText(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

const DISPLAY_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** 'dd/mm/yyyy' typed by a person → 'yyyy-mm-dd'; null unless it is a real calendar day. */
export function parseDateText(text: string): string | null {
  const match = DISPLAY_DATE.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return null;
  }
  return `${match[3]}-${match[2]}-${match[1]}`;
}
