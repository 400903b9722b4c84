import { ApiError } from '@api/errors';
import {
  FILTER_MESSAGES,
  crmListParams,
  parsePanelFilter,
  phoneForms,
  probesOf,
  translateListQuery,
} from './crmQuery';

function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parsePanelFilter', () => {
  it('reads the shapes the api-client builds: field:"v" and field:~"v" joined by " and "', () => {
    expect(parsePanelFilter('name:~"Costa & Filhos" and contact_ids:"c-1"')).toEqual([
      { field: 'name', match: true, value: 'Costa & Filhos' },
      { field: 'contact_ids', match: false, value: 'c-1' },
    ]);
    expect(parsePanelFilter('name:~"diz \\"oi\\" \\\\ ok"')).toEqual([
      { field: 'name', match: true, value: 'diz "oi" \\ ok' },
    ]);
    expect(parsePanelFilter('@cpf:"111" and is:"pinned"')).toEqual([
      { field: '@cpf', match: false, value: '111' },
      { field: 'is', match: false, value: 'pinned' },
    ]);
    expect(parsePanelFilter(undefined)).toEqual([]);
    expect(parsePanelFilter('   ')).toEqual([]);
  });

  it.each([
    'status:open',
    'name:"a" or name:"b"',
    '(name:"a")',
    '-status:"won"',
    'rating:>"3"',
    'name:"a" name:"b"',
    'name:"a" and',
    'name:"sem fim',
    'name:"a"x',
    'name:""',
    'name:"\\n"',
    ':"x"',
    'status:("won","lost")',
  ])('refuses %j with a pt-BR 400', (filter) => {
    expect(refusal(() => parsePanelFilter(filter))).toEqual({
      status: 400,
      message: FILTER_MESSAGES.format,
    });
  });
});

