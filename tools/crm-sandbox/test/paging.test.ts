import { type RunningSandbox } from '@crm-sandbox/index';
import {
  type CrmClient,
  type DealJson,
  type Envelope,
  type HttpResult,
  q,
  send,
  startWithClient,
  WELL_KNOWN,
} from './helpers';

let sandbox: RunningSandbox;
let crm: CrmClient;
let token: string;

beforeAll(async () => {
  let tokens;
  ({ sandbox, crm, tokens } = await startWithClient());
  token = tokens.access_token;
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  sandbox.setKnobs({
    omitEndLinks: false,
    maxPageSize: 100,
    pageSizeOverCap: 'refuse',
    ignoreUnknownParams: false,
  });
});

describe('paging', () => {
  it("defaults to page 1 of 20 with the five absolute links of RD's example", async () => {
    const { status, body } = await crm.get<DealJson[]>('/deals');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(20);
    const base = `${sandbox.url}/crm/v2/deals`;
    expect(Object.keys(body.links)).toEqual(['first', 'prev', 'self', 'next', 'last']);
    expect(body.links).toEqual({
      first: `${base}?page[number]=1&page[size]=20`,
      // Strict: page 1 has a prev too, pointing at itself.
      prev: `${base}?page[number]=1&page[size]=20`,
      self: `${base}?page[number]=1&page[size]=20`,
      next: `${base}?page[number]=2&page[size]=20`,
      last: `${base}?page[number]=14&page[size]=20`,
    });
  });

  it('repeats filter and sort in every link; next on the last page points past the end', async () => {
    const filter = 'status:(ongoing,paused,won) name:~"costa & filhos"';
    const path = `/deals?${q(filter)}&sort[name]=asc&page[size]=1&page[number]=3`;
    const { body } = await crm.get<DealJson[]>(path);
    const base = `${sandbox.url}/crm/v2/deals?filter=status:(ongoing,paused,won)%20name:~%22costa%20%26%20filhos%22&sort[name]=asc`;
    expect(body.data.map((deal) => deal.name)).toEqual([
      WELL_KNOWN.account1.deals.treinamento.name,
    ]);
    expect(body.links).toEqual({
      first: `${base}&page[number]=1&page[size]=1`,
      prev: `${base}&page[number]=2&page[size]=1`,
      self: `${base}&page[number]=3&page[size]=1`,
      next: `${base}&page[number]=4&page[size]=1`,
      last: `${base}&page[number]=3&page[size]=1`,
    });
    const past = await send<Envelope<DealJson[]>>(body.links.next ?? '', { token });
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.links.next).toBe(`${base}&page[number]=5&page[size]=1`);
  });

  it('omitEndLinks: no prev on page 1 and no next on the last page (the lenient reading)', async () => {
    sandbox.setKnobs({ omitEndLinks: true });
    const first = await crm.get('/pipelines');
    expect(first.body.links).toEqual({
      first: `${sandbox.url}/crm/v2/pipelines?page[number]=1&page[size]=20`,
      self: `${sandbox.url}/crm/v2/pipelines?page[number]=1&page[size]=20`,
      last: `${sandbox.url}/crm/v2/pipelines?page[number]=1&page[size]=20`,
    });
    const middle = await crm.get('/deals?page[number]=2');
    expect(Object.keys(middle.body.links)).toEqual(['first', 'prev', 'self', 'next', 'last']);
  });

  it('a client that stops on a short or empty page visits every deal exactly once', async () => {
    const seen: string[] = [];
    let next: string | undefined = `${sandbox.url}/crm/v2/deals?page[size]=100`;
    let pages = 0;
    while (next) {
      const response: HttpResult<Envelope<DealJson[]>> = await send(next, { token });
      seen.push(...response.body.data.map((deal) => deal.id));
      pages += 1;
      next = response.body.data.length < 100 ? undefined : response.body.links.next;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(WELL_KNOWN.account1.counts.deals);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('refuses page[size] above 100 with 400; the maxPageSize knob moves the cap', async () => {
    const { status, body } = await crm.get<DealJson[]>('/deals?page[size]=101');
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      {
        status: '400',
        code: 'INVALID_PARAMETER',
        title: 'Bad Request',
        detail: 'page[size] must be at most 100, got 101',
        source: { parameter: 'page[size]' },
      },
    ]);
    expect((await crm.get('/deals?page[size]=100')).body.data).toHaveLength(100);
    sandbox.setKnobs({ maxPageSize: 200 });
    expect((await crm.get('/deals?page[size]=200')).body.data).toHaveLength(200);
    expect((await crm.get('/deals?page[size]=201')).status).toBe(400);
    sandbox.setKnobs({ maxPageSize: 0 });
    expect((await crm.get('/deals?page[size]=500')).body.data).toHaveLength(274);
  });

  it("pageSizeOverCap 'clamp': a page of the cap, no error, links repeating the size asked", async () => {
    sandbox.setKnobs({ maxPageSize: 50, pageSizeOverCap: 'clamp' });
    const base = `${sandbox.url}/crm/v2/deals`;
    const first = await crm.get<DealJson[]>('/deals?page[size]=100');
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(50);
    // 274 deals in pages of 50: `last` counts 6 of them, each link still says 100.
    expect(first.body.links).toEqual({
      first: `${base}?page[number]=1&page[size]=100`,
      prev: `${base}?page[number]=1&page[size]=100`,
      self: `${base}?page[number]=1&page[size]=100`,
      next: `${base}?page[number]=2&page[size]=100`,
      last: `${base}?page[number]=6&page[size]=100`,
    });
    // Page 2 of "100" is page 2 of 50: a client that asks 50 from page 2 on loses nothing.
    const second = await crm.get<DealJson[]>('/deals?page[number]=2&page[size]=100');
    const byFifty = await crm.get<DealJson[]>('/deals?page[number]=2&page[size]=50');
    expect(second.body.data.map((deal) => deal.id)).toEqual(
      byFifty.body.data.map((deal) => deal.id),
    );
    const lastPage = await send<Envelope<DealJson[]>>(first.body.links.last ?? '', { token });
    expect(lastPage.body.data).toHaveLength(274 - 5 * 50);
    // Within the cap nothing changes, and the default reading refuses as before.
    expect((await crm.get<DealJson[]>('/deals?page[size]=30')).body.data).toHaveLength(30);
    sandbox.setKnobs({ pageSizeOverCap: 'refuse' });
    expect((await crm.get('/deals?page[size]=100')).status).toBe(400);
  });

  it('answers an empty page past the end, with prev pointing at the last page', async () => {
    const { status, body } = await crm.get<DealJson[]>('/deals?page[number]=99&page[size]=100');
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.links.prev).toBe(`${sandbox.url}/crm/v2/deals?page[number]=3&page[size]=100`);
  });

  it.each(['0', '-1', 'abc', '2.5', ''])(
    'rejects %j as page[size] and page[number] with 400',
    async (value) => {
      for (const param of ['page[size]', 'page[number]']) {
        const { status, body } = await crm.get(`/deals?${param}=${value}`);
        expect(status).toBe(400);
        expect(body.errors[0]).toEqual({
          status: '400',
          code: 'INVALID_PARAMETER',
          title: 'Bad Request',
          detail: `${param} must be a positive integer, got '${value}'`,
          source: { parameter: param },
        });
      }
    },
  );

  it('refuses unknown and repeated list parameters (ignoreUnknownParams lets the unknown ones by)', async () => {
    const unknown = await crm.get('/deals?limit=10');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({
      detail:
        "Unknown query parameter 'limit'; lists take filter, sort[<field>] and page[number], page[size]",
      source: { parameter: 'limit' },
    });
    const twice = await crm.get('/deals?page[size]=5&page[size]=6');
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0]?.detail).toBe('page[size] may be given only once');
    sandbox.setKnobs({ ignoreUnknownParams: true });
    expect((await crm.get('/deals?limit=10')).status).toBe(200);
  });
});

