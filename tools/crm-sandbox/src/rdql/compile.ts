import { type CustomFieldRecord, type CustomFieldValue } from '../store/records';
import { digitsOnly, fold } from '../util/text';
import { isDateOnly, parseDateTime } from '../util/time';
import { type ComparisonNode, type Literal, type Operator, type RdqlNode, RdqlError } from './ast';
import { parseRdql } from './parser';
import { type FieldKind, type FieldSpec, type FilterSchema } from './schema';

export type Predicate<T> = (record: T) => boolean;

const COMPARISONS: readonly Operator[] = ['gt', 'gte', 'lt', 'lte'];
const OPERATOR_TEXT: Record<Operator, string> = {
  eq: ':',
  match: ':~',
  gt: ':>',
  gte: ':>=',
  lt: ':<',
  lte: ':<=',
};

const OPERATORS_BY_KIND: Record<FieldKind, readonly Operator[]> = {
  text: ['eq', 'match'],
  exactText: ['eq'],
  email: ['eq', 'match'],
  phone: ['eq', 'match'],
  id: ['eq'],
  ids: ['eq'],
  enum: ['eq'],
  number: ['eq', ...COMPARISONS],
  date: ['eq', ...COMPARISONS],
  datetime: ['eq', ...COMPARISONS],
};

const NULLABLE_KINDS: readonly FieldKind[] = [
  'text',
  'exactText',
  'id',
  'number',
  'date',
  'datetime',
];

/** Parses and checks `filter` against a resource's fields; every mistake is a RdqlError. */
export function compileFilter<T>(filter: string, schema: FilterSchema<T>): Predicate<T> {
  return compileNode(parseRdql(filter), schema);
}

function compileNode<T>(node: RdqlNode, schema: FilterSchema<T>): Predicate<T> {
  switch (node.type) {
    case 'and': {
      const parts = node.nodes.map((child) => compileNode(child, schema));
      return (record) => parts.every((part) => part(record));
    }
    case 'or': {
      const parts = node.nodes.map((child) => compileNode(child, schema));
      return (record) => parts.some((part) => part(record));
    }
    case 'flag': {
      const key = `${node.kind}:${node.name}`;
      const flag = schema.flags?.[key];
      if (!flag) {
        const known = Object.keys(schema.flags ?? {});
        throw new RdqlError(
          `'${key}' is not available on ${schema.resource}` +
            (known.length > 0 ? `; available: ${known.join(', ')}` : ''),
          node.position,
        );
      }
      return node.negated ? (record) => !flag(record) : flag;
    }
    case 'comparison': {
      const test = node.custom ? compileCustom(node, schema) : compileField(node, schema);
      return node.negated ? (record) => !test(record) : test;
    }
  }
}

function describeFields<T>(schema: FilterSchema<T>): string {
  const names = Object.keys(schema.fields);
  if (schema.customFields) names.push('@<custom field slug>');
  names.push(...Object.keys(schema.flags ?? {}));
  return names.join(', ');
}

function compileField<T>(node: ComparisonNode, schema: FilterSchema<T>): Predicate<T> {
  const spec = schema.fields[node.field];
  if (!spec) {
    throw new RdqlError(
      `Unknown field '${node.field}' for ${schema.resource}; filterable fields: ${describeFields(schema)}`,
      node.position,
    );
  }
  checkOperator(node, spec.kind, node.field);
  const matchers = node.values.map((literal) => literalMatcher(node, spec, literal));
  return (record) => {
    const value = spec.get(record);
    return matchers.some((matches) => matches(value));
  };
}

function checkOperator(node: ComparisonNode, kind: FieldKind, label: string): void {
  if (!OPERATORS_BY_KIND[kind].includes(node.operator)) {
    const allowed = OPERATORS_BY_KIND[kind].map((op) => OPERATOR_TEXT[op]).join(' ');
    throw new RdqlError(
      `Operator '${OPERATOR_TEXT[node.operator]}' is not supported for '${label}' (supported: ${allowed})`,
      node.position,
    );
  }
}

type Matcher = (value: unknown) => boolean;

function isNullLiteral(literal: Literal): boolean {
  return !literal.quoted && literal.text.toLowerCase() === 'null';
}

