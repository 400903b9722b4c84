import { type CustomFieldRecord } from '@crm-sandbox/store/records';
import { RdqlError } from './ast';
import { compileFilter } from './compile';
import { field, type FilterSchema, matchable, type MatchOptions, STRICT_MATCH } from './schema';

interface Row {
  id: string;
  name: string;
  status: 'won' | 'lost' | 'ongoing';
  price: number;
  closed_at: string | null;
  due: string | null;
  emails: string[];
  phones: string[];
  tags: string[];
  owner: string | null;
  products: number;
  custom: Record<string, string | string[] | null>;
}

const rows: Row[] = [
  {
    id: 'a',
    name: 'João Conceição',
    status: 'won',
    price: 150,
    closed_at: '2024-03-10T15:30:00.000Z',
    due: '2024-03-10',
    emails: ['joao@acme.com.br'],
    phones: ['+5511987654321'],
    tags: ['x', 'y'],
    owner: 'u1',
    products: 2,
    custom: { setor: 'Tecnologia', canais: ['WhatsApp', 'E-mail'], inicio: '2024-05-01' },
  },
  {
    id: 'b',
    name: 'Maria "Mari" Souza',
    status: 'lost',
    price: 100,
    closed_at: '2024-03-11T09:00:00.000Z',
    due: null,
    emails: ['maria@gmail.com', 'm.souza@empresa.com'],
    phones: ['11 98888-7777'],
    tags: ['y'],
    owner: null,
    products: 0,
    custom: { setor: 'Varejo' },
  },
  {
    id: 'c',
    name: 'Pedro Alves',
    status: 'ongoing',
    price: 99.5,
    closed_at: null,
    due: '2024-04-01',
    emails: [],
    phones: ['+551187654321'],
    tags: [],
    owner: 'u2',
    products: 1,
    custom: {},
  },
];

const definitions: CustomFieldRecord[] = [
  definition('setor', 'option', ['Tecnologia', 'Varejo']),
  definition('canais', 'multiple_choice', ['WhatsApp', 'E-mail', 'Telefone']),
  definition('inicio', 'date', []),
  definition('obs', 'text', []),
];

const schema: FilterSchema<Row> = {
  resource: 'rows',
  fields: {
    id: field('id', (r) => r.id),
    name: matchable((r) => r.name),
    status: field('enum', (r) => r.status, ['won', 'lost', 'ongoing']),
    total_price: field('number', (r) => r.price),
    closed_at: field('datetime', (r) => r.closed_at),
    due: field('date', (r) => r.due),
    email: field('email', (r) => r.emails),
    phone: field('phone', (r) => r.phones),
    tag_ids: field('ids', (r) => r.tags),
    owner_id: field('id', (r) => r.owner),
    product: field('string', (r) => r.name),
  },
  flags: { 'has:product': (r) => r.products > 0 },
  customFields: { definitions: () => definitions, get: (r) => r.custom },
};

const LENIENT: MatchOptions = {
  phoneMatch: 'digits',
  exactTextFolds: true,
  containsFoldsAccents: true,
  nullLiteral: true,
  keywordsAnyCase: true,
};

const ids = (filter: string, options: MatchOptions = STRICT_MATCH): string[] =>
  rows.filter(compileFilter(filter, schema, options)).map((r) => r.id);

