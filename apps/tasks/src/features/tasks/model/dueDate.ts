import { toDate, toDateInputValue } from '@crm-panel/format';

const DATE_INPUT = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The ISO date-time the CRM receives for a day picked in the due-date field (yyyy-mm-dd).
 *
 * The CRM stores `due_date` as a UTC date-time, but the form only asks for a day. We send local
 * noon of that day (`new Date(y, m - 1, d, 12).toISOString()`, e.g. 2025-03-20 in São Paulo →
 * `2025-03-20T15:00:00.000Z`): anyone whose zone is less than 12 h from the creator's (all of
 * Brazil, and most of the world) still reads it as the same calendar day, which local midnight or
 * end of day would not guarantee. Returns null when the value is not a real calendar day.
 *
 * When the task already had a due date on that same day, its original value is kept, so saving an
 * edit without touching the date does not move the task's time.
 */
export function dueDateToIso(value: string, original?: string | null): string | null {
  const match = DATE_INPUT.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const noon = new Date(year, month - 1, day, 12);
  if (noon.getFullYear() !== year || noon.getMonth() !== month - 1 || noon.getDate() !== day) {
    return null;
  }
  if (original && toDate(original) && toDateInputValue(original) === value.trim()) return original;
  return noon.toISOString();
}

/** The due-date field value that shows a task's due date ('' when it has none). */
export function dueDateInputValue(dueDate: string | null | undefined): string {
  return dueDate ? toDateInputValue(dueDate) : '';
}
