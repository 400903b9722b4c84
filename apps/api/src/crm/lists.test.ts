import Fastify from 'fastify';
import { DEFAULT_CRM_CALLS_CONFIG } from '@api/config';
import { ApiError } from '@api/errors';
import { createReferenceCache } from './cache';
import { type CrmClient, type CrmRequest, CrmRefusal } from './crmClient';
import { type ProbeVerdicts } from './filterProbes';
import { type ListRequest, type PanelListQuery, createCrmLists } from './lists';
import { createPageSizes } from './pageSizes';

type Page = { data: unknown[]; links?: Record<string, string> };
type Answer = (query: URLSearchParams, path: string) => Page;

const identity = { systemKey: 'tenant-a', userId: 'user:ana' };

/** A CRM that answers `answer` and records every request as `path?query` (decoded). */
function fakeCrm(answer: Answer) {
  const sent: string[] = [];
  /** The requests sent as a CRM user's records (kept by the CRM client per freshness window). */
  const kept: string[] = [];
  let refuse: ((query: URLSearchParams) => boolean) | null = null;
  let refusal: (query: URLSearchParams) => Error = () =>
    new ApiError(400, 'O RD Station CRM recusou os dados enviados.');
  const crm: CrmClient = {
    async accessToken() {
      return 'token';
    },
    async request(_identity, request: CrmRequest) {
      const query = request.query ?? new URLSearchParams();
      sent.push(`${request.path}?${[...query].map(([k, v]) => `${k}=${v}`).join('&')}`);
      if (request.record) kept.push(sent[sent.length - 1] ?? '');
      if (refuse?.(query)) throw refusal(query);
      return answer(query, request.path);
    },
    // Lists never read ahead.
    readAhead() {},
    forgetReadAheads() {},
    forgetRecords() {},
  };
  return {
    crm,
    sent,
    kept,
    refuseWhen(
      rule: (query: URLSearchParams) => boolean,
      error?: (query: URLSearchParams) => Error,
    ) {
      refuse = rule;
      if (error) refusal = error;
    },
  };
}

function memoryProbes(): ProbeVerdicts & { verdicts: Map<string, boolean> } {
  const verdicts = new Map<string, boolean>();
  return {
    verdicts,
    async get(systemKey, capability) {
      return verdicts.get(`${systemKey} ${capability}`) ?? null;
    },
    async set(systemKey, capability, supported) {
      verdicts.set(`${systemKey} ${capability}`, supported);
    },
  };
}

/** `total` records `{ id: 'r<n>' }`, paged as asked; `next` on every page (as RD's docs example). */
function records(total: number, extra: (n: number) => Record<string, unknown> = () => ({})) {
  return (query: URLSearchParams): Page => {
    const number = Number(query.get('page[number]') ?? 1);
    const size = Number(query.get('page[size]') ?? 20);
    const start = (number - 1) * size;
    const data = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => ({
      id: `r${start + i + 1}`,
      ...extra(start + i + 1),
    }));
    return { data, links: { next: `https://crm/x?page[number]=${number + 1}` } };
  };
}

/**
 * `total` records as RD pages them (all five links, `last` naming the last page), from a CRM that
 * takes at most `cap` a page and answers a larger `page[size]` with `cap` records and no error:
 * the links repeat the size asked, `last` counts pages of what it answered.
 */
function clamping(
  total: number,
  cap: number,
  extra: (n: number) => Record<string, unknown> = () => ({}),
) {
  return (query: URLSearchParams): Page => {
    const number = Number(query.get('page[number]') ?? 1);
    const asked = Number(query.get('page[size]') ?? 20);
    const size = Math.min(asked, cap);
    const start = (number - 1) * size;
    const data = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => ({
      id: `r${start + i + 1}`,
      ...extra(start + i + 1),
    }));
    const last = Math.max(1, Math.ceil(total / size));
    const link = (n: number) => `https://crm/x?page[number]=${n}&page[size]=${asked}`;
    return {
      data,
      links: {
        first: link(1),
        prev: link(Math.max(1, number - 1)),
        self: link(number),
        next: link(number + 1),
        last: link(last),
      },
    };
  };
}

