import { type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import { type ApiConfigInput } from '@api/config';
import {
  ACCOUNT1,
  type Harness,
  type Identity,
  call,
  configure,
  freshPeople,
  login,
  startHarness,
} from './support/harness';

// What the api asks RD Station CRM for each panel list call, exactly as it
// goes on the wire, and how it pages, probes and scans.

let sandbox: RunningSandbox;
// Hundreds of CRM calls within seconds on one CRM account: the sandbox's account-wide 120/min is
// off here; the tenant's shared rate is tested below with the api's own limit, and the CRM's 429
// with Retry-After in resilience.test.ts.
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimitPerMinute: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

type Rewrite = (url: URL, body: unknown) => unknown;
type Refuse = (url: URL) => boolean;

/**
 * The api's outbound fetch with a hand on the CRM: it records every CRM request, can answer some
 * with RD's 400 (what RD does with list params it does not take) and can rewrite answers.
 */
function crmWire() {
  const requests: URL[] = [];
  let refuse: Refuse = () => false;
  let rewrite: Rewrite | null = null;
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.pathname.startsWith('/crm/v2/')) return fetch(input, init);
    requests.push(url);
    if (refuse(url)) {
      return Response.json(
        {
          errors: [
            {
              status: '400',
              code: 'INVALID_FILTER',
              title: 'Bad Request',
              detail: 'Unsupported filter',
              source: { parameter: 'filter' },
            },
          ],
        },
        { status: 400 },
      );
    }
    const response = await fetch(input, init);
    if (!rewrite || !response.ok) return response;
    return Response.json(rewrite(url, await response.json()), { status: response.status });
  };
  return {
    fetch: fetchImpl,
    requests,
    /** Path + decoded query of every CRM request since `from`. */
    sent(from = 0): string[] {
      return requests
        .slice(from)
        .map((url) => `${url.pathname.replace('/crm/v2', '')}${decodeURIComponent(url.search)}`);
    },
    refuseWhen(rule: Refuse) {
      refuse = rule;
    },
    rewriteWith(next: Rewrite | null) {
      rewrite = next;
    },
  };
}

const refusesMatchOn = (field: string) => (url: URL) =>
  (url.searchParams.get('filter') ?? '').includes(`${field}:~`);

async function apiWith(
  wire: ReturnType<typeof crmWire>,
  api: ApiConfigInput = {},
  signIn: { confirm?: boolean } = {},
) {
  const h = await startHarness({ sharedSandbox: sandbox, api: { ...api, fetch: wire.fetch } });
  const { alice, arthur } = freshPeople();
  await configure(h.api, alice);
  await login(h, alice, undefined, signIn);
  // What the sign-in and the CRM user step asked (GET /users, /users/{id}) is not under test here.
  wire.requests.length = 0;
  return { h, alice, arthur };
}

const listOf = (json: Record<string, unknown>) =>
  json.data as { data: Record<string, unknown>[]; links: { next?: string }; limitedTo?: number };

const { deals, contact, pipelines, products } = ACCOUNT1;
const q = encodeURIComponent;