describe('compileFilter', () => {
  it('= and != on enums, IN and NOT IN', () => {
    expect(ids('status:won')).toEqual(['a']);
    expect(ids('-status:won')).toEqual(['b', 'c']);
    expect(ids('status:(won,lost)')).toEqual(['a', 'b']);
    expect(ids('-status:(won,lost)')).toEqual(['c']);
  });

  it('numeric comparisons', () => {
    expect(ids('total_price:>100')).toEqual(['a']);
    expect(ids('total_price:>=100')).toEqual(['a', 'b']);
    expect(ids('total_price:<100')).toEqual(['c']);
    expect(ids('total_price:<=100')).toEqual(['b', 'c']);
    expect(ids('total_price:99.5')).toEqual(['c']);
  });

  it('strict: : is the same text, ~ contains ignoring case but not accents', () => {
    expect(ids('name:"João Conceição"')).toEqual(['a']);
    expect(ids('name:"joão conceição"')).toEqual([]);
    expect(ids('name:~CONCEIÇÃO')).toEqual(['a']);
    expect(ids('name:~conceicao')).toEqual([]);
    expect(ids('name:~SOU')).toEqual(['b']);
    expect(ids('name:~"\\"Mari\\""')).toEqual(['b']);
  });

  it('lenient: : and ~ also ignore accents (exactTextFolds, containsFoldsAccents)', () => {
    expect(ids('name:"joao conceicao"', LENIENT)).toEqual(['a']);
    expect(ids('name:~conceicao', LENIENT)).toEqual(['a']);
    expect(ids('email:M.SOUZA@empresa.com', LENIENT)).toEqual(['b']);
  });

  it('email equality over every address, exact by default', () => {
    expect(ids('email:m.souza@empresa.com')).toEqual(['b']);
    expect(ids('email:M.SOUZA@empresa.com')).toEqual([]);
  });

  it('phone: the stored string exactly (strict), or its digits (phoneMatch digits)', () => {
    expect(ids('phone:+5511987654321')).toEqual(['a']);
    expect(ids('phone:"11 98888-7777"')).toEqual(['b']);
    expect(ids('phone:11988887777')).toEqual([]);
    expect(ids('phone:5511987654321')).toEqual([]);
    expect(ids('phone:"(11) 98765-4321"', LENIENT)).toEqual(['a']);
    expect(ids('phone:87654321', LENIENT)).toEqual(['a', 'c']);
    expect(ids('phone:11988887777', LENIENT)).toEqual(['b']);
  });

  it('id lists contain; null is a plain value unless nullLiteral', () => {
    expect(ids('tag_ids:y')).toEqual(['a', 'b']);
    expect(ids('-tag_ids:x')).toEqual(['b', 'c']);
    expect(ids('tag_ids:(x,zzz)')).toEqual(['a']);
    expect(ids('owner_id:null')).toEqual([]);
    expect(ids('-owner_id:null')).toEqual(['a', 'b', 'c']);
    expect(ids('owner_id:null', LENIENT)).toEqual(['b']);
    expect(ids('-owner_id:null', LENIENT)).toEqual(['a', 'c']);
    expect(ids('owner_id:"null"', LENIENT)).toEqual([]);
  });

  it('dates compare by day, date-times by instant', () => {
    expect(ids('closed_at:2024-03-10')).toEqual(['a']);
    expect(ids('closed_at:>=2024-03-11')).toEqual(['b']);
    expect(ids('closed_at:>"2024-03-10 15:00:00"')).toEqual(['a', 'b']);
    expect(ids('closed_at:<"2024-03-10T16:00:00Z"')).toEqual(['a']);
    expect(ids('due:<2024-04-01')).toEqual(['a']);
    expect(ids('due:<="2024-04-01 08:00:00"')).toEqual(['a', 'c']);
  });

  it('and / or / parentheses', () => {
    expect(ids('(status:won or status:lost) and total_price:>100')).toEqual(['a']);
    expect(ids('status:won or status:lost total_price:<101')).toEqual(['a', 'b']);
    expect(ids('status:ongoing or (status:lost and name:~maria)')).toEqual(['b', 'c']);
    expect(ids('status:won OR status:lost', LENIENT)).toEqual(['a', 'b']);
  });

  it('custom fields by slug: options, multiple choice, dates', () => {
    expect(ids('@setor:Tecnologia')).toEqual(['a']);
    expect(ids('@setor:tecnologia')).toEqual([]);
    expect(ids('@setor:tecnologia', LENIENT)).toEqual(['a']);
    expect(ids('-@setor:Tecnologia')).toEqual(['b', 'c']);
    expect(ids('@setor:(Varejo,Tecnologia)')).toEqual(['a', 'b']);
    expect(ids('@canais:WhatsApp')).toEqual(['a']);
    expect(ids('@inicio:>2024-01-01')).toEqual(['a']);
    expect(ids('@setor:null', LENIENT)).toEqual(['c']);
  });

  it('has: flags, negated', () => {
    expect(ids('has:product')).toEqual(['a', 'c']);
    expect(ids('-has:product')).toEqual(['b']);
  });

  it.each([
    ['foo:1', "Unknown field 'foo' for rows"],
    ['@nope:1', "Unknown custom field '@nope' for rows; known: @setor, @canais, @inicio, @obs"],
    ['is:pinned', "'is:pinned' is not available on rows"],
    ['status:open', "Invalid value 'open' for 'status'; expected one of: won, lost, ongoing"],
    ['status:~won', "Operator ':~' is not supported for 'status' (supported: :)"],
    ['product:~x', "Operator ':~' is not supported for 'product' (supported: :)"],
    ['email:~acme', "Operator ':~' is not supported for 'email' (supported: :)"],
    ['phone:~9876', "Operator ':~' is not supported for 'phone' (supported: :)"],
    ['name:>a', "Operator ':>' is not supported for 'name' (supported: : :~)"],
    ['owner_id:>a', "Operator ':>' is not supported for 'owner_id' (supported: :)"],
    ['@obs:~x', "Operator ':~' is not supported for '@obs' (supported: :)"],
    ['@setor:>a', "Operator ':>' is not supported for '@setor' (supported: :)"],
    ['total_price:>abc', "'total_price' expects a number, got 'abc'"],
    [
      'closed_at:ontem',
      `'closed_at' expects a date (2024-01-31) or a date-time ("2024-01-31 12:00:00"), got 'ontem'`,
    ],
    [
      'closed_at:null',
      `'closed_at' expects a date (2024-01-31) or a date-time ("2024-01-31 12:00:00"), got 'null'`,
    ],
  ])('rejects %j', (filter, message) => {
    const run = () => compileFilter(filter, schema);
    expect(run).toThrow(RdqlError);
    expect(run).toThrow(`${message} (at position 1)`);
  });

  it.each([
    ['phone:abc', "'phone' needs digits, got 'abc'"],
    ['closed_at:>null', "null only works with ':' on 'closed_at'"],
  ])('rejects %j with the lenient knobs', (filter, message) => {
    expect(() => compileFilter(filter, schema, LENIENT)).toThrow(`${message} (at position 1)`);
  });
});

function definition(
  slug: string,
  type: CustomFieldRecord['type'],
  options: string[],
): CustomFieldRecord {
  return {
    id: slug,
    name: slug,
    slug,
    type,
    entity: 'deal',
    options,
    unique: false,
    allow_new_option: false,
    order: 1,
    required_rules: [],
    display_rules: [],
    visible: true,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
  };
}