const sizesOf = (sent: string[]) => sent.map((line) => /page\[size\]=(\d+)/.exec(line)?.[1]);
const idsOf = (items: unknown[]) => items.map((item) => (item as { id: string }).id);
const firstIds = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => `r${from + i}`);

function setup(answer: Answer, config: Partial<typeof DEFAULT_CRM_CALLS_CONFIG> = {}) {
  const fake = fakeCrm(answer);
  const logs: string[] = [];
  const log = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
  }).log;
  const probes = memoryProbes();
  const calls = { ...DEFAULT_CRM_CALLS_CONFIG, ...config };
  const lists = createCrmLists({
    crm: fake.crm,
    cache: createReferenceCache(60_000, Date.now),
    probes,
    pageSizes: createPageSizes(probes, calls.pageSize),
    config: calls,
  });
  const list = (
    request: Partial<ListRequest> & Pick<ListRequest, 'resource'>,
    query: PanelListQuery = {},
  ) =>
    lists.list(
      { identity, log, refresh: false },
      {
        crmPath: `/${request.resource}`,
        mode: 'scroll',
        cached: false,
        panelPath: `/api/rdstation/${request.resource}`,
        query,
        ...request,
      },
    );
  return { ...fake, logs, probes, lists, list };
}

describe('scroll lists: the panel page assembled from CRM pages of at most CRM_PAGE_SIZE', () => {
  it('answers a page of 200 from 2 × 100 and links.next while more exists', async () => {
    const crm = setup(records(450));
    const first = await crm.list(
      { resource: 'deals' },
      { limit: 200, page: 1, order: 'name', direction: 'desc', filter: 'name:~"a"' },
    );
    expect(crm.sent).toEqual([
      '/deals?filter=name:~"a"&sort[name]=desc&page[number]=1&page[size]=100',
      '/deals?filter=name:~"a"&sort[name]=desc&page[number]=2&page[size]=100',
    ]);
    expect(first.data).toHaveLength(200);
    expect(first.links).toEqual({
      next: '/api/rdstation/deals?limit=200&page=2&order=name&direction=desc&filter=name%3A%7E%22a%22',
    });
    const third = await crm.list({ resource: 'deals' }, { limit: 200, page: 3 });
    // Page 5 is short (50): the list ends there, page 6 is never asked.
    expect(crm.sent.slice(2)).toEqual(['/deals?page[number]=5&page[size]=100']);
    expect(third.data.map((item) => (item as { id: string }).id)).toEqual(
      Array.from({ length: 50 }, (_, i) => `r${401 + i}`),
    );
    expect(third.links).toEqual({});
  });

  it('ends on a short page even though the CRM sends next on every page', async () => {
    const crm = setup(records(150));
    const page = await crm.list({ resource: 'contacts' }, { limit: 200, page: 1 });
    expect(page.data).toHaveLength(150);
    expect(page.links).toEqual({});
    expect(crm.sent).toHaveLength(2);
  });

  it('ends on an empty page, and says nothing more after an exact fit', async () => {
    const crm = setup(records(200));
    const first = await crm.list({ resource: 'products' }, { limit: 200, page: 1 });
    // Two full pages with next: more may exist, so the panel may ask...
    expect(first.links.next).toBe('/api/rdstation/products?limit=200&page=2');
    const second = await crm.list({ resource: 'products' }, { limit: 200, page: 2 });
    // ...and the empty page ends it.
    expect(second).toEqual({ data: [], links: {} });
    expect(crm.sent.at(-1)).toBe('/products?page[number]=3&page[size]=100');
  });

  it('believes links.last when the CRM names the last page', async () => {
    const crm = setup((query) => ({
      ...records(200)(query),
      links: { next: 'https://crm/x?page[number]=3', last: 'https://crm/x?page[number]=2' },
    }));
    expect((await crm.list({ resource: 'deals' }, { limit: 200 })).links).toEqual({});
  });

  it('asks one CRM page of `limit` when limit is within CRM_PAGE_SIZE (organizations, 50)', async () => {
    const crm = setup(records(500));
    const page = await crm.list(
      { resource: 'organizations' },
      { limit: 50, page: 3, order: 'name', filter: 'owner_id:"u1"' },
    );
    expect(crm.sent).toEqual([
      '/organizations?filter=owner_id:"u1"&sort[name]=asc&page[number]=3&page[size]=50',
    ]);
    expect(page.links.next).toContain('page=4');
  });

  it('cuts a limit that is no multiple of CRM_PAGE_SIZE from the pages that hold it', async () => {
    const crm = setup(records(1000));
    const page = await crm.list({ resource: 'contacts' }, { limit: 150, page: 2 });
    expect(crm.sent).toEqual([
      '/contacts?page[number]=2&page[size]=100',
      '/contacts?page[number]=3&page[size]=100',
    ]);
    expect((page.data[0] as { id: string }).id).toBe('r151');
    expect((page.data.at(-1) as { id: string }).id).toBe('r300');
  });

  it('never offers a page past the 10 000 records RD lists for deals', async () => {
    const crm = setup(records(20_000));
    const page = await crm.list({ resource: 'deals' }, { limit: 200, page: 50 });
    expect(page.data).toHaveLength(200);
    expect(page.links).toEqual({});
  });
});

