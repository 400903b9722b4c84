// Dates in a named time zone, whatever the zone of the machine (the api's CSV export and its
// period filter speak America/Sao_Paulo; the browser's own helpers in dates.ts use local time).

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(instant: number, timeZone: string): Record<string, number> {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(instant)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return parts;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const wall = Date.UTC(
    p.year ?? 0,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant (epoch ms) a calendar day 'yyyy-mm-dd' starts in `timeZone`; null if not a day. */
export function startOfDayIn(day: string, timeZone: string): number | null {
  const match = DATE_ONLY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, date);
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== date
  )
    return null;
  // Twice: the offset at the guess may differ from the offset at the answer (a DST change).
  const first = utc - offsetAt(utc, timeZone);
  return utc - offsetAt(first, timeZone);
}

const pad = (n: number | undefined): string => String(n ?? 0).padStart(2, '0');

/** 'dd/mm/yyyy HH:mm' of an instant on `timeZone`'s wall clock. */
export function formatDateTimeIn(instant: number, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  return `${pad(p.day)}/${pad(p.month)}/${p.year} ${pad(p.hour)}:${pad(p.minute)}`;
}