function literalMatcher<T>(node: ComparisonNode, spec: FieldSpec<T>, literal: Literal): Matcher {
  const label = node.field;
  if (isNullLiteral(literal) && NULLABLE_KINDS.includes(spec.kind)) {
    if (node.operator !== 'eq')
      throw new RdqlError(`null only works with ':' on '${label}'`, node.position);
    return (value) => value === null || value === undefined || value === '';
  }
  const text = literal.text;
  switch (spec.kind) {
    case 'text':
    case 'exactText':
      return textMatcher(node.operator, text);
    case 'email': {
      const wanted = fold(text);
      return (value) =>
        asStrings(value).some((email) =>
          node.operator === 'match' ? fold(email).includes(wanted) : fold(email) === wanted,
        );
    }
    case 'phone': {
      const wanted = digitsOnly(text);
      if (wanted === '')
        throw new RdqlError(`'${label}' needs digits, got '${text}'`, node.position);
      return (value) => asStrings(value).some((phone) => digitsOnly(phone).includes(wanted));
    }
    case 'id':
      return (value) => value === text;
    case 'ids':
      return (value) => asStrings(value).includes(text);
    case 'enum': {
      const allowed = spec.values ?? [];
      if (!allowed.includes(text)) {
        throw new RdqlError(
          `Invalid value '${text}' for '${label}'; expected one of: ${allowed.join(', ')}`,
          node.position,
        );
      }
      return (value) => value === text;
    }
    case 'number': {
      const wanted = Number(text);
      if (text.trim() === '' || !Number.isFinite(wanted)) {
        throw new RdqlError(`'${label}' expects a number, got '${text}'`, node.position);
      }
      return (value) => typeof value === 'number' && compare(value - wanted, node.operator);
    }
    case 'date':
      return dateMatcher(node, text, label, false);
    case 'datetime':
      return dateMatcher(node, text, label, true);
  }
}

function textMatcher(operator: Operator, text: string): Matcher {
  const wanted = fold(text);
  return (value) =>
    typeof value === 'string' &&
    (operator === 'match' ? fold(value).includes(wanted) : fold(value) === wanted);
}

function compare(difference: number, operator: Operator): boolean {
  switch (operator) {
    case 'gt':
      return difference > 0;
    case 'gte':
      return difference >= 0;
    case 'lt':
      return difference < 0;
    case 'lte':
      return difference <= 0;
    default:
      return difference === 0;
  }
}

/**
 * A date value compares whole days (UTC); a date-time value compares instants. Against a
 * date-only field a date-time value is cut to its day.
 */
function dateMatcher(
  node: ComparisonNode,
  text: string,
  label: string,
  fieldHasTime: boolean,
): Matcher {
  if (isDateOnly(text)) {
    return (value) =>
      typeof value === 'string' && compare(value.slice(0, 10).localeCompare(text), node.operator);
  }
  const instant = parseDateTime(text);
  if (instant === null) {
    throw new RdqlError(
      `'${label}' expects a date (2024-01-31) or a date-time ("2024-01-31 12:00:00"), got '${text}'`,
      node.position,
    );
  }
  if (!fieldHasTime) {
    const day = new Date(instant).toISOString().slice(0, 10);
    return (value) => typeof value === 'string' && compare(value.localeCompare(day), node.operator);
  }
  return (value) => {
    if (typeof value !== 'string') return false;
    const at = Date.parse(value);
    return !Number.isNaN(at) && compare(at - instant, node.operator);
  };
}

function asStrings(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? [value] : [];
}

function customKind(definition: CustomFieldRecord): FieldKind {
  switch (definition.type) {
    case 'date':
      return 'date';
    case 'text':
      return 'text';
    default:
      return 'exactText';
  }
}

function compileCustom<T>(node: ComparisonNode, schema: FilterSchema<T>): Predicate<T> {
  const label = `@${node.field}`;
  if (!schema.customFields) {
    throw new RdqlError(`${schema.resource} have no custom fields to filter by`, node.position);
  }
  const definitions = schema.customFields.definitions();
  const definition = definitions.find((candidate) => candidate.slug === node.field);
  if (!definition) {
    const slugs = definitions.map((candidate) => `@${candidate.slug}`);
    throw new RdqlError(
      `Unknown custom field '${label}' for ${schema.resource}` +
        (slugs.length > 0 ? `; known: ${slugs.join(', ')}` : ''),
      node.position,
    );
  }
  const kind = customKind(definition);
  checkOperator(node, kind, label);
  const read = schema.customFields.get;
  const spec: FieldSpec<T> = { kind, get: (record) => read(record)[definition.slug] ?? null };
  const matchers = node.values.map((literal) => literalMatcher(node, spec, literal));
  return (record) => {
    const value: CustomFieldValue = read(record)[definition.slug] ?? null;
    // Multiple choice: the condition holds when any chosen option satisfies it.
    const candidates: (string | null)[] = Array.isArray(value) ? value : [value];
    return candidates.some((candidate) => matchers.some((matches) => matches(candidate)));
  };
}