describe('whole lists: read to their end within a bound', () => {
  it('reads every page of users (no sort: RD documents none) and answers them on page 1', async () => {
    const crm = setup(records(230));
    const users = await crm.list({ resource: 'users', mode: 'whole' }, { limit: 200 });
    expect(crm.sent).toEqual([
      '/users?page[number]=1&page[size]=100',
      '/users?page[number]=2&page[size]=100',
      '/users?page[number]=3&page[size]=100',
    ]);
    expect(users.data).toHaveLength(230);
    expect(users.links).toEqual({});
    const later = await crm.list({ resource: 'users', mode: 'whole' }, { limit: 200, page: 2 });
    expect(later.data).toEqual([]);
  });

  it('stops at the bound for a CRM that never ends, answers what it read and logs it', async () => {
    const crm = setup(records(1_000_000), { readAllMaxRecords: 300 });
    const notes = await crm.list(
      { resource: 'notes', mode: 'whole', crmPath: '/deals/d1/notes' },
      { order: 'registered_at', direction: 'desc' },
    );
    expect(crm.sent).toHaveLength(3);
    expect(crm.sent[2]).toBe(
      '/deals/d1/notes?sort[registered_at]=desc&page[number]=3&page[size]=100',
    );
    expect(notes.data).toHaveLength(300);
    expect(crm.logs.join('\n')).toContain(
      'lista do CRM não terminou dentro do limite de registros; respondida com o que foi lido',
    );
  });

  it.each([
    [100, 20],
    [20, 100],
  ])(
    'reads 2 000 records at most at %i a page (%i pages): the bound is in records',
    async (pageSize, pages) => {
      const crm = setup(records(1_000_000), { pageSize });
      const notes = await crm.list(
        { resource: 'notes', mode: 'whole', crmPath: '/deals/d1/notes' },
        { order: 'registered_at', direction: 'desc' },
      );
      expect(sizesOf(crm.sent)).toEqual(Array(pages).fill(String(pageSize)));
      expect(idsOf(notes.data)).toEqual(firstIds(2_000));
    },
  );

  it('answers exactly the bound when it is no multiple of the page size', async () => {
    const crm = setup(records(1_000), { pageSize: 25, readAllMaxRecords: 110 });
    const notes = await crm.list({ resource: 'notes', mode: 'whole', crmPath: '/deals/d1/notes' });
    expect(crm.sent).toHaveLength(5);
    expect(idsOf(notes.data)).toEqual(firstIds(110));
  });

  it('stops when the CRM answers the same page again (it would loop)', async () => {
    const crm = setup(() => ({
      data: Array.from({ length: 100 }, (_, i) => ({ id: `same-${i}` })),
      links: { next: 'https://crm/x' },
    }));
    const tasks = await crm.list({ resource: 'tasks', mode: 'whole' });
    expect(crm.sent).toHaveLength(2);
    expect(tasks.data).toHaveLength(100);
    expect(crm.logs.join('\n')).toContain('lista do CRM repetiu uma página; leitura encerrada');
  });

  it('keeps a cached whole list per tenant and query', async () => {
    const crm = setup(records(5));
    await crm.list({ resource: 'sources', mode: 'whole', cached: true });
    await crm.list({ resource: 'sources', mode: 'whole', cached: true }, { limit: 50 });
    expect(crm.sent).toHaveLength(1);
  });
});