describe('translateListQuery', () => {
  const readable = (params: URLSearchParams) =>
    [...params].map(([key, value]) => `${key}=${value}`).join('&');
  const crm = (resource: Parameters<typeof translateListQuery>[0], params = {}) =>
    readable(crmListParams(translateListQuery(resource, params)));

  it('sends documented filters quoted, and sorts only by documented fields', () => {
    expect(crm('deals', { filter: 'name:~"Costa"', order: 'name', direction: 'desc' })).toBe(
      'filter=name:~"Costa"&sort[name]=desc',
    );
    expect(
      crm('tasks', {
        filter: 'deal_id:"d-1" and status:"open"',
        order: 'due_date',
        direction: 'desc',
      }),
    ).toBe('filter=deal_id:"d-1" and status:"open"&sort[due_date]=desc');
    expect(crm('customFields', { filter: 'entity:"deal"' })).toBe('filter=entity:"deal"');
    expect(crm('products', { filter: 'name:"Plano Pro"' })).toBe('filter=name:"Plano Pro"');
    expect(crm('notes', { order: 'registered_at' })).toBe('sort[registered_at]=asc');
    expect(crm('users', { filter: 'is:"active"' })).toBe('filter=is:active');
    expect(crm('deals', { filter: '@filial:"norte"' })).toBe('filter=@filial:"norte"');
    expect(crm('pipelines', { order: 'order' })).toBe('sort[order]=asc');
  });

  it('takes contact_ids out of the deals filter: it is scanned, never sent', () => {
    const query = translateListQuery('deals', {
      filter: 'name:~"Costa" and contact_ids:"c-1"',
      order: 'name',
    });
    expect(query.contactId).toBe('c-1');
    expect(readable(crmListParams(query))).toBe('filter=name:~"Costa"&sort[name]=asc');
  });

  it('turns a phone search into every form RD may store it in', () => {
    expect(crm('contacts', { filter: 'phone:"11987654321"' })).toBe(
      'filter=phone:("+5511987654321","11987654321","5511987654321","(11) 98765-4321",' +
        '"+551187654321","1187654321","551187654321","(11) 8765-4321")',
    );
  });

  it('marks the `~` RD is silent on as probed, and sends it exact where the probe said no', () => {
    const query = translateListQuery('contacts', { filter: 'email:~"ana@"' });
    expect(probesOf(query)).toEqual([{ field: 'email', capability: 'contacts.email~' }]);
    expect(readable(crmListParams(query, () => true))).toBe('filter=email:~"ana@"');
    expect(readable(crmListParams(query, () => false))).toBe('filter=email:"ana@"');
    for (const resource of ['organizations', 'lostReasons', 'sources', 'campaigns'] as const) {
      expect(probesOf(translateListQuery(resource, { filter: 'name:~"x"' }))).toEqual([
        { field: 'name', capability: `${resource}.name~` },
      ]);
    }
    expect(probesOf(translateListQuery('contacts', { filter: 'name:~"x"' }))).toEqual([]);
  });

  it.each([
    ['deals', { filter: 'source_id:"s"' }, FILTER_MESSAGES.field('negociações', 'source_id')],
    ['deals', { filter: 'total_price:"1"' }, FILTER_MESSAGES.field('negociações', 'total_price')],
    [
      'deals',
      { filter: 'contact_ids:~"c"' },
      FILTER_MESSAGES.exactOnly('negociações', 'contact_ids'),
    ],
    ['deals', { filter: 'contact_ids:"a" and contact_ids:"b"' }, FILTER_MESSAGES.contactTwice],
    ['deals', { filter: 'status:~"won"' }, FILTER_MESSAGES.exactOnly('negociações', 'status')],
    ['deals', { filter: 'is:"pinned"' }, FILTER_MESSAGES.field('negociações', 'is:pinned')],
    [
      'deals',
      { order: 'owner_id' },
      FILTER_MESSAGES.order('negociações', [
        'name',
        'rating',
        'created_at',
        'updated_at',
        'closed_at',
      ]),
    ],
    ['contacts', { filter: 'phone:~"1198"' }, FILTER_MESSAGES.exactOnly('contatos', 'phone')],
    ['contacts', { filter: '@cpf:~"1"' }, FILTER_MESSAGES.exactOnly('contatos', '@cpf')],
    ['products', { filter: 'name:~"Plano"' }, FILTER_MESSAGES.exactOnly('produtos', 'name')],
    ['users', { filter: 'name:~"Ana"' }, FILTER_MESSAGES.field('usuários', 'name')],
    ['users', { order: 'name' }, FILTER_MESSAGES.noOrder('usuários')],
    ['tasks', { filter: '@x:"1"' }, FILTER_MESSAGES.field('tarefas', '@x')],
    ['pipelines', { filter: 'name:"Vendas"' }, FILTER_MESSAGES.none('funis')],
    ['stages', { filter: 'name:"x"' }, FILTER_MESSAGES.none('etapas')],
    ['deals', { filter: 'name:~"diz \\"oi\\""' }, FILTER_MESSAGES.quote],
  ] as const)('%s %j → 400', (resource, params, message) => {
    expect(refusal(() => translateListQuery(resource, params))).toEqual({ status: 400, message });
  });
});

describe('phoneForms', () => {
  it('lists a landline and a number without area code as they can be typed', () => {
    expect(phoneForms('1134567890')).toEqual([
      '+551134567890',
      '1134567890',
      '551134567890',
      '(11) 3456-7890',
    ]);
    // Juliana's number is stored without the ninth digit: found through the short forms.
    expect(phoneForms('554188776655')).toContain('+554188776655');
    expect(phoneForms('554188776655')).toContain('(41) 8877-6655');
    expect(phoneForms('87654321')).toEqual(['87654321']);
  });

  it('searches a mobile with and without the ninth digit, whichever form the chat has', () => {
    const both = [
      '+5511987654321',
      '11987654321',
      '5511987654321',
      '(11) 98765-4321',
      '+551187654321',
      '1187654321',
      '551187654321',
      '(11) 8765-4321',
    ];
    expect(phoneForms('11987654321')).toEqual(both);
    expect(phoneForms('1187654321')).toEqual(both);
  });
});