describe('every panel list call, as the api-client sends it, reaches the CRM in documented syntax', () => {
  const wire = crmWire();
  let h: Harness;
  let alice: Identity;
  beforeAll(async () => {
    ({ h, alice } = await apiWith(wire));
  });
  afterAll(async () => {
    await h.close();
  });

  it.each<[string, string, string[]]>([
    [
      'deal picker search',
      `/api/rdstation/deals?limit=200&page=1&order=name&direction=desc&filter=${q('name:~"Costa"')}`,
      ['/deals?filter=name:~"Costa"&sort[name]=desc&page[number]=1&page[size]=100'],
    ],
    [
      "deal picker, 'Negociações com esse contato' and a search",
      `/api/rdstation/deals?limit=200&page=1&order=name&direction=desc&filter=${q(`name:~"Costa" and contact_ids:"${contact.id}"`)}`,
      ['/deals?filter=name:~"Costa"&sort[updated_at]=desc&page[number]=1&page[size]=100'],
    ],
    [
      "deal picker, 'Negociações com esse contato'",
      `/api/rdstation/deals?limit=200&page=1&order=name&direction=desc&filter=${q(`contact_ids:"${contact.id}"`)}`,
      [1, 2, 3].map((n) => `/deals?sort[updated_at]=desc&page[number]=${n}&page[size]=100`),
    ],
    [
      'contact search by name',
      `/api/rdstation/contacts?limit=200&page=1&order=name&direction=asc&filter=${q('name:~"Mariana"')}`,
      ['/contacts?filter=name:~"Mariana"&sort[name]=asc&page[number]=1&page[size]=100'],
    ],
    [
      'contact search by e-mail (the probe first: the docs are silent on email:~)',
      `/api/rdstation/contacts?limit=200&page=1&order=name&direction=asc&filter=${q(`email:~"${contact.email}"`)}`,
      [
        `/contacts?filter=email:~"${contact.email}"&page[number]=1&page[size]=1`,
        // The strict sandbox refuses `~` on email (as RD may): the exact form follows.
        `/contacts?filter=email:"${contact.email}"&sort[name]=asc&page[number]=1&page[size]=100`,
      ],
    ],
    [
      'contact search by phone (every form RD may store it in)',
      `/api/rdstation/contacts?limit=200&page=1&order=name&direction=asc&filter=${q('phone:"11987654321"')}`,
      [
        '/contacts?filter=phone:("+5511987654321","11987654321","5511987654321","(11) 98765-4321",' +
          '"+551187654321","1187654321","551187654321","(11) 8765-4321")' +
          '&sort[name]=asc&page[number]=1&page[size]=100',
      ],
    ],
    [
      'organization select (50 a page, probe of name:~)',
      `/api/rdstation/organizations?limit=50&page=1&order=name&filter=${q(`name:~"${ACCOUNT1.organization.name}"`)}`,
      [
        `/organizations?filter=name:~"${ACCOUNT1.organization.name}"&page[number]=1&page[size]=1`,
        `/organizations?filter=name:"${ACCOUNT1.organization.name}"&sort[name]=asc&page[number]=1&page[size]=50`,
      ],
    ],
    [
      'lost reasons (probe of name:~)',
      `/api/rdstation/lost-reasons?filter=${q('name:~"Preço alto"')}&limit=200&page=1&order=name&direction=asc`,
      [
        '/lost_reasons?filter=name:~"Preço alto"&page[number]=1&page[size]=1',
        '/lost_reasons?filter=name:"Preço alto"&sort[name]=asc&page[number]=1&page[size]=100',
      ],
    ],
    [
      'products by exact name',
      `/api/rdstation/products?filter=${q(`name:"${products.planoPro.name}"`)}&limit=200&page=1`,
      [`/products?filter=name:"${products.planoPro.name}"&page[number]=1&page[size]=100`],
    ],
    ['users', '/api/rdstation/users?limit=200', ['/users?page[number]=1&page[size]=100']],
    ['sources', '/api/rdstation/sources?limit=200', ['/sources?page[number]=1&page[size]=100']],
    [
      'campaigns',
      '/api/rdstation/campaigns?limit=200',
      ['/campaigns?page[number]=1&page[size]=100'],
    ],
    [
      'custom fields of deals',
      `/api/rdstation/custom-fields?filter=${q('entity:"deal"')}&limit=200`,
      ['/custom_fields?filter=entity:"deal"&page[number]=1&page[size]=100'],
    ],
    [
      'notes of a deal',
      `/api/rdstation/deals/${deals.implantacao.id}/notes?limit=200&page=1&order=registered_at&direction=desc`,
      [
        `/deals/${deals.implantacao.id}/notes?sort[registered_at]=desc&page[number]=1&page[size]=100`,
      ],
    ],
    [
      'open tasks of a deal',
      `/api/rdstation/tasks?limit=200&page=1&order=due_date&direction=desc&filter=${q(`deal_id:"${deals.implantacao.id}" and status:"open"`)}`,
      [
        `/tasks?filter=deal_id:"${deals.implantacao.id}" and status:"open"&sort[due_date]=desc&page[number]=1&page[size]=100`,
      ],
    ],
    [
      'pipelines',
      '/api/rdstation/pipelines?limit=200',
      ['/pipelines?page[number]=1&page[size]=100'],
    ],
    [
      'stages of a pipeline',
      `/api/rdstation/pipelines/${pipelines.vendas.id}/stages?limit=200`,
      [`/pipelines/${pipelines.vendas.id}/stages?page[number]=1&page[size]=100`],
    ],
    [
      'products of a deal',
      `/api/rdstation/deals/${deals.implantacao.id}/products?limit=200`,
      [`/deals/${deals.implantacao.id}/products?page[number]=1&page[size]=100`],
    ],
  ])('%s', async (_what, url, expected) => {
    const from = wire.requests.length;
    const result = await call(h.api, 'GET', url, { as: alice });
    expect(result.status).toBe(200);
    expect(wire.sent(from)).toEqual(expected);
    expect(listOf(result.json).data.length).toBeGreaterThan(0);
  });

  it('writes spaces as %20 and a phone’s + as %2B on the wire', async () => {
    const from = wire.requests.length;
    await call(
      h.api,
      'GET',
      `/api/rdstation/contacts?limit=200&filter=${q('phone:"11987654321"')}`,
      {
        as: alice,
      },
    );
    const raw = wire.requests[from]?.search ?? '';
    expect(raw).toContain('%2B5511987654321');
    expect(raw).toContain('%2811%29%2098765-4321');
    expect(raw).not.toContain('+');
  });

  it('finds the contacts of every typed phone form and the deals of a contact', async () => {
    const byPhone = async (digits: string) =>
      listOf(
        (
          await call(
            h.api,
            'GET',
            `/api/rdstation/contacts?limit=200&filter=${q(`phone:"${digits}"`)}`,
            {
              as: alice,
            },
          )
        ).json,
      ).data.map((c) => c.id);
    expect(await byPhone('5511987654321')).toContain(contact.id);
    expect(await byPhone('21998765432')).toContain(ACCOUNT1.contactWithoutCountryCode.id);
    expect(await byPhone('41988776655')).toContain(ACCOUNT1.contactWithoutNinthDigit.id);

    const mine = await call(
      h.api,
      'GET',
      `/api/rdstation/deals?limit=200&page=1&order=name&direction=desc&filter=${q(`contact_ids:"${contact.id}"`)}`,
      { as: alice },
    );
    expect(listOf(mine.json).data.map((d) => d.name)).toEqual([
      deals.treinamento.name,
      deals.licencas.name,
      deals.implantacao.name,
    ]);
    expect(listOf(mine.json)).not.toHaveProperty('limitedTo');
  });

  it.each([
    ['/api/rdstation/deals?filter=status%3Aopen', "O campo 'filter' tem um formato inválido"],
    [
      `/api/rdstation/deals?filter=${q('source_id:"x"')}`,
      "O campo 'filter' é inválido: o RD Station CRM não filtra negociações por 'source_id'.",
    ],
    [
      `/api/rdstation/products?filter=${q('name:~"Plano"')}`,
      "O campo 'filter' é inválido: o RD Station CRM só busca produtos por 'name' com o valor exato",
    ],
    [
      '/api/rdstation/deals?order=owner_id',
      "O campo 'order' é inválido: o RD Station CRM ordena negociações apenas por name, rating, created_at, updated_at, closed_at.",
    ],
    [
      '/api/rdstation/users?order=name',
      "O campo 'order' não é permitido: o RD Station CRM não ordena usuários.",
    ],
    [
      `/api/rdstation/pipelines?filter=${q('name:"Vendas"')}`,
      "O campo 'filter' não é permitido: o RD Station CRM não filtra funis.",
    ],
  ])('refuses %s with a pt-BR 400 before any CRM call', async (url, message) => {
    const from = wire.requests.length;
    const result = await call(h.api, 'GET', url, { as: alice });
    expect(result.status).toBe(400);
    expect(String(result.json.message)).toContain(message);
    expect(wire.sent(from)).toEqual([]);
  });
});

