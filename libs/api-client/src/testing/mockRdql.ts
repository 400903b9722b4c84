// A small RDQL evaluator for the mock api: the clause shapes the panel sends (`field:"v"`,
// `field:~"v"`, `-field:v`, joined by `and`). Anything else is reported, like the CRM does.

export class MockFilterError extends Error {}

interface Clause {
  negated: boolean;
  field: string;
  contains: boolean;
  value: string;
}

const CLAUSE = /^(-?)(@?[A-Za-z_][A-Za-z0-9_.-]*):(~?)(?:"((?:[^"\\]|\\.)*)"|([^\s"()]+))$/;

function splitAnd(filter: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < filter.length; i += 1) {
    const char = filter[i] ?? '';
    if (char === '\\' && quoted) {
      current += char + (filter[i + 1] ?? '');
      i += 1;
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (!quoted && /\s/.test(char)) {
      if (current !== '') parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  if (quoted) throw new MockFilterError('Filtro inválido: aspas sem fechamento');
  if (current !== '') parts.push(current);
  return parts.filter((part) => part.toLowerCase() !== 'and');
}

function parse(filter: string): Clause[] {
  return splitAnd(filter).map((part) => {
    const match = CLAUSE.exec(part);
    if (!match) throw new MockFilterError(`Filtro inválido: ${part}`);
    const [, negated = '', field = '', tilde = '', quoted, bare] = match;
    const value = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : (bare ?? '');
    return { negated: negated === '-', field, contains: tilde === '~', value };
  });
}

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const digits = (text: string): string => text.replace(/\D/g, '');

function valuesOf(record: Record<string, unknown>, field: string): unknown[] {
  if (field.startsWith('@')) {
    const custom = record.custom_fields;
    const value =
      typeof custom === 'object' && custom !== null
        ? (custom as Record<string, unknown>)[field.slice(1)]
        : undefined;
    return Array.isArray(value) ? value : [value];
  }
  if (field === 'email' && Array.isArray(record.emails)) {
    return record.emails.map((item: { email?: unknown }) => item.email);
  }
  if (field === 'phone' && Array.isArray(record.phones)) {
    return record.phones.map((item: { phone?: unknown }) => item.phone);
  }
  if (!(field in record))
    throw new MockFilterError(`Filtro inválido: campo desconhecido '${field}'`);
  const value = record[field];
  return Array.isArray(value) ? value : [value];
}

/** A Brazilian number as national digits with the ninth digit of a mobile; others as digits. */
function nationalDigits(phone: string): string {
  let value = digits(phone);
  if ((value.length === 12 || value.length === 13) && value.startsWith('55'))
    value = value.slice(2);
  if (value.length === 10 && /^[6-9]$/.test(value[2] ?? ''))
    value = `${value.slice(0, 2)}9${value.slice(2)}`;
  return value;
}

const samePhone = (stored: string, asked: string): boolean =>
  nationalDigits(stored) === nationalDigits(asked);

function matches(record: Record<string, unknown>, clause: Clause): boolean {
  const found = valuesOf(record, clause.field).some((raw) => {
    if (raw === null || raw === undefined) return false;
    const text = String(raw);
    // As the api does: the digits asked become every form the number may be stored in (with or
    // without +55 and the extra 9), each matched exactly (apps/api README, 'CRM lists').
    if (clause.field === 'phone')
      return digits(clause.value) !== '' && samePhone(text, clause.value);
    return clause.contains
      ? fold(text).includes(fold(clause.value))
      : fold(text) === fold(clause.value);
  });
  return clause.negated ? !found : found;
}

/** The records that pass `filter` (all of them for an empty filter). */
export function applyFilter<T extends object>(records: T[], filter: string | null): T[] {
  if (filter === null || filter.trim() === '') return records;
  const clauses = parse(filter);
  return records.filter((record) =>
    clauses.every((clause) => matches(record as Record<string, unknown>, clause)),
  );
}