describe('probes where the docs are silent', () => {
  it('asks once per tenant whether contacts take email:~, then keeps it', async () => {
    const crm = setup(records(3));
    await crm.list({ resource: 'contacts' }, { limit: 200, filter: 'email:~"ana@"' });
    await crm.list({ resource: 'contacts' }, { limit: 200, filter: 'email:~"bia@"' });
    expect(crm.sent).toEqual([
      '/contacts?filter=email:~"ana@"&page[number]=1&page[size]=1',
      '/contacts?filter=email:~"ana@"&page[number]=1&page[size]=100',
      '/contacts?filter=email:~"bia@"&page[number]=1&page[size]=100',
    ]);
    expect(crm.probes.verdicts.get('tenant-a contacts.email~')).toBe(true);
  });

  it('falls back to the exact value after a 400, and remembers the refusal', async () => {
    const crm = setup(records(3));
    crm.refuseWhen((query) => (query.get('filter') ?? '').includes(':~'));
    const page = await crm.list(
      { resource: 'lostReasons', mode: 'whole', crmPath: '/lost_reasons' },
      { filter: 'name:~"Preço"', order: 'name' },
    );
    await crm.list(
      { resource: 'lostReasons', mode: 'whole', crmPath: '/lost_reasons' },
      { filter: 'name:~"Prazo"', order: 'name' },
    );
    expect(crm.sent).toEqual([
      '/lost_reasons?filter=name:~"Preço"&page[number]=1&page[size]=1',
      '/lost_reasons?filter=name:"Preço"&sort[name]=asc&page[number]=1&page[size]=100',
      '/lost_reasons?filter=name:"Prazo"&sort[name]=asc&page[number]=1&page[size]=100',
    ]);
    expect(page.data).toHaveLength(3);
    expect(crm.probes.verdicts.get('tenant-a lostReasons.name~')).toBe(false);
  });

  it('passes any other failure of the probe on, without a verdict', async () => {
    const fake = setup(() => {
      throw new ApiError(502, 'O RD Station CRM está indisponível no momento.');
    });
    await expect(
      fake.list({ resource: 'organizations' }, { filter: 'name:~"Costa"' }),
    ).rejects.toMatchObject({ statusCode: 502 });
    expect(fake.probes.verdicts.size).toBe(0);
  });
});