describe('probes where RD’s docs are silent, against a CRM that refuses them like RD (400)', () => {
  it.each<[string, string, string, string]>([
    [
      'contacts email:~ → email exact',
      'email',
      `/api/rdstation/contacts?limit=200&page=1&order=name&direction=asc&filter=${q(`email:~"${contact.email}"`)}`,
      `/contacts?filter=email:"${contact.email}"&sort[name]=asc&page[number]=1&page[size]=100`,
    ],
    [
      'organizations name:~ → name exact',
      'name',
      `/api/rdstation/organizations?limit=50&page=1&order=name&filter=${q(`name:~"${ACCOUNT1.organization.name}"`)}`,
      `/organizations?filter=name:"${ACCOUNT1.organization.name}"&sort[name]=asc&page[number]=1&page[size]=50`,
    ],
    [
      'lost reasons name:~ → name exact',
      'name',
      `/api/rdstation/lost-reasons?filter=${q('name:~"Preço alto"')}&limit=200&page=1&order=name&direction=asc`,
      '/lost_reasons?filter=name:"Preço alto"&sort[name]=asc&page[number]=1&page[size]=100',
    ],
  ])('%s, remembered per tenant across a restart', async (_what, field, url, exact) => {
    const wire = crmWire();
    wire.refuseWhen(refusesMatchOn(field));
    const { h, alice, arthur } = await apiWith(wire);
    try {
      const first = await call(h.api, 'GET', url, { as: alice });
      expect(first.status).toBe(200);
      expect(listOf(first.json).data).toHaveLength(1);
      const probe = wire.sent()[0] ?? '';
      expect(probe).toContain(`${field}:~`);
      expect(probe).toContain('page[size]=1');
      expect(wire.sent().slice(1)).toEqual([exact]);

      // Same tenant, another user, another api process on the same store: no probe again.
      await h.api.close();
      const restarted = await h.restart();
      await login({ api: restarted }, arthur, ACCOUNT1.users.bruno.email);
      const from = wire.requests.length;
      const again = await call(restarted, 'GET', url, { as: arthur });
      expect(again.status).toBe(200);
      expect(wire.sent(from)).toEqual([exact]);
    } finally {
      await h.close();
    }
  });

  it('keeps `~` where the CRM takes it (the sandbox’s lenient side)', async () => {
    const wire = crmWire();
    const { h, alice } = await apiWith(wire);
    sandbox.setKnobs({ nameContainsOn: ['organizations'] });
    try {
      const url = (name: string) =>
        `/api/rdstation/organizations?limit=50&filter=${q(`name:~"${name}"`)}`;
      await call(h.api, 'GET', url('Costa'), { as: alice });
      // Another search (the same one is kept for this CRM user): `~` again, and no probe.
      const from = wire.requests.length;
      const again = await call(h.api, 'GET', url('Cost'), { as: alice });
      expect(wire.sent(from)).toEqual([
        '/organizations?filter=name:~"Cost"&page[number]=1&page[size]=50',
      ]);
      expect(listOf(again.json).data.map((o) => o.name)).toContain(ACCOUNT1.organization.name);
    } finally {
      sandbox.setKnobs({ nameContainsOn: [] });
      await h.close();
    }
  });
});

