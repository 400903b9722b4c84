import { getErrorMessage, isHttpStatus } from '@api-client/client/errors';
import { getDeal, listDeals, updateDeal } from '@api-client/resources/deals';
import { createTask, listTasks } from '@api-client/resources/tasks';
import { apiClient } from '@api-client/client/apiClient';
import { dealsFixture } from './fixtures';
import { MOCK_API_MESSAGES } from './handlers';
import { setupTestServer } from './setupTestServer';

const server = setupTestServer();

afterEach(() => jest.restoreAllMocks());

describe('mock api: state', () => {
  it('writes show up in later reads', async () => {
    await updateDeal('deal-2', { status: 'won' });
    await expect(getDeal('deal-2')).resolves.toMatchObject({ status: 'won' });

    const task = await createTask({
      name: 'Nova',
      description: 'Descrição da tarefa',
      type: 'task',
      due_date: '2025-05-01T10:00:00.000Z',
      owner_ids: ['user-1'],
      status: 'open',
      deal_id: 'deal-2',
    });
    await expect(listTasks('deal-2', 'open')).resolves.toEqual([task]);
  });

  it('every test starts again from the seed', async () => {
    await expect(getDeal('deal-2')).resolves.toEqual(dealsFixture[1]);
    await expect(listTasks('deal-2', 'open')).resolves.toEqual([]);
  });

  it('logs the requests it answered, oldest first', async () => {
    await getDeal('deal-1');
    await listDeals({ search: 'x' });
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/rdstation/deals/deal-1',
      'GET /api/rdstation/deals',
    ]);
  });
});

describe('mock api: answers like the api', () => {
  it('400 with a message when the identity headers are missing', async () => {
    // Straight to the mock, past the client that would add them.
    const answer = await fetch(`${server.baseURL}/api/rdstation/terms/status`);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ message: MOCK_API_MESSAGES.identityMissing });
  });

  it('428 on CRM calls while credentials are not configured', async () => {
    server.db.state.integration.credentialsConfigured = false;
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = await listDeals().catch((caught: unknown) => caught);
    expect(isHttpStatus(error, 428)).toBe(true);
    expect(getErrorMessage(error, 'x')).toBe(MOCK_API_MESSAGES.credentialsNotConfigured);
  });

  it('401 on CRM calls without a session', async () => {
    server.db.state.integration.authenticated = false;
    const error = await getDeal('deal-1').catch((caught: unknown) => caught);
    expect(isHttpStatus(error, 401)).toBe(true);
  });

  it('404 with a message for an unknown record', async () => {
    const error = await getDeal('nao-existe').catch((caught: unknown) => caught);
    expect(isHttpStatus(error, 404)).toBe(true);
    expect(getErrorMessage(error, 'x')).toBe(MOCK_API_MESSAGES.notFound);
  });

  it('422 for a filter on an unknown field, and 400 for a limit above 200', async () => {
    const filterError = await apiClient
      .get('/api/rdstation/deals', { params: { filter: 'nome:~"x"' } })
      .catch((caught: unknown) => caught);
    expect(isHttpStatus(filterError, 422)).toBe(true);

    const limitError = await apiClient
      .get('/api/rdstation/deals', { params: { limit: 500 } })
      .catch((caught: unknown) => caught);
    expect(isHttpStatus(limitError, 400)).toBe(true);
  });

  it('pages with links.next on its own path', async () => {
    const response = await apiClient.get<{ data: { data: unknown[]; links: { next?: string } } }>(
      '/api/rdstation/deals',
      { params: { limit: 3, page: 1, order: 'name' } },
    );
    expect(response.data.data.data).toHaveLength(3);
    expect(response.data.data.links).toEqual({
      next: '/api/rdstation/deals?limit=3&page=2&order=name',
    });
  });
});

describe('mock api: the wire contract (libs/crm-model/src/schemas)', () => {
  it('refuses a body the api would refuse, and logs what was sent', async () => {
    const error: unknown = await apiClient
      .post('/api/rdstation/deals/deal-1/notes', { description: '   ', user_id: 'user-1' })
      .catch((caught: unknown) => caught);
    expect(isHttpStatus(error, 400)).toBe(true);
    expect(getErrorMessage(error, '')).toMatch(
      /^O corpo da requisição não segue o contrato da api/,
    );
    expect(server.requests.at(-1)?.body).toEqual({ description: '   ', user_id: 'user-1' });
  });

  it('drops unknown fields as the api does, keeping them in the request log', async () => {
    await apiClient.put('/api/rdstation/deals/deal-2', { rating: 3, total_price: 1 });
    await expect(getDeal('deal-2')).resolves.toMatchObject({
      rating: 3,
      total_price: dealsFixture[1]?.total_price,
    });
    expect(server.requests.at(-2)?.body).toEqual({ rating: 3, total_price: 1 });
  });

  it('answers 500 rather than hand out a record outside its schema', async () => {
    await expect(getDeal('deal-1')).resolves.toMatchObject({ id: 'deal-1' });
    const deal = server.db.state.deals[0] as unknown as Record<string, unknown>;
    delete deal.status;
    const error: unknown = await getDeal('deal-1').catch((caught: unknown) => caught);
    expect(isHttpStatus(error, 500)).toBe(true);
    expect(getErrorMessage(error, '')).toMatch(
      /fora do esquema em get \/api\/rdstation\/deals\/:id/,
    );
  });
});
