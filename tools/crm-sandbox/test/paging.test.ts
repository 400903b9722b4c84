import { type RunningSandbox } from '../src/index';
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

describe('paging', () => {
  it('defaults to page 1 of 20 with absolute first/self/next/last links and no prev', async () => {
    const { status, body } = await crm.get<DealJson[]>('/deals');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(20);
    const base = `${sandbox.url}/crm/v2/deals`;
    expect(Object.keys(body.links)).toEqual(['first', 'self', 'next', 'last']);
    expect(body.links).toEqual({
      first: `${base}?page[number]=1&page[size]=20`,
      self: `${base}?page[number]=1&page[size]=20`,
      next: `${base}?page[number]=2&page[size]=20`,
      last: `${base}?page[number]=14&page[size]=20`,
    });
  });

  it('repeats filter and sort in every link, and drops next on the last page', async () => {
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
      last: `${base}&page[number]=3&page[size]=1`,
    });
    expect(body.links.next).toBeUndefined();
  });

  it('following next links visits every deal exactly once', async () => {
    const seen: string[] = [];
    let next: string | undefined = `${sandbox.url}/crm/v2/deals?page[size]=100`;
    let pages = 0;
    while (next) {
      const response: HttpResult<Envelope<DealJson[]>> = await send(next, { token });
      seen.push(...response.body.data.map((deal) => deal.id));
      next = response.body.links.next;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(WELL_KNOWN.account1.counts.deals);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('caps page[size] at 200 (clamped, and the links say 200)', async () => {
    const { status, body } = await crm.get<DealJson[]>('/deals?page[size]=500');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(200);
    expect(body.links.self).toBe(`${sandbox.url}/crm/v2/deals?page[number]=1&page[size]=200`);
    expect(body.links.last).toBe(`${sandbox.url}/crm/v2/deals?page[number]=2&page[size]=200`);
  });

  it('answers an empty page past the end, with prev pointing at the last page', async () => {
    const { status, body } = await crm.get<DealJson[]>('/deals?page[number]=99&page[size]=200');
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.links.prev).toBe(`${sandbox.url}/crm/v2/deals?page[number]=2&page[size]=200`);
    expect(body.links.next).toBeUndefined();
  });

  it('has a single page (first = last, no prev/next) when everything fits', async () => {
    const { body } = await crm.get('/pipelines');
    expect(body.links).toEqual({
      first: `${sandbox.url}/crm/v2/pipelines?page[number]=1&page[size]=20`,
      self: `${sandbox.url}/crm/v2/pipelines?page[number]=1&page[size]=20`,
      last: `${sandbox.url}/crm/v2/pipelines?page[number]=1&page[size]=20`,
    });
  });

  it.each(['0', '-1', 'abc', '2.5'])(
    'rejects %s as page[size] and page[number] with 422',
    async (value) => {
      for (const param of ['page[size]', 'page[number]']) {
        const { status, body } = await crm.get(`/deals?${param}=${value}`);
        expect(status).toBe(422);
        expect(body.errors[0]).toEqual({
          status: '422',
          code: 'INVALID_PARAMETER',
          title: 'Unprocessable Entity',
          detail: `${param} must be a positive integer, got '${value}'`,
          source: { parameter: param },
        });
      }
    },
  );
});

describe('sorting', () => {
  it('sorts by name with pt-BR collation, ascending and descending', async () => {
    const asc = await crm.get<DealJson[]>('/deals?sort[name]=asc&page[size]=200');
    const names = asc.body.data.map((deal) => deal.name);
    const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
    expect(names).toEqual([...names].sort(collator.compare));
    const desc = await crm.get<DealJson[]>('/deals?sort[name]=desc&page[size]=1');
    const all = await crm.get<DealJson[]>('/deals?page[size]=200&page[number]=2&sort[name]=asc');
    expect(desc.body.data[0]?.name).toBe(all.body.data[all.body.data.length - 1]?.name);
  });

  it('sorts by rating desc then created_at asc', async () => {
    const { body } = await crm.get<DealJson[]>(
      '/deals?sort[rating]=desc&sort[created_at]=asc&page[size]=200',
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
    const { body } = await crm.get<DealJson[]>('/deals?sort[closed_at]=desc&page[size]=200');
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

  it('rejects a field that cannot be sorted and a bad direction with 422', async () => {
    const unknown = await crm.get('/deals?sort[total_price]=asc');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0]?.detail).toBe(
      "Cannot sort deal records by 'total_price'; sortable fields: name, rating, created_at, updated_at, closed_at",
    );
    const direction = await crm.get('/deals?sort[name]=up');
    expect(direction.status).toBe(422);
    expect(direction.body.errors[0]?.detail).toBe("sort[name] must be 'asc' or 'desc'");
  });
});