describe('paging that cannot lie or loop', () => {
  it('assembles the panel’s 200 from 2 × 100 and ends on the short page', async () => {
    const wire = crmWire();
    const { h, alice } = await apiWith(wire);
    try {
      const first = await call(h.api, 'GET', '/api/rdstation/deals?limit=200&page=1&order=name', {
        as: alice,
      });
      expect(wire.sent().slice(-2)).toEqual([
        '/deals?sort[name]=asc&page[number]=1&page[size]=100',
        '/deals?sort[name]=asc&page[number]=2&page[size]=100',
      ]);
      const page1 = listOf(first.json);
      expect(page1.data).toHaveLength(200);
      expect(page1.links).toEqual({ next: '/api/rdstation/deals?limit=200&page=2&order=name' });
      const second = await call(h.api, 'GET', page1.links.next ?? '', { as: alice });
      const page2 = listOf(second.json);
      expect(page2.data).toHaveLength(ACCOUNT1.counts.deals - 200);
      expect(page2.links).toEqual({});
      const ids = new Set([...page1.data, ...page2.data].map((d) => d.id));
      expect(ids.size).toBe(ACCOUNT1.counts.deals);
    } finally {
      await h.close();
    }
  });

  it('ends lists against a CRM that sends links.next on every page (RD’s docs example)', async () => {
    const wire = crmWire();
    wire.rewriteWith((url, body) => ({
      ...(body as Record<string, unknown>),
      links: { next: `${url.origin}${url.pathname}?page[number]=999` },
    }));
    const { h, alice } = await apiWith(wire);
    try {
      const users = await call(h.api, 'GET', '/api/rdstation/users?limit=200', { as: alice });
      expect(listOf(users.json).data).toHaveLength(ACCOUNT1.counts.users);
      expect(listOf(users.json).links).toEqual({});
      const from = wire.requests.length;
      const search = await call(
        h.api,
        'GET',
        `/api/rdstation/deals?limit=200&page=1&filter=${q('name:~"Costa"')}`,
        { as: alice },
      );
      expect(listOf(search.json).data).toHaveLength(3);
      expect(listOf(search.json).links).toEqual({});
      expect(wire.sent(from)).toHaveLength(1);
    } finally {
      await h.close();
    }
  });

  it('answers a list the CRM never ends with what it read within the bound, and logs it', async () => {
    const wire = crmWire();
    let served = 0;
    wire.rewriteWith((url, body) => {
      if (!url.pathname.endsWith('/campaigns')) return body;
      const size = Number(url.searchParams.get('page[size]'));
      return {
        data: Array.from({ length: size }, () => ({ id: `campanha-${(served += 1)}`, name: 'x' })),
        links: { next: `${url.origin}${url.pathname}?page[number]=2` },
      };
    });
    const { h, alice } = await apiWith(wire, { crmCalls: { readAllMaxRecords: 400 } });
    try {
      const result = await call(h.api, 'GET', '/api/rdstation/campaigns?limit=200', { as: alice });
      expect(result.status).toBe(200);
      expect(listOf(result.json).data).toHaveLength(400);
      expect(wire.sent().filter((path) => path.startsWith('/campaigns'))).toHaveLength(4);
      expect(h.logs.join('\n')).toContain(
        'lista do CRM não terminou dentro do limite de registros; respondida com o que foi lido',
      );
    } finally {
      await h.close();
    }
  });
});

