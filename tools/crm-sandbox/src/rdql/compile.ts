import { type CustomFieldRecord, type CustomFieldValue } from '@crm-sandbox/store/records';
import { digitsOnly, fold, lowerCase } from '@crm-sandbox/util/text';
import { isDateOnly, parseDateTime } from '@crm-sandbox/util/time';
import { type ComparisonNode, type Literal, type Operator, type RdqlNode, RdqlError } from './ast';
import { parseRdql } from './parser';
import {
  type FieldKind,
  type FieldSpec,
  type FilterSchema,
  type MatchOptions,
  STRICT_MATCH,
} from './schema';

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

const ORDERED_KINDS: readonly FieldKind[] = ['number', 'date', 'datetime'];
const NULLABLE_KINDS: readonly FieldKind[] = ['string', 'id', 'number', 'date', 'datetime'];

function operatorsOf<T>(spec: FieldSpec<T>): readonly Operator[] {
  if (ORDERED_KINDS.includes(spec.kind)) return ['eq', ...COMPARISONS];
  return spec.kind === 'string' && spec.match ? ['eq', 'match'] : ['eq'];
}

interface Context<T> {
  schema: FilterSchema<T>;
  options: MatchOptions;
}

/** Parses and checks `filter` against a resource's fields; every mistake is a RdqlError. */
export function compileFilter<T>(
  filter: string,
  schema: FilterSchema<T>,
  options: MatchOptions = STRICT_MATCH,
): Predicate<T> {
  return compileNode(parseRdql(filter, options.keywordsAnyCase), { schema, options });
}

function compileNode<T>(node: RdqlNode, context: Context<T>): Predicate<T> {
  switch (node.type) {
    case 'and': {
      const parts = node.nodes.map((child) => compileNode(child, context));
      return (record) => parts.every((part) => part(record));
    }
    case 'or': {
      const parts = node.nodes.map((child) => compileNode(child, context));
      return (record) => parts.some((part) => part(record));
    }
    case 'flag': {
      const { schema } = context;
      const key = `${node.kind}:${node.name}`;
      const flag = schema.flags?.[key];
      if (!flag) {
        throw new RdqlError(`'${key}' is not available on ${schema.resource}`, node.position);
      }
      return node.negated ? (record) => !flag(record) : flag;
    }
    case 'comparison': {
      const test = node.custom ? compileCustom(node, context) : compileField(node, context);
      return node.negated ? (record) => !test(record) : test;
    }
  }
}

/** The filterable names of a resource, as RD's "Filtro" table lists them. */
export function describeFields<T>(schema: FilterSchema<T>): string {
  const names = Object.keys(schema.fields);
  names.push(...Object.keys(schema.flags ?? {}));
  if (schema.customFields) names.push('@<custom field slug>');
  return names.join(', ');
}

function compileField<T>(node: ComparisonNode, context: Context<T>): Predicate<T> {
  const { schema } = context;
  const spec = schema.fields[node.field];
  if (!spec) {
    throw new RdqlError(`Unknown field '${node.field}' for ${schema.resource}`, node.position);
  }
  checkOperator(node, spec, node.field);
  const matchers = node.values.map((literal) => literalMatcher(node, spec, literal, context));
  return (record) => {
    const value = spec.get(record);
    return matchers.some((matches) => matches(value));
  };
}

function checkOperator<T>(node: ComparisonNode, spec: FieldSpec<T>, label: string): void {
  const allowed = operatorsOf(spec);
  if (!allowed.includes(node.operator)) {
    const text = allowed.map((op) => OPERATOR_TEXT[op]).join(' ');
    throw new RdqlError(
      `Operator '${OPERATOR_TEXT[node.operator]}' is not supported for '${label}' (supported: ${text})`,
      node.position,
    );
  }
}

type Matcher = (value: unknown) => boolean;

function isNullLiteral(literal: Literal): boolean {
  return !literal.quoted && literal.text === 'null';
}

function literalMatcher<T>(
  node: ComparisonNode,
  spec: FieldSpec<T>,
  literal: Literal,
  { options }: Context<T>,
): Matcher {
  const label = node.field;
  if (options.nullLiteral && isNullLiteral(literal) && NULLABLE_KINDS.includes(spec.kind)) {
    if (node.operator !== 'eq')
      throw new RdqlError(`null only works with ':' on '${label}'`, node.position);
    return (value) => value === null || value === undefined || value === '';
  }
  const text = literal.text;
  switch (spec.kind) {
    case 'string':
      return textMatcher(node.operator, text, options);
    case 'email': {
      const same = equality(text, options);
      return (value) => asStrings(value).some(same);
    }
    case 'phone':
      return phoneMatcher(node, text, options);
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

/** `:` compares the whole text: the same characters, or folded with exactTextFolds. */
function equality(text: string, options: MatchOptions): (value: string) => boolean {
  if (!options.exactTextFolds) return (value) => value === text;
  const wanted = fold(text);
  return (value) => fold(value) === wanted;
}

/** `:~` contains, case-insensitive (RDQL page); accents count unless containsFoldsAccents. */
function textMatcher(operator: Operator, text: string, options: MatchOptions): Matcher {
  if (operator !== 'match') {
    const same = equality(text, options);
    return (value) => typeof value === 'string' && same(value);
  }
  const normalise = options.containsFoldsAccents ? fold : lowerCase;
  const wanted = normalise(text);
  return (value) => typeof value === 'string' && normalise(value).includes(wanted);
}

/** Strict: equal to a number as stored (typed). Lenient: the stored digits contain the query's. */
function phoneMatcher(node: ComparisonNode, text: string, options: MatchOptions): Matcher {
  if (options.phoneMatch === 'exact') return (value) => asStrings(value).includes(text);
  const wanted = digitsOnly(text);
  if (wanted === '')
    throw new RdqlError(`'${node.field}' needs digits, got '${text}'`, node.position);
  return (value) => asStrings(value).some((phone) => digitsOnly(phone).includes(wanted));
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

/** Custom fields take `:`, IN and `-` (the RDQL page's examples); date fields also compare. */
function customKind(definition: CustomFieldRecord): FieldKind {
  return definition.type === 'date' ? 'date' : 'string';
}

function compileCustom<T>(node: ComparisonNode, context: Context<T>): Predicate<T> {
  const { schema } = context;
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
  const read = schema.customFields.get;
  const spec: FieldSpec<T> = {
    kind: customKind(definition),
    get: (record) => read(record)[definition.slug] ?? null,
  };
  checkOperator(node, spec, label);
  const matchers = node.values.map((literal) => literalMatcher(node, spec, literal, context));
  return (record) => {
    const value: CustomFieldValue = read(record)[definition.slug] ?? null;
    // Multiple choice: the condition holds when any chosen option satisfies it.
    const candidates: (string | null)[] = Array.isArray(value) ? value : [value];
    return candidates.some((candidate) => matchers.some((matches) => matches(candidate)));
  };
}
