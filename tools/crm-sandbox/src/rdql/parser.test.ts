import { RdqlError } from './ast';
import { parseRdql } from './parser';

const term = (field: string, text: string, extra: Record<string, unknown> = {}) => ({
  type: 'comparison',
  negated: false,
  custom: false,
  field,
  operator: 'eq',
  values: [{ text, quoted: false }],
  list: false,
  ...extra,
});

describe('parseRdql', () => {
  it('reads field:value', () => {
    expect(parseRdql('status:won')).toEqual(term('status', 'won', { position: 0 }));
  });

  it('reads negation, comparison and match operators', () => {
    expect(parseRdql('-status:won')).toMatchObject({ negated: true, operator: 'eq' });
    expect(parseRdql('total_price:>100')).toMatchObject({
      operator: 'gt',
      values: [{ text: '100' }],
    });
    expect(parseRdql('total_price:>=100')).toMatchObject({ operator: 'gte' });
    expect(parseRdql('total_price:<100')).toMatchObject({ operator: 'lt' });
    expect(parseRdql('total_price:<=100')).toMatchObject({ operator: 'lte' });
    expect(parseRdql('name:~Test')).toMatchObject({
      operator: 'match',
      values: [{ text: 'Test' }],
    });
  });

  it('reads lists with bare and quoted items, spaces after commas', () => {
    expect(parseRdql('id:(1, "2 b", 3c)')).toMatchObject({
      list: true,
      values: [
        { text: '1', quoted: false },
        { text: '2 b', quoted: true },
        { text: '3c', quoted: false },
      ],
    });
    expect(parseRdql('-status:(won,lost)')).toMatchObject({ negated: true, list: true });
  });

  it('reads quoted values with escaped quotes and backslashes', () => {
    expect(parseRdql('name:"Ana \\"Paula\\" C:\\\\dados"')).toMatchObject({
      values: [{ text: 'Ana "Paula" C:\\dados', quoted: true }],
    });
    expect(parseRdql('created_at:>"2023-01-01 12:00:00"')).toMatchObject({
      operator: 'gt',
      values: [{ text: '2023-01-01 12:00:00', quoted: true }],
    });
  });

  it('reads custom fields and has:/is: flags', () => {
    expect(parseRdql('@setor:tecnologia')).toMatchObject({ custom: true, field: 'setor' });
    expect(parseRdql('-@ativo:true')).toMatchObject({
      custom: true,
      negated: true,
      field: 'ativo',
    });
    expect(parseRdql('has:product')).toEqual({
      type: 'flag',
      negated: false,
      kind: 'has',
      name: 'product',
      position: 0,
    });
    expect(parseRdql('-is:pinned')).toMatchObject({ type: 'flag', negated: true, kind: 'is' });
  });

  it('joins by space as AND, gives AND precedence over OR, honours parentheses', () => {
    expect(parseRdql('status:won total_price:>100')).toMatchObject({
      type: 'and',
      nodes: [{ field: 'status' }, { field: 'total_price' }],
    });
    expect(parseRdql('a:1 or b:2 c:3')).toMatchObject({
      type: 'or',
      nodes: [{ field: 'a' }, { type: 'and', nodes: [{ field: 'b' }, { field: 'c' }] }],
    });
    expect(parseRdql('(status:won or status:lost) and total_price:>100')).toMatchObject({
      type: 'and',
      nodes: [
        { type: 'or', nodes: [{ values: [{ text: 'won' }] }, { values: [{ text: 'lost' }] }] },
        { field: 'total_price' },
      ],
    });
  });

  it('takes AND / OR in upper case only when asked (the RDQL page writes them in lower case)', () => {
    expect(() => parseRdql('(status:won OR status:lost)')).toThrow(
      new RdqlError("Expected ':' after 'OR'", 14),
    );
    expect(parseRdql('(status:won OR status:lost) AND total_price:>100', true)).toMatchObject({
      type: 'and',
      nodes: [{ type: 'or' }, { field: 'total_price' }],
    });
  });

  it('does not take field names starting with and/or for keywords', () => {
    expect(parseRdql('order:1 organization_id:x')).toMatchObject({
      type: 'and',
      nodes: [{ field: 'order' }, { field: 'organization_id' }],
    });
  });

  it.each([
    ['', 'The filter is empty'],
    ['status', "Expected ':' after 'status' (at position 7)"],
    ['status:', "Missing value for 'status' (at position 8)"],
    ['name:"open', 'Unterminated quoted value (at position 6)'],
    ['(status:won', "Missing ')' for the '(' opened (at position 1)"],
    ['status:won)', "Unexpected ')' (at position 11)"],
    ['status:(won,', "Missing ')' to close the list (at position 8)"],
    ['status:(won,,lost)', 'Empty value in list (at position 13)'],
    [
      'rating:>(1,2)',
      'A list of values is only allowed with ":" or "-" (IN / NOT IN) (at position 9)',
    ],
    ['status:won or', 'Expected a condition at the end of the filter (at position 14)'],
    ['()', 'Empty parentheses (at position 1)'],
    ['@:x', 'Expected a custom field slug after @ (at position 2)'],
  ])('rejects %j: %s', (input, message) => {
    expect(() => parseRdql(input)).toThrow(
      new RdqlError(message.replace(/ \(at position \d+\)$/, ''), positionOf(message)),
    );
  });
});

function positionOf(message: string): number | undefined {
  const match = / \(at position (\d+)\)$/.exec(message);
  return match?.[1] ? Number(match[1]) - 1 : undefined;
}
