// A CRM that answers fewer records than `page[size]` asks, with no error (the crm-sandbox's
// `pageSizeOverCap: 'clamp'`; RD documents no maximum, so this is as good a reading as a 400):
// every list still reads every record once, and the size the CRM took is kept per tenant in the
// store (crm_filter_probes), so another api process on the same store asks it from the start.
// On SQLite and on PostgreSQL.
import { ACCOUNT1, call, configure, freshPeople, login, startHarness } from './support/harness';
import { type StoreKind, sandboxAndStoresPerFile } from './support/stores';

const stores = sandboxAndStoresPerFile();

/** The api's outbound fetch, recording each CRM request as `path?query` (decoded). */
function recordingFetch() {
  const sent: string[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.startsWith('/crm/v2/'))
      sent.push(`${url.pathname.replace('/crm/v2', '')}${decodeURIComponent(url.search)}`);
    return fetch(input, init);
  };
  return { fetch: fetchImpl, sent };
}

const dealsOf = (json: Record<string, unknown>) =>
  json.data as { data: { id: string }[]; links: { next?: string } };
const sizesOf = (sent: string[]) =>
  sent.flatMap((line) => /page\[size\]=(\d+)/.exec(line)?.[1] ?? []);

beforeEach(() => {
  // Dozens of list pages a test: the account's 120 a minute is not under test here.
  stores.sandbox().setKnobs({ rateLimitPerMinute: 0 });
});
afterEach(() => {
  stores.sandbox().reset();
});

describe.each<StoreKind>(['sqlite', 'postgres'])(
  'a CRM that cuts pages to its cap without an error, on %s',
  (kind) => {
    it.each([50, 25, 20])(
      'cut to %i: the deal list reads every deal once, and a restarted api asks the cap at once',
      async (cap) => {
        const sandbox = stores.sandbox();
        sandbox.setKnobs({ maxPageSize: cap, pageSizeOverCap: 'clamp' });
        const wire = recordingFetch();
        const h = await startHarness({
          sharedSandbox: sandbox,
          api: { database: await stores.databaseOf(kind), fetch: wire.fetch },
        });
        try {
          const { alice, arthur } = freshPeople();
          await configure(h.api, alice);
          await login(h, alice);
          wire.sent.length = 0;
          const page = async (n: number) =>
            dealsOf(
              (await call(h.api, 'GET', `/api/rdstation/deals?limit=200&page=${n}`, { as: alice }))
                .json,
            );
          const first = await page(1);
          const second = await page(2);
          expect(first.data).toHaveLength(200);
          expect(first.links.next).toBe('/api/rdstation/deals?limit=200&page=2');
          expect(second.data).toHaveLength(ACCOUNT1.counts.deals - 200);
          expect(second.links).toEqual({});
          const ids = [...first.data, ...second.data].map((deal) => deal.id);
          expect(new Set(ids).size).toBe(ACCOUNT1.counts.deals);
          // Page 1 of 100 came back cut: asked again at the cap, and every page after it too.
          expect(wire.sent[0]).toBe('/deals?page[number]=1&page[size]=100');
          expect(wire.sent[1]).toBe(`/deals?page[number]=1&page[size]=${cap}`);
          expect(new Set(sizesOf(wire.sent.slice(1)))).toEqual(new Set([String(cap)]));

          // Another api process on the same store, another attendant of the tenant.
          await h.api.close();
          const restarted = await h.restart();
          await login({ api: restarted }, arthur, ACCOUNT1.users.bruno.email);
          wire.sent.length = 0;
          const again = await call(restarted, 'GET', '/api/rdstation/deals?limit=200&page=1', {
            as: arthur,
          });
          expect(dealsOf(again.json).data.map((deal) => deal.id)).toEqual(
            first.data.map((deal) => deal.id),
          );
          expect(new Set(sizesOf(wire.sent))).toEqual(new Set([String(cap)]));
        } finally {
          await h.close();
        }
      },
      60_000,
    );
  },
);