describe("deals of a contact ('Negociações com esse contato')", () => {
  const deal = (n: number) => ({
    name: `Negociação ${String(n).padStart(3, '0')}`,
    contact_ids: n % 7 === 0 ? ['c-1', 'c-2'] : ['c-9'],
  });

  it('scans the most recently updated deals, keeps those with the contact, sorts them as asked', async () => {
    const crm = setup(records(250, deal));
    const page = await crm.list(
      { resource: 'deals' },
      {
        limit: 200,
        page: 1,
        order: 'name',
        direction: 'desc',
        filter: 'name:~"Negociação" and contact_ids:"c-1"',
      },
    );
    expect(crm.sent).toEqual([
      '/deals?filter=name:~"Negociação"&sort[updated_at]=desc&page[number]=1&page[size]=100',
      '/deals?filter=name:~"Negociação"&sort[updated_at]=desc&page[number]=2&page[size]=100',
      '/deals?filter=name:~"Negociação"&sort[updated_at]=desc&page[number]=3&page[size]=100',
    ]);
    const names = page.data.map((item) => (item as { name: string }).name);
    expect(names).toHaveLength(35);
    expect(names[0]).toBe('Negociação 245');
    expect(names.at(-1)).toBe('Negociação 007');
    expect(page).not.toHaveProperty('limitedTo');
    expect(page.links).toEqual({});
  });

  it.each([
    [100, 5],
    [20, 25],
  ])(
    'scans 500 deals at %i a page (%i pages), then says so beside data and links (never a failure)',
    async (pageSize, pages) => {
      const crm = setup(records(100_000, deal), { pageSize });
      const page = await crm.list(
        { resource: 'deals' },
        { limit: 200, filter: 'contact_ids:"c-1"' },
      );
      expect(sizesOf(crm.sent)).toEqual(Array(pages).fill(String(pageSize)));
      // Every 7th of the 500 most recently updated deals holds the contact.
      expect(page.data).toHaveLength(71);
      expect(page.limitedTo).toBe(500);
      // The scan's bound is meant: said in its own words, not logged as a list cut short.
      expect(crm.logs.join('\n')).not.toContain('não terminou dentro do limite de registros');
    },
  );

  it("reads the scan's pages as the CRM user's records: the next page of the panel asks the same ones", async () => {
    const crm = setup(records(300, () => ({ contact_ids: ['c-1'] })));
    const first = await crm.list(
      { resource: 'deals' },
      { limit: 200, filter: 'contact_ids:"c-1"' },
    );
    expect(first.links.next).toBe(
      '/api/rdstation/deals?limit=200&page=2&filter=contact_ids%3A%22c-1%22',
    );
    const second = await crm.list(
      { resource: 'deals' },
      { limit: 200, page: 2, filter: 'contact_ids:"c-1"' },
    );
    expect(second.data).toHaveLength(100);
    expect(second.links).toEqual({});
    // 3 full pages with next, then the empty page 4 ends the scan; page 2 scans the same four,
    // which the CRM client answers from the CRM user's kept records (no second copy here).
    expect(crm.sent).toHaveLength(8);
    expect(crm.sent.slice(4)).toEqual(crm.sent.slice(0, 4));
    expect(crm.kept).toEqual(crm.sent);
  });
});

/** RD's 400 for a page size above what the account takes, naming the parameter as the sandbox does. */
const pageSizeRefusal = (status: 400 | 422, cap: number) => (query: URLSearchParams) =>
  new CrmRefusal(status, 'O RD Station CRM recusou os dados enviados.', [
    JSON.stringify({
      detail: `page[size] must be at most ${cap}, got ${query.get('page[size]')}`,
      source: { parameter: 'page[size]' },
    }),
  ]);

