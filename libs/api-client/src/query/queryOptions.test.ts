import { waitFor } from '@testing-library/react';
import { QueryClient, skipToken } from '@tanstack/react-query';
import {
  dealsFixture,
  HOST_CONTACT_ID_FIXTURE,
  pipelinesFixture,
  productsFixture,
  setupTestServer,
  usersFixture,
} from '@api-client/testing';
import {
  contactsInfiniteQueryOptions,
  dealsInfiniteQueryOptions,
  organizationsInfiniteQueryOptions,
  productsInfiniteQueryOptions,
} from './infiniteQueryOptions';
import { saveLastDeal } from '@api-client/resources/contacts';
import { queryKeys } from './queryKeys';
import {
  campaignsQueryOptions,
  contactMappingQueryOptions,
  customFieldsQueryOptions,
  dealProductsQueryOptions,
  lostReasonsQueryOptions,
  pipelinesQueryOptions,
  productsQueryOptions,
  sourcesQueryOptions,
  stagesQueryOptions,
  tasksQueryOptions,
  usersQueryOptions,
} from './queryOptions';

const server = setupTestServer();

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => client.clear());

describe('query option factories', () => {
  it('carry the shared keys', () => {
    expect(usersQueryOptions().queryKey).toEqual(queryKeys.users());
    expect(pipelinesQueryOptions().queryKey).toEqual(queryKeys.pipelines());
    expect(stagesQueryOptions('pipeline-1').queryKey).toEqual(queryKeys.stages('pipeline-1'));
    expect(sourcesQueryOptions().queryKey).toEqual(queryKeys.sources());
    expect(campaignsQueryOptions().queryKey).toEqual(queryKeys.campaigns());
    expect(lostReasonsQueryOptions({ search: 'preço' }).queryKey).toEqual(
      queryKeys.lostReasons('preço'),
    );
    expect(customFieldsQueryOptions().queryKey).toEqual(queryKeys.customFields());
    expect(productsQueryOptions({ search: 'Plano' }).queryKey).toEqual(queryKeys.products('Plano'));
    expect(tasksQueryOptions('deal-1', 'open').queryKey).toEqual(queryKeys.tasks('deal-1', 'open'));
    expect(dealProductsQueryOptions('deal-1').queryKey).toEqual(queryKeys.dealProducts('deal-1'));
    expect(dealsInfiniteQueryOptions({ search: 'a', contactId: 'c' }).queryKey).toEqual(
      queryKeys.dealsInfinite('a', 'c'),
    );
    expect(contactsInfiniteQueryOptions({ search: 'm' }).queryKey).toEqual(
      queryKeys.contactsInfinite('m'),
    );
    expect(organizationsInfiniteQueryOptions({ limit: 50 }).queryKey).toEqual(
      queryKeys.organizationsInfinite(undefined, 50),
    );
    expect(productsInfiniteQueryOptions().queryKey).toEqual(queryKeys.productsInfinite());
  });

  it('fetch through the api client', async () => {
    await expect(client.fetchQuery(usersQueryOptions())).resolves.toEqual(usersFixture);
    expect(server.lastRequest().path).toBe('/api/rdstation/users');
    await expect(client.fetchQuery(pipelinesQueryOptions())).resolves.toEqual(pipelinesFixture);
    await expect(client.fetchQuery(productsQueryOptions())).resolves.toEqual(productsFixture);
  });

  it('refresh keeps the key and bypasses the api cache', async () => {
    const options = usersQueryOptions({ refresh: true });
    expect(options.queryKey).toEqual(queryKeys.users());
    await client.fetchQuery(options);
    expect(server.lastRequest().headers['x-cache-bypass']).toBe('1');
  });

  it('stages wait for a pipeline (skipToken, no request)', () => {
    expect(stagesQueryOptions(null).queryFn).toBe(skipToken);
    expect(stagesQueryOptions('').queryFn).toBe(skipToken);
    expect(stagesQueryOptions('pipeline-1').queryFn).not.toBe(skipToken);
    expect(server.requests).toHaveLength(0);
  });
});

