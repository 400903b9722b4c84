import { type CustomFieldRecord } from '../store/records';
import { RdqlError } from './ast';
import { compileFilter } from './compile';
import { field, type FilterSchema } from './schema';

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
    name: field('text', (r) => r.name),
    status: field('enum', (r) => r.status, ['won', 'lost', 'ongoing']),
    total_price: field('number', (r) => r.price),
    closed_at: field('datetime', (r) => r.closed_at),
    due: field('date', (r) => r.due),
    email: field('email', (r) => r.emails),
    phone: field('phone', (r) => r.phones),
    tag_ids: field('ids', (r) => r.tags),
    owner_id: field('id', (r) => r.owner),
    product: field('exactText', (r) => r.name),
  },
  flags: { 'has:product': (r) => r.products > 0 },
  customFields: { definitions: () => definitions, get: (r) => r.custom },
};

const ids = (filter: string): string[] =>
  rows.filter(compileFilter(filter, schema)).map((r) => r.id);

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

  it('~ matches contained text ignoring case and accents; : compares whole text the same way', () => {
    expect(ids('name:~conceicao')).toEqual(['a']);
    expect(ids('name:~SOU')).toEqual(['b']);
    expect(ids('name:"joao conceição"')).toEqual(['a']);
    expect(ids('name:joao')).toEqual([]);
    expect(ids('name:~"\\"Mari\\""')).toEqual(['b']);
  });

  it('email equality and contains over every address', () => {
    expect(ids('email:M.SOUZA@empresa.com')).toEqual(['b']);
    expect(ids('email:~acme')).toEqual(['a']);
  });

  it('phone compares digits only and matches numbers that contain them', () => {
    expect(ids('phone:"(11) 98765-4321"')).toEqual(['a']);
    expect(ids('phone:87654321')).toEqual(['a', 'c']);
    expect(ids('phone:5511987654321')).toEqual(['a']);
    expect(ids('phone:11988887777')).toEqual(['b']);
  });

  it('id lists contain, ids and null', () => {
    expect(ids('tag_ids:y')).toEqual(['a', 'b']);
    expect(ids('-tag_ids:x')).toEqual(['b', 'c']);
    expect(ids('tag_ids:(x,zzz)')).toEqual(['a']);
    expect(ids('owner_id:null')).toEqual(['b']);
    expect(ids('-owner_id:null')).toEqual(['a', 'c']);
    expect(ids('owner_id:"null"')).toEqual([]);
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
  });

  it('custom fields by slug: options, multiple choice, dates', () => {
    expect(ids('@setor:tecnologia')).toEqual(['a']);
    expect(ids('-@setor:Tecnologia')).toEqual(['b', 'c']);
    expect(ids('@setor:(Varejo,Tecnologia)')).toEqual(['a', 'b']);
    expect(ids('@canais:whatsapp')).toEqual(['a']);
    expect(ids('@inicio:>2024-01-01')).toEqual(['a']);
    expect(ids('@setor:null')).toEqual(['c']);
  });

  it('has: flags, negated', () => {
    expect(ids('has:product')).toEqual(['a', 'c']);
    expect(ids('-has:product')).toEqual(['b']);
  });

  it.each([
    [
      'foo:1',
      "Unknown field 'foo' for rows; filterable fields: id, name, status, total_price, closed_at, due, email, phone, tag_ids, owner_id, product, @<custom field slug>, has:product",
    ],
    ['@nope:1', "Unknown custom field '@nope' for rows; known: @setor, @canais, @inicio, @obs"],
    ['is:pinned', "'is:pinned' is not available on rows; available: has:product"],
    ['status:open', "Invalid value 'open' for 'status'; expected one of: won, lost, ongoing"],
    ['status:~won', "Operator ':~' is not supported for 'status' (supported: :)"],
    ['product:~x', "Operator ':~' is not supported for 'product' (supported: :)"],
    ['name:>a', "Operator ':>' is not supported for 'name' (supported: : :~)"],
    ['total_price:>abc', "'total_price' expects a number, got 'abc'"],
    [
      'closed_at:ontem',
      `'closed_at' expects a date (2024-01-31) or a date-time ("2024-01-31 12:00:00"), got 'ontem'`,
    ],
    ['phone:abc', "'phone' needs digits, got 'abc'"],
    ['closed_at:>null', "null only works with ':' on 'closed_at'"],
  ])('rejects %j', (filter, message) => {
    const run = () => compileFilter(filter, schema);
    expect(run).toThrow(RdqlError);
    expect(run).toThrow(`${message} (at position 1)`);
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
