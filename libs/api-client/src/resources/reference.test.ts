import {
  campaignsFixture,
  customFieldsFixture,
  lostReasonsFixture,
  organizationsFixture,
  productsFixture,
  setupTestServer,
  sourcesFixture,
  usersFixture,
} from '@api-client/testing';
import { IDENTITY_HEADERS } from '@api-client/test-support/wire';
import {
  getCampaign,
  getOrganization,
  getProduct,
  getSource,
  getUser,
  listCampaigns,
  listCustomFields,
  listLostReasons,
  listOrganizations,
  listProducts,
  listSources,
  listUsers,
} from './reference';

const server = setupTestServer();

const get = (path: string, query: Record<string, string> = {}) => ({
  method: 'GET',
  path,
  query,
  body: undefined,
  headers: IDENTITY_HEADERS,
});

describe('organizations', () => {
  it('listOrganizations: limit 200, page, order name and a name-contains filter', async () => {
    const page = await listOrganizations({ search: 'acme', page: 1 });

    expect(page).toEqual({ data: [organizationsFixture[0]], next: null, limitedTo: null });
    expect(server.lastRequest()).toEqual(
      get('/api/rdstation/organizations', {
        limit: '200',
        page: '1',
        order: 'name',
        filter: 'name:~"acme"',
      }),
    );
  });

  it('listOrganizations with limit 50 (edit and create-deal modals) and no search sends no filter', async () => {
    await listOrganizations({ limit: 50, page: 3 });
    expect(server.lastRequest().query).toEqual({ limit: '50', page: '3', order: 'name' });
  });

  it('getOrganization: GET /api/rdstation/organizations/{id}', async () => {
    await expect(getOrganization('organization-2')).resolves.toEqual(organizationsFixture[1]);
    expect(server.lastRequest()).toEqual(get('/api/rdstation/organizations/organization-2'));
  });
});

describe('users, sources and campaigns', () => {
  it('listUsers: GET /api/rdstation/users?limit=200', async () => {
    await expect(listUsers()).resolves.toEqual(usersFixture);
    expect(server.lastRequest()).toEqual(get('/api/rdstation/users', { limit: '200' }));
  });

  it('getUser: GET /api/rdstation/users/{id}', async () => {
    await expect(getUser('user-2')).resolves.toEqual(usersFixture[1]);
    expect(server.lastRequest()).toEqual(get('/api/rdstation/users/user-2'));
  });

  it('listSources: GET /api/rdstation/sources?limit=200', async () => {
    await expect(listSources()).resolves.toEqual(sourcesFixture);
    expect(server.lastRequest()).toEqual(get('/api/rdstation/sources', { limit: '200' }));
  });

  it('getSource: GET /api/rdstation/sources/{id}', async () => {
    await expect(getSource('source-2')).resolves.toEqual(sourcesFixture[1]);
    expect(server.lastRequest()).toEqual(get('/api/rdstation/sources/source-2'));
  });

  it('listCampaigns: GET /api/rdstation/campaigns?limit=200', async () => {
    await expect(listCampaigns()).resolves.toEqual(campaignsFixture);
    expect(server.lastRequest()).toEqual(get('/api/rdstation/campaigns', { limit: '200' }));
  });

  it('getCampaign: GET /api/rdstation/campaigns/{id}', async () => {
    await expect(getCampaign('campaign-1')).resolves.toEqual(campaignsFixture[0]);
    expect(server.lastRequest()).toEqual(get('/api/rdstation/campaigns/campaign-1'));
  });
});

describe('custom fields and lost reasons', () => {
  it('listCustomFields: filter entity:"deal", limit 200 — only deal fields come back', async () => {
    await expect(listCustomFields()).resolves.toEqual(
      customFieldsFixture.filter((field) => field.entity === 'deal'),
    );
    expect(server.lastRequest()).toEqual(
      get('/api/rdstation/custom-fields', { filter: 'entity:"deal"', limit: '200' }),
    );
  });

  it('listLostReasons: limit 200, page 1, order name, direction asc', async () => {
    await expect(listLostReasons()).resolves.toEqual(
      [...lostReasonsFixture].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
    );
    expect(server.lastRequest()).toEqual(
      get('/api/rdstation/lost-reasons', {
        limit: '200',
        page: '1',
        order: 'name',
        direction: 'asc',
      }),
    );
  });

  it('listLostReasons with a search adds filter name:~"…"', async () => {
    await expect(listLostReasons({ search: 'preço', page: 2 })).resolves.toEqual([]);
    expect(server.lastRequest().query).toEqual({
      filter: 'name:~"preço"',
      limit: '200',
      page: '2',
      order: 'name',
      direction: 'asc',
    });
  });
});

describe('products (catalogue)', () => {
  it('listProducts: limit 200 and page, no filter without search', async () => {
    await expect(listProducts()).resolves.toEqual({
      data: productsFixture,
      next: null,
      limitedTo: null,
    });
    expect(server.lastRequest()).toEqual(
      get('/api/rdstation/products', { limit: '200', page: '1' }),
    );
  });

  it('listProducts with a search: exact name filter name:"…" (RD has no contains for products)', async () => {
    const page = await listProducts({ search: 'Plano Básico', page: 1 });

    expect(page.data).toEqual([productsFixture[0]]);
    expect(server.lastRequest().query).toEqual({
      filter: 'name:"Plano Básico"',
      limit: '200',
      page: '1',
    });
  });

  it('getProduct: GET /api/rdstation/products/{id}', async () => {
    await expect(getProduct('product-3')).resolves.toEqual(productsFixture[2]);
    expect(server.lastRequest()).toEqual(get('/api/rdstation/products/product-3'));
  });
});

describe('refresh option', () => {
  it("sends x-cache-bypass: 1 only when asked (the panel's 'Atualizar')", async () => {
    await listUsers({ refresh: true });
    expect(server.lastRequest().headers['x-cache-bypass']).toBe('1');

    await listUsers();
    expect(server.lastRequest().headers['x-cache-bypass']).toBeUndefined();

    await getSource('source-1', { refresh: true });
    expect(server.lastRequest().headers['x-cache-bypass']).toBe('1');
  });
});