describe("a page size the CRM refuses: 100 → 50 → 25 → 20 (RD's default), kept per tenant", () => {
  it('steps down at once when page[size] is refused, and asks the kept size from then on', async () => {
    const crm = setup(records(120));
    crm.refuseWhen((query) => Number(query.get('page[size]')) > 50, pageSizeRefusal(400, 50));
    const page = await crm.list({ resource: 'users', mode: 'whole' });
    expect(page.data).toHaveLength(120);
    expect(crm.sent).toEqual([
      '/users?page[number]=1&page[size]=100',
      '/users?page[number]=1&page[size]=50',
      '/users?page[number]=2&page[size]=50',
      '/users?page[number]=3&page[size]=50',
    ]);
    expect(crm.probes.verdicts).toEqual(new Map([['tenant-a page[size]=100', false]]));
    expect(crm.logs.join('')).toContain(
      'o CRM recusou o tamanho de página; a leitura segue com o próximo',
    );
    crm.sent.length = 0;
    const scrolled = await crm.list({ resource: 'deals' }, { limit: 200, page: 1 });
    expect(scrolled.data).toHaveLength(120);
    expect(sizesOf(crm.sent)).toEqual(['50', '50', '50']);
  });

  it.each([
    [25, ['100', '50', '25', '25'], 2],
    [20, ['100', '50', '25', '20', '20'], 3],
  ])('a CRM capped at %i (422) is asked each step down to it', async (cap, sizes, refusedSteps) => {
    const crm = setup(records(30));
    crm.refuseWhen((query) => Number(query.get('page[size]')) > cap, pageSizeRefusal(422, cap));
    const page = await crm.list({ resource: 'users', mode: 'whole' });
    expect(page.data).toHaveLength(30);
    expect(sizesOf(crm.sent)).toEqual(sizes);
    expect([...crm.probes.verdicts.values()]).toEqual(Array(refusedSteps).fill(false));
  });

  it("below RD's default the refusal reaches the panel; nothing smaller is guessed", async () => {
    const crm = setup(records(30));
    crm.refuseWhen((query) => Number(query.get('page[size]')) > 10, pageSizeRefusal(400, 10));
    await expect(crm.list({ resource: 'users', mode: 'whole' })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(sizesOf(crm.sent)).toEqual(['100', '50', '25', '20']);
  });

  it('a 400 that names another parameter is no page-size refusal', async () => {
    const crm = setup(records(30));
    crm.refuseWhen(
      () => true,
      () =>
        new CrmRefusal(400, 'O RD Station CRM recusou os dados enviados.', [
          JSON.stringify({ detail: 'sort field unknown', source: { parameter: 'sort[size]' } }),
        ]),
    );
    await expect(crm.list({ resource: 'users', mode: 'whole' })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(crm.sent).toHaveLength(1);
    expect(crm.probes.verdicts.size).toBe(0);
  });

  it('CRM_PAGE_SIZE below 100 starts there and steps down from it', async () => {
    const crm = setup(records(30), { pageSize: 40 });
    crm.refuseWhen((query) => Number(query.get('page[size]')) > 25, pageSizeRefusal(400, 25));
    await crm.list({ resource: 'users', mode: 'whole' });
    expect(sizesOf(crm.sent)).toEqual(['40', '25', '25']);
  });

  it('the contact-deal scan steps down too', async () => {
    const crm = setup(records(60, () => ({ contact_ids: ['c-1'] })));
    crm.refuseWhen((query) => Number(query.get('page[size]')) > 50, pageSizeRefusal(400, 50));
    const page = await crm.list({ resource: 'deals' }, { limit: 200, filter: 'contact_ids:"c-1"' });
    expect(page.data).toHaveLength(60);
    expect(sizesOf(crm.sent)).toEqual(['100', '50', '50']);
  });
});

describe('a CRM that clamps the page size without a word: read on at what came back, kept per tenant', () => {
  const clampWarning =
    'o CRM devolveu menos registros que o tamanho de página pedido, sem erro; a leitura segue com o tamanho que veio';

  it.each([
    [50, [100]],
    [25, [100, 50]],
    [20, [100, 50, 25]],
  ])(
    'capped at %i: a whole list reads every record once, and every later list asks the cap',
    async (cap, clampedSteps) => {
      const crm = setup(clamping(230, cap));
      const users = await crm.list({ resource: 'users', mode: 'whole' });
      expect(idsOf(users.data)).toEqual(firstIds(230));
      // Page 1 of 100 came back as page 1 of the cap: the read goes on from page 2 at the cap.
      const pages = Math.ceil(230 / cap);
      expect(crm.sent).toEqual([
        '/users?page[number]=1&page[size]=100',
        ...Array.from(
          { length: pages - 1 },
          (_, i) => `/users?page[number]=${i + 2}&page[size]=${cap}`,
        ),
      ]);
      expect(crm.probes.verdicts).toEqual(
        new Map(clampedSteps.map((step) => [`tenant-a page[size]=${step}`, false])),
      );
      expect(crm.logs.join('')).toContain(clampWarning);

      crm.sent.length = 0;
      const later = await crm.list({ resource: 'deals' }, { limit: 200, page: 2 });
      expect(idsOf(later.data)).toEqual(firstIds(30, 201));
      expect(later.links).toEqual({});
      expect(new Set(sizesOf(crm.sent))).toEqual(new Set([String(cap)]));
    },
  );

  it('a scrolled list asked at 100 is asked again at the cap: no page is cut short', async () => {
    const crm = setup(clamping(230, 50));
    const first = await crm.list({ resource: 'deals' }, { limit: 200, page: 1 });
    expect(crm.sent).toEqual([
      '/deals?page[number]=1&page[size]=100',
      ...[1, 2, 3, 4].map((n) => `/deals?page[number]=${n}&page[size]=50`),
    ]);
    expect(idsOf(first.data)).toEqual(firstIds(200));
    expect(first.links).toEqual({ next: '/api/rdstation/deals?limit=200&page=2' });
    crm.sent.length = 0;
    const second = await crm.list({ resource: 'deals' }, { limit: 200, page: 2 });
    expect(crm.sent).toEqual(['/deals?page[number]=5&page[size]=50']);
    expect(idsOf(second.data)).toEqual(firstIds(30, 201));
    expect(second.links).toEqual({});
  });

  it("the contact-deal scan reads on at the cap and finds the contact's deals past the first page", async () => {
    const deal = (n: number) => ({ contact_ids: n % 7 === 0 ? ['c-1'] : ['c-9'] });
    const crm = setup(clamping(300, 50, deal));
    const page = await crm.list({ resource: 'deals' }, { limit: 200, filter: 'contact_ids:"c-1"' });
    expect(sizesOf(crm.sent)).toEqual(['100', '50', '50', '50', '50', '50']);
    expect(idsOf(page.data)).toEqual(Array.from({ length: 42 }, (_, i) => `r${(i + 1) * 7}`));
    expect(page).not.toHaveProperty('limitedTo');
  });

  it('a short page that links.last names the last is the end, not a clamp', async () => {
    const crm = setup(clamping(30, 50));
    const users = await crm.list({ resource: 'users', mode: 'whole' });
    expect(idsOf(users.data)).toEqual(firstIds(30));
    expect(crm.sent).toEqual(['/users?page[number]=1&page[size]=100']);
    expect(crm.probes.verdicts.size).toBe(0);
  });

  it('a clamp off the ladder (30) is read on at 30; the next list asks the step below it', async () => {
    const crm = setup(clamping(100, 30));
    const users = await crm.list({ resource: 'users', mode: 'whole' });
    expect(idsOf(users.data)).toEqual(firstIds(100));
    expect(sizesOf(crm.sent)).toEqual(['100', '30', '30', '30']);
    crm.sent.length = 0;
    await crm.list({ resource: 'sources', mode: 'whole', crmPath: '/sources' });
    expect(sizesOf(crm.sent)).toEqual(['25', '25', '25', '25']);
  });

  it("below RD's default (10) every whole list reads on at 10, nothing lost", async () => {
    const crm = setup(clamping(35, 10));
    for (const resource of ['users', 'sources'] as const) {
      crm.sent.length = 0;
      const list = await crm.list({ resource, mode: 'whole', crmPath: `/${resource}` });
      expect(idsOf(list.data)).toEqual(firstIds(35));
      expect(sizesOf(crm.sent)[1]).toBe('10');
    }
    // The second list starts at RD's default, the smallest size the api asks on its own.
    expect(sizesOf(crm.sent)).toEqual(['20', '10', '10', '10']);
  });

  it('a clamp past page 1 (the CRM changed its mind) starts the read over at what came back', async () => {
    let cap = 100;
    const crm = setup((query) => {
      const page = clamping(230, cap)(query);
      cap = 50;
      return page;
    });
    const users = await crm.list({ resource: 'users', mode: 'whole' });
    expect(idsOf(users.data)).toEqual(firstIds(230));
    expect(crm.sent).toEqual([
      '/users?page[number]=1&page[size]=100',
      '/users?page[number]=2&page[size]=100',
      ...[1, 2, 3, 4, 5].map((n) => `/users?page[number]=${n}&page[size]=50`),
    ]);
    expect(crm.probes.verdicts).toEqual(new Map([['tenant-a page[size]=100', false]]));
  });

  it('a refused size and a clamp below the next one: both kept, the read goes on', async () => {
    const crm = setup(clamping(120, 25));
    crm.refuseWhen((query) => Number(query.get('page[size]')) > 50, pageSizeRefusal(400, 50));
    const users = await crm.list({ resource: 'users', mode: 'whole' });
    expect(idsOf(users.data)).toEqual(firstIds(120));
    expect(sizesOf(crm.sent)).toEqual(['100', '50', '25', '25', '25', '25']);
    expect([...crm.probes.verdicts.values()]).toEqual([false, false]);
  });
});