describe('infinite query options', () => {
  it('deals: page 1, then the page named by links.next, until there is none', async () => {
    server.db.state.deals = Array.from({ length: 250 }, (_, index) => ({
      ...dealsFixture[0]!,
      id: `deal-bulk-${index}`,
      name: `Negociação ${String(index).padStart(3, '0')}`,
    }));
    const options = dealsInfiniteQueryOptions({ search: 'negociação', contactId: 'contact-1' });

    const data = await client.fetchInfiniteQuery({ ...options, pages: 3 });

    expect(data.pages.map((page) => page.data.length)).toEqual([200, 50]);
    expect(data.pageParams).toEqual([1, 2]);
    expect(server.requests.map((request) => request.query)).toEqual([
      {
        limit: '200',
        page: '1',
        order: 'name',
        direction: 'desc',
        filter: 'name:~"negociação" and contact_ids:"contact-1"',
      },
      {
        limit: '200',
        page: '2',
        order: 'name',
        direction: 'desc',
        filter: 'name:~"negociação" and contact_ids:"contact-1"',
      },
    ]);
  });

  it('organizations use the limit they are given', async () => {
    await client.fetchInfiniteQuery(
      organizationsInfiniteQueryOptions({ search: 'pão', limit: 50 }),
    );
    expect(server.lastRequest().query).toEqual({
      limit: '50',
      page: '1',
      order: 'name',
      filter: 'name:~"pão"',
    });
  });

  it('contacts and products page the same way', async () => {
    const contacts = await client.fetchInfiniteQuery(
      contactsInfiniteQueryOptions({ search: 'maria' }),
    );
    expect(contacts.pages[0]?.data.map((contact) => contact.id)).toEqual(['contact-1']);

    const products = await client.fetchInfiniteQuery(productsInfiniteQueryOptions());
    expect(products.pages[0]?.data).toEqual(productsFixture);
    expect(products.pages[0]?.next).toBeNull();
  });
});

describe("a chat's link", () => {
  it("fills the contact's last deal from the mapping's answer and starts that deal's read at once", async () => {
    const mapping = await client.fetchQuery(contactMappingQueryOptions(HOST_CONTACT_ID_FIXTURE));

    expect(mapping).toEqual({
      mapped: true,
      rdstationContactId: 'contact-1',
      lastDealId: 'deal-1',
    });
    expect(client.getQueryData(queryKeys.lastDeal('contact-1'))).toBe('deal-1');
    await waitFor(() =>
      expect(client.getQueryData(queryKeys.deal('deal-1'))).toMatchObject({ id: 'deal-1' }),
    );
    // No GET of the last deal's id: the mapping said it.
    expect(server.requests.map((request) => request.path)).toEqual([
      `/api/rdstation/contact-mapping/${HOST_CONTACT_ID_FIXTURE}`,
      '/api/rdstation/deals/deal-1',
    ]);
  });

  it('starts no deal read for a linked contact without a last deal', async () => {
    await saveLastDeal('contact-1', null);
    await client.fetchQuery(contactMappingQueryOptions(HOST_CONTACT_ID_FIXTURE));
    expect(client.getQueryData(queryKeys.lastDeal('contact-1'))).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/rdstation/contact/contact-1/last-deal',
      `GET /api/rdstation/contact-mapping/${HOST_CONTACT_ID_FIXTURE}`,
    ]);
  });

  it('fills nothing for a chat without a link', async () => {
    await client.fetchQuery(contactMappingQueryOptions('host-desconhecido'));
    expect(client.getQueryCache().findAll({ queryKey: queryKeys.lastDeal('') })).toEqual([]);
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([queryKeys.contactMapping('host-desconhecido')]);
  });
});