describe("deals of a contact: a bounded scan ('Negociações com esse contato')", () => {
  it('says when the bound was reached, beside data and links', async () => {
    const wire = crmWire();
    const { h, alice } = await apiWith(wire, {
      crmCalls: { pageSize: 50, contactDealsMaxRecords: 100 },
    });
    try {
      const url = `/api/rdstation/deals?limit=200&page=1&order=name&direction=desc&filter=${q(`contact_ids:"${contact.id}"`)}`;
      const result = await call(h.api, 'GET', url, { as: alice });
      expect(result.status).toBe(200);
      expect(wire.sent()).toEqual([
        '/deals?sort[updated_at]=desc&page[number]=1&page[size]=50',
        '/deals?sort[updated_at]=desc&page[number]=2&page[size]=50',
      ]);
      expect(listOf(result.json).limitedTo).toBe(100);
      // Its pages kept as the CRM user's records: the same list again costs no CRM call…
      await call(h.api, 'GET', url, { as: alice });
      expect(wire.requests).toHaveLength(2);
      // …until a deal is written through the api (its contacts may have changed).
      await call(h.api, 'PUT', `/api/rdstation/deals/${deals.implantacao.id}`, {
        as: alice,
        body: { rating: 4 },
      });
      const before = wire.requests.length;
      await call(h.api, 'GET', url, { as: alice });
      expect(wire.requests.length - before).toBe(2);
    } finally {
      await h.close();
    }
  });
});

