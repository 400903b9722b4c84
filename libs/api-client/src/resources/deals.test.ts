import { type DealUpdatePayload } from '@crm-panel/crm-model';
import { dealsFixture, setupTestServer } from '@api-client/testing';
import { IDENTITY_HEADERS } from '@api-client/test-support/wire';
import { createDeal, dealsFilter, getDeal, listDeals, updateDeal } from './deals';

const server = setupTestServer();

const byNameDesc = (names: string[]) => [...names].sort((a, b) => b.localeCompare(a, 'pt-BR'));

describe('listDeals', () => {
  it('GET /api/rdstation/deals?limit=200&page=1&order=name&direction=desc&filter=name:~"…"', async () => {
    const page = await listDeals({ search: 'acme', page: 1 });

    expect(page.data.map((deal) => deal.name)).toEqual(
      byNameDesc(['Contrato anual Acme', 'Renovação Acme']),
    );
    expect(page.next).toBeNull();
    expect(server.lastRequest()).toEqual({
      method: 'GET',
      path: '/api/rdstation/deals',
      query: { limit: '200', page: '1', order: 'name', direction: 'desc', filter: 'name:~"acme"' },
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
  });

  it('with \'Negociações com esse contato\' adds contact_ids:"id"', async () => {
    const page = await listDeals({ search: 'acme', contactId: 'contact-1', page: 1 });

    expect(server.lastRequest().query.filter).toBe('name:~"acme" and contact_ids:"contact-1"');
    expect(page.data.map((deal) => deal.id).sort()).toEqual(['deal-1', 'deal-4']);
  });

  it('without search: only the contact filter, or none at all', async () => {
    await listDeals({ contactId: 'contact-3' });
    expect(server.lastRequest().query).toEqual({
      limit: '200',
      page: '1',
      order: 'name',
      direction: 'desc',
      filter: 'contact_ids:"contact-3"',
    });

    const all = await listDeals();
    expect(server.lastRequest().query).toEqual({
      limit: '200',
      page: '1',
      order: 'name',
      direction: 'desc',
    });
    expect(all.data).toHaveLength(dealsFixture.length);
  });

  it('returns links.next as next while more pages exist', async () => {
    server.db.state.deals = Array.from({ length: 250 }, (_, index) => ({
      ...dealsFixture[0]!,
      id: `deal-bulk-${index}`,
      name: `Negociação ${String(index).padStart(3, '0')}`,
    }));

    const first = await listDeals({ page: 1 });
    expect(first.data).toHaveLength(200);
    expect(first.next).toBe('/api/rdstation/deals?limit=200&page=2&order=name&direction=desc');

    const second = await listDeals({ page: 2 });
    expect(second.data).toHaveLength(50);
    expect(second.next).toBeNull();
  });

  it('dealsFilter quotes what a person typed', () => {
    expect(dealsFilter({ search: 'a" or status:won' })).toBe('name:~"a\\" or status:won"');
  });
});

describe('deal records', () => {
  it('getDeal: GET /api/rdstation/deals/{id}, reads data.data.data', async () => {
    await expect(getDeal('deal-1')).resolves.toEqual(dealsFixture[0]);
    expect(server.lastRequest()).toEqual({
      method: 'GET',
      path: '/api/rdstation/deals/deal-1',
      query: {},
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
  });

  it('createDeal: POST /api/rdstation/deals with the create payload', async () => {
    const payload = {
      name: 'Nova negociação',
      pipeline_id: 'pipeline-1',
      stage_id: 'stage-1',
      owner_id: 'user-2',
      organization_id: 'organization-2',
      rating: 3,
      source_id: 'source-1',
      campaign_id: 'campaign-2',
      custom_fields: { segmento: 'Alimentação' },
    };

    const created = await createDeal(payload);

    expect(created).toMatchObject({ ...payload, status: 'ongoing', id: expect.any(String) });
    expect(server.lastRequest()).toEqual({
      method: 'POST',
      path: '/api/rdstation/deals',
      query: {},
      body: payload,
      headers: IDENTITY_HEADERS,
    });
    await expect(getDeal(created.id)).resolves.toEqual(created);
  });

  const partials: DealUpdatePayload[] = [
    { owner_id: 'user-3' },
    { rating: 5 },
    { source_id: 'source-3' },
    // A pipeline change clears the stage (the api names the new pipeline's first to RD).
    { pipeline_id: 'pipeline-2', stage_id: null },
    { stage_id: 'stage-3' },
    { status: 'won' },
    { status: 'lost', lost_reason_id: 'lost-reason-2' },
    { contact_ids: ['contact-1', 'contact-2'] },
  ];
  it.each(partials.map((partial) => [partial]))(
    'updateDeal: PUT /api/rdstation/deals/{id} with the partial body %j',
    async (partial) => {
      const updated = await updateDeal('deal-2', partial);

      // The move's cleared stage comes back as the new pipeline's first.
      const landed =
        'stage_id' in partial && partial.stage_id === null ? { stage_id: 'stage-4' } : {};
      expect(updated).toMatchObject({ id: 'deal-2', ...partial, ...landed });
      expect(server.lastRequest()).toEqual({
        method: 'PUT',
        path: '/api/rdstation/deals/deal-2',
        query: {},
        body: partial,
        headers: IDENTITY_HEADERS,
      });
    },
  );
});