describe('sorting', () => {
  it('sorts by name with pt-BR collation, ascending and descending', async () => {
    const asc = await crm.get<DealJson[]>('/deals?sort[name]=asc&page[size]=100');
    const names = asc.body.data.map((deal) => deal.name);
    const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
    expect(names).toEqual([...names].sort(collator.compare));
    const desc = await crm.get<DealJson[]>('/deals?sort[name]=desc&page[size]=1');
    const all = await crm.get<DealJson[]>('/deals?page[size]=100&page[number]=3&sort[name]=asc');
    expect(desc.body.data[0]?.name).toBe(all.body.data[all.body.data.length - 1]?.name);
  });

  it('sorts by rating desc then created_at asc', async () => {
    const { body } = await crm.get<DealJson[]>(
      '/deals?sort[rating]=desc&sort[created_at]=asc&page[size]=100',
    );
    const rows = body.data;
    for (let i = 1; i < rows.length; i += 1) {
      const prev = rows[i - 1];
      const cur = rows[i];
      if (!prev || !cur) continue;
      expect(prev.rating).toBeGreaterThanOrEqual(cur.rating);
      if (prev.rating === cur.rating) expect(prev.created_at <= cur.created_at).toBe(true);
    }
    expect(body.links.self).toContain('sort[rating]=desc&sort[created_at]=asc&page[number]=1');
  });

  it('puts deals without closed_at last whatever the direction', async () => {
    const { body } = await crm.get<DealJson[]>('/deals?sort[closed_at]=desc&page[size]=100');
    const closed = body.data.map((deal) => deal.closed_at);
    const firstNull = closed.indexOf(null);
    expect(firstNull).toBeGreaterThan(0);
    expect(closed.slice(firstNull).every((value) => value === null)).toBe(true);
    const dates = closed.slice(0, firstNull) as string[];
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('sorts tasks by due_date and notes by registered_at (desc by default)', async () => {
    const tasks = await crm.get<{ due_date: string }[]>(
      `/tasks?sort[due_date]=desc&${q(`deal_id:${WELL_KNOWN.account1.deals.implantacao.id}`)}`,
    );
    const due = tasks.body.data.map((task) => task.due_date);
    expect(due).toEqual([...due].sort().reverse());
    const notes = await crm.get<{ registered_at: string; id: string }[]>(
      `/deals/${WELL_KNOWN.account1.deals.implantacao.id}/notes`,
    );
    expect(notes.body.data.map((note) => note.id).slice(0, 2)).toEqual([
      WELL_KNOWN.account1.notes.plain,
      WELL_KNOWN.account1.notes.html,
    ]);
  });

  it('takes only the fields of the page\'s "Ordenação" list, else 400', async () => {
    const unknown = await crm.get('/deals?sort[total_price]=asc');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toEqual({
      status: '400',
      code: 'INVALID_PARAMETER',
      title: 'Bad Request',
      detail:
        "Cannot sort deals by 'total_price'; sortable fields: name, rating, created_at, updated_at, closed_at",
      source: { parameter: 'sort[total_price]' },
    });
    const direction = await crm.get('/deals?sort[name]=up');
    expect(direction.status).toBe(400);
    expect(direction.body.errors[0]?.detail).toBe("sort[name] must be 'asc' or 'desc'");
    for (const [path, field] of [
      ['/segments', 'created_at'],
      ['/sources', 'created_at'],
      [`/deals/${WELL_KNOWN.account1.deals.implantacao.id}/products`, 'created_at'],
      ['/contacts', 'updated_at'],
      ['/pipelines', 'name'],
    ]) {
      expect((await crm.get(`${path}?sort[${field}]=asc`)).status).toBe(400);
    }
    expect((await crm.get('/campaigns?sort[created_at]=desc')).status).toBe(200);
  });

  it('users and webhooks take no sort at all', async () => {
    for (const path of ['/users', '/webhooks']) {
      const { status, body } = await crm.get(`${path}?sort[name]=asc`);
      expect(status).toBe(400);
      expect(body.errors[0]?.detail).toBe(
        `${path.slice(1)} cannot be sorted: RD documents no sort for them`,
      );
    }
  });
});