describe('a write on a busy CRM', () => {
  it('on a spent budget answers crm_busy without reaching the CRM, and is written once when asked again', async () => {
    const wire = crmWire();
    let clock = Date.now();
    const { h, alice } = await apiWith(wire, {
      now: () => clock,
      crm: { maxRequestsPerMinute: 3, maxRateLimitWaitMs: 200 },
    });
    try {
      // The sign-in spent some of its minute's budget: the reads start in a minute of their own.
      clock += 61_001;
      wire.requests.length = 0;
      // The minute's budget spent by three reads of the tenant.
      for (const deal of [deals.implantacao, deals.perdida, deals.licencas])
        expect(
          (await call(h.api, 'GET', `/api/rdstation/deals/${deal.id}`, { as: alice })).status,
        ).toBe(200);
      const write = () =>
        call(h.api, 'PUT', `/api/rdstation/deals/${deals.implantacao.id}`, {
          as: alice,
          body: { rating: 3 },
        });
      const busy = await write();
      expect(busy).toMatchObject({
        status: 429,
        json: {
          message:
            'Limite de requisições ao RD Station CRM atingido. Tente novamente em instantes.',
          code: 'crm_busy',
        },
      });
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // The refused write never left for the CRM: asking again cannot write twice.
      const puts = () =>
        wire.requests.filter((url) => url.pathname.endsWith(`/deals/${deals.implantacao.id}`));
      expect(puts()).toHaveLength(1);
      // The minute has passed (the api counts 61 s): asked again, as the panel does, it is written.
      clock += 61_001;
      expect((await write()).status).toBe(200);
      expect(puts()).toHaveLength(2);
      const sent = wire.requests.slice(-1)[0];
      expect(sent?.pathname).toBe(`/crm/v2/deals/${deals.implantacao.id}`);
    } finally {
      await h.close();
    }
  });
});

describe('the CRM rate belongs to the tenant', () => {
  it('is shared by the tenant’s users: one user’s calls count for the other', async () => {
    const wire = crmWire();
    // The sign-ins (the account check, the window's list of users, the confirmed user) spend the
    // tenant's budget too: the deal reads start a minute later, in a window of their own.
    let later = 0;
    const { h, alice, arthur } = await apiWith(wire, {
      now: () => Date.now() + later,
      crm: { maxRequestsPerMinute: 3, maxRateLimitWaitMs: 200 },
    });
    try {
      later = 61_000;
      expect((await login(h, arthur, ACCOUNT1.users.bruno.email)).status).toBe(200);
      later = 122_000;
      wire.requests.length = 0;
      // Two records each: a record read once is kept for its reader (crm/crmClient.ts).
      const deal = `/api/rdstation/deals/${deals.implantacao.id}`;
      const other = `/api/rdstation/deals/${deals.perdida.id}`;
      expect((await call(h.api, 'GET', deal, { as: alice })).status).toBe(200);
      expect((await call(h.api, 'GET', other, { as: alice })).status).toBe(200);
      expect((await call(h.api, 'GET', deal, { as: arthur })).status).toBe(200);
      const limited = await call(h.api, 'GET', other, { as: arthur });
      expect(limited).toMatchObject({
        status: 429,
        json: {
          message:
            'Limite de requisições ao RD Station CRM atingido. Tente novamente em instantes.',
          code: 'crm_busy',
        },
      });
      // The three deal reads, and not the fourth.
      expect(wire.requests.filter((request) => request.pathname.includes('/deals/'))).toHaveLength(
        3,
      );
    } finally {
      await h.close();
    }
  });
});
