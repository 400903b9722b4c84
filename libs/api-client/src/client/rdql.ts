// Builders for the RDQL `filter` of RD Station CRM v2 lists (the api forwards it untouched).
// Every value is quoted, so a person's search text can never add clauses of its own.

const FIELD = /^@?[A-Za-z_][A-Za-z0-9_.-]*$/;

function field(name: string): string {
  if (!FIELD.test(name)) throw new Error(`Invalid RDQL field: ${name}`);
  return name;
}

/** `"value"` with `\` and `"` escaped. */
function quote(value: string | number): string {
  return `"${String(value).replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

/** `field:"value"` (equals; for list fields such as contact_ids: contains the id). */
function eq(name: string, value: string | number): string {
  return `${field(name)}:${quote(value)}`;
}

/** `field:~"value"` (contains, case-insensitive). */
function contains(name: string, value: string): string {
  return `${field(name)}:~${quote(value)}`;
}

/** Clauses joined with ` and `; empty clauses are dropped ('' when none is left). */
function and(...clauses: Array<string | null | undefined | false>): string {
  return clauses
    .filter((clause): clause is string => typeof clause === 'string' && clause !== '')
    .join(' and ');
}

export const rdql = { quote, eq, contains, and } as const;

const PHONE_LIKE = /^\+?[\d\s().-]+$/;
/** Fewer digits than this are too short to be a phone number: searched as a name. */
const MIN_PHONE_DIGITS = 4;

/**
 * The contact search of the panel (PRODUCT.md §7 leaves it open), decided from what was typed:
 * - text with '@'                  → `email:~"text"`
 * - only digits and phone marks    → `phone:"digits"` (at least 4 digits; marks dropped)
 * - anything else                  → `name:~"text"`
 * Blank text gives undefined (no filter). The text is trimmed.
 */
export function contactSearchFilter(search: string | undefined): string | undefined {
  const text = (search ?? '').trim();
  if (text === '') return undefined;
  if (text.includes('@')) return contains('email', text);
  const digits = text.replace(/\D/g, '');
  if (PHONE_LIKE.test(text) && digits.length >= MIN_PHONE_DIGITS) return eq('phone', digits);
  return contains('name', text);
}

/** `name:~"text"` for a non-blank search, else undefined. */
export function nameContainsFilter(search: string | undefined): string | undefined {
  const text = (search ?? '').trim();
  return text === '' ? undefined : contains('name', text);
}
