import { type ComparisonNode, type Literal, type Operator, type RdqlNode, RdqlError } from './ast';

// RDQL as documented by RD: `field:value`, `-field:value`, `field:(a,b)`, `field:~text`,
// `field:>n` (and <, >=, <=), quoted "values with spaces", `@slug:value`, `has:x` / `is:x`,
// clauses joined by spaces (AND), `and`, `or` and parentheses. The page writes the keywords in
// lower case; `AND` / `OR` are keywords only with `anyCaseKeywords` (knob keywordsAnyCase).

const FIELD_RE = /[A-Za-z_][A-Za-z0-9_.]*/y;
const SLUG_RE = /[A-Za-z0-9_-]+/y;
const KEYWORD_RE = /(and|or)(?=[\s()]|$)/y;
const ANY_CASE_KEYWORD_RE = /(and|or)(?=[\s()]|$)/iy;

class Parser {
  private pos = 0;
  private readonly keywordRe: RegExp;

  constructor(
    private readonly input: string,
    anyCaseKeywords: boolean,
  ) {
    this.keywordRe = anyCaseKeywords ? ANY_CASE_KEYWORD_RE : KEYWORD_RE;
  }

  parse(): RdqlNode {
    this.skipSpace();
    if (this.atEnd()) throw new RdqlError('The filter is empty');
    const node = this.parseOr();
    this.skipSpace();
    if (!this.atEnd()) {
      throw new RdqlError(`Unexpected '${this.input[this.pos]}'`, this.pos);
    }
    return node;
  }

  private atEnd(): boolean {
    return this.pos >= this.input.length;
  }

  private peek(): string {
    return this.input[this.pos] ?? '';
  }

  private skipSpace(): void {
    while (/\s/.test(this.peek())) this.pos += 1;
  }

  private keyword(): 'and' | 'or' | null {
    this.keywordRe.lastIndex = this.pos;
    const match = this.keywordRe.exec(this.input);
    if (!match?.[1]) return null;
    return match[1].toLowerCase() === 'and' ? 'and' : 'or';
  }

  private parseOr(): RdqlNode {
    const nodes = [this.parseAnd()];
    for (;;) {
      this.skipSpace();
      if (this.keyword() !== 'or') break;
      this.pos += 2;
      this.skipSpace();
      nodes.push(this.parseAnd());
    }
    return nodes.length === 1 && nodes[0] ? nodes[0] : { type: 'or', nodes };
  }

  private parseAnd(): RdqlNode {
    const nodes = [this.parseUnary()];
    for (;;) {
      this.skipSpace();
      if (this.atEnd() || this.peek() === ')') break;
      const keyword = this.keyword();
      if (keyword === 'or') break;
      if (keyword === 'and') {
        this.pos += 3;
        this.skipSpace();
      }
      nodes.push(this.parseUnary());
    }
    return nodes.length === 1 && nodes[0] ? nodes[0] : { type: 'and', nodes };
  }

  private parseUnary(): RdqlNode {
    this.skipSpace();
    if (this.atEnd())
      throw new RdqlError('Expected a condition at the end of the filter', this.pos);
    if (this.peek() === '(') {
      const open = this.pos;
      this.pos += 1;
      this.skipSpace();
      if (this.peek() === ')') throw new RdqlError('Empty parentheses', open);
      const node = this.parseOr();
      this.skipSpace();
      if (this.peek() !== ')') throw new RdqlError("Missing ')' for the '(' opened", open);
      this.pos += 1;
      return node;
    }
    return this.parseTerm();
  }

  private parseTerm(): RdqlNode {
    const start = this.pos;
    let negated = false;
    if (this.peek() === '-') {
      negated = true;
      this.pos += 1;
    }
    let custom = false;
    let field: string;
    if (this.peek() === '@') {
      custom = true;
      this.pos += 1;
      field = this.match(SLUG_RE, 'Expected a custom field slug after @');
    } else {
      field = this.match(FIELD_RE, 'Expected a field name (e.g. name:value)');
    }
    if (this.peek() !== ':') {
      throw new RdqlError(`Expected ':' after '${custom ? '@' : ''}${field}'`, this.pos);
    }
    this.pos += 1;

    if (!custom && (field === 'has' || field === 'is')) {
      const name = this.match(FIELD_RE, `Expected a name after '${field}:'`);
      return { type: 'flag', negated, kind: field, name, position: start };
    }

    const operator = this.operator();
    const node: ComparisonNode = {
      type: 'comparison',
      negated,
      custom,
      field,
      operator,
      values: [],
      list: false,
      position: start,
    };
    if (this.peek() === '(') {
      if (operator !== 'eq') {
        throw new RdqlError(
          'A list of values is only allowed with ":" or "-" (IN / NOT IN)',
          this.pos,
        );
      }
      node.list = true;
      node.values = this.list();
    } else {
      node.values = [this.value(field)];
    }
    return node;
  }

  private match(re: RegExp, message: string): string {
    re.lastIndex = this.pos;
    const found = re.exec(this.input);
    if (!found) throw new RdqlError(message, this.pos);
    this.pos += found[0].length;
    return found[0];
  }

  private operator(): Operator {
    const rest = this.input.slice(this.pos, this.pos + 2);
    if (rest === '>=') return this.advance(2, 'gte');
    if (rest === '<=') return this.advance(2, 'lte');
    if (rest.startsWith('>')) return this.advance(1, 'gt');
    if (rest.startsWith('<')) return this.advance(1, 'lt');
    if (rest.startsWith('~')) return this.advance(1, 'match');
    return 'eq';
  }

  private advance<T>(count: number, value: T): T {
    this.pos += count;
    return value;
  }

  private value(field: string): Literal {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    while (!this.atEnd() && !/[\s()]/.test(this.peek())) this.pos += 1;
    if (this.pos === start) throw new RdqlError(`Missing value for '${field}'`, start);
    return { text: this.input.slice(start, this.pos), quoted: false };
  }

  private quoted(): Literal {
    const open = this.pos;
    this.pos += 1;
    let text = '';
    for (;;) {
      if (this.atEnd()) throw new RdqlError('Unterminated quoted value', open);
      const char = this.peek();
      this.pos += 1;
      if (char === '"') return { text, quoted: true };
      if (char === '\\') {
        if (this.atEnd()) throw new RdqlError('Unterminated quoted value', open);
        text += this.peek();
        this.pos += 1;
      } else {
        text += char;
      }
    }
  }

  private list(): Literal[] {
    const open = this.pos;
    this.pos += 1;
    const values: Literal[] = [];
    for (;;) {
      this.skipSpace();
      if (this.atEnd()) throw new RdqlError("Missing ')' to close the list", open);
      if (this.peek() === '"') {
        values.push(this.quoted());
      } else {
        const start = this.pos;
        while (!this.atEnd() && !/[,()]/.test(this.peek())) this.pos += 1;
        const text = this.input.slice(start, this.pos).trim();
        if (text === '') throw new RdqlError('Empty value in list', start);
        values.push({ text, quoted: false });
      }
      this.skipSpace();
      const next = this.peek();
      this.pos += 1;
      if (next === ')') return values;
      if (next !== ',') throw new RdqlError("Expected ',' or ')' in list", this.pos - 1);
    }
  }
}

export function parseRdql(input: string, anyCaseKeywords = false): RdqlNode {
  return new Parser(input, anyCaseKeywords).parse();
}
