/**
 * @jest-environment jest-fixed-jsdom
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { type ReactNode } from 'react';
import { queryKeys } from '@crm-panel/api-client';
import { mockErrorHandler, setupTestServer } from '@crm-panel/api-client/testing';
import { REMOTE_MODULE_IDS } from './remotes';
import { PRELOADS, preloadModule, usePreloadModule } from './preloads';

const server = setupTestServer();

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
});
afterEach(() => client.clear());

const paths = () => server.requests.map((r) => `${r.method} ${r.path}`);

const REFERENCE = [
  'GET /api/rdstation/users',
  'GET /api/rdstation/sources',
  'GET /api/rdstation/pipelines',
  'GET /api/rdstation/custom-fields',
];

describe('deal/DealGeneralTab', () => {
  it('asks for the reference data, the deal, then the stages of its pipeline', async () => {
    await preloadModule(client, 'deal/DealGeneralTab', { dealId: 'deal-1' });
    expect([...paths()].sort()).toEqual(
      [
        ...REFERENCE,
        'GET /api/rdstation/deals/deal-1',
        'GET /api/rdstation/pipelines/pipeline-1/stages',
      ].sort(),
    );
    expect(paths().indexOf('GET /api/rdstation/deals/deal-1')).toBeLessThan(
      paths().indexOf('GET /api/rdstation/pipelines/pipeline-1/stages'),
    );
    expect(client.getQueryData(queryKeys.stages('pipeline-1'))).toBeDefined();
  });

  it('asks for the reference data only while there is no deal', async () => {
    await preloadModule(client, 'deal/DealGeneralTab', { dealId: null });
    expect([...paths()].sort()).toEqual([...REFERENCE].sort());
  });

  it('sends nothing again for what the cache already holds', async () => {
    await preloadModule(client, 'deal/DealGeneralTab', { dealId: 'deal-1' });
    const first = server.requests.length;
    await preloadModule(client, 'deal/DealGeneralTab', { dealId: 'deal-1', dealName: 'x' });
    expect(server.requests).toHaveLength(first);
  });

  it('swallows a failed read (the area shows its own error) and stops there', async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'get',
        path: '/api/rdstation/deals/:id',
        status: 500,
        message: 'falhou',
      }),
    );
    await expect(
      preloadModule(client, 'deal/DealGeneralTab', { dealId: 'deal-1' }),
    ).resolves.toBeUndefined();
    expect(paths()).not.toContain('GET /api/rdstation/pipelines/pipeline-1/stages');
    expect(client.getQueryState(queryKeys.deal('deal-1'))?.status).toBe('error');
  });
});

it('deal/DealToolbar: the deal, when there is one', async () => {
  await preloadModule(client, 'deal/DealToolbar', { contactId: 'contact-1', dealId: null });
  expect(paths()).toEqual([]);
  await preloadModule(client, 'deal/DealToolbar', { contactId: 'contact-1', dealId: 'deal-1' });
  expect(paths()).toEqual(['GET /api/rdstation/deals/deal-1']);
});

it('contacts/ContactHeader: nothing ahead (its reads would hold connections the deal needs)', async () => {
  await preloadModule(client, 'contacts/ContactHeader', { contactId: 'contact-1' });
  expect(paths()).toEqual([]);
});

it('notes, tasks and products tabs: the deal’s first list', async () => {
  await preloadModule(client, 'notes/NotesTab', { dealId: 'deal-1' });
  await preloadModule(client, 'tasks/TasksTab', { dealId: 'deal-1' });
  expect(paths()).toEqual(['GET /api/rdstation/deals/deal-1/notes', 'GET /api/rdstation/tasks']);
  expect(server.lastRequest().query.filter).toContain('open');
  await preloadModule(client, 'products/ProductsTab', { dealId: 'deal-1' });
  expect(paths().slice(2)).toEqual([
    'GET /api/rdstation/deals/deal-1/products',
    'GET /api/rdstation/products',
  ]);
});

it('the deal tabs send nothing without a deal', async () => {
  for (const id of ['notes/NotesTab', 'tasks/TasksTab', 'products/ProductsTab'] as const) {
    await preloadModule(client, id, { dealId: null });
  }
  await preloadModule(client, 'contacts/ContactHeader', { contactId: null });
  expect(paths()).toEqual([]);
});

it('every exposed module has a preload; pages and forms read nothing ahead', async () => {
  expect(Object.keys(PRELOADS).sort()).toEqual([...REMOTE_MODULE_IDS].sort());
  await preloadModule(client, 'deal/DealCreateForm', {});
  await preloadModule(client, 'credentials/CredentialsSetupPage', { mode: 'page' });
  expect(paths()).toEqual([]);
});

it('usePreloadModule runs the preload in the provided cache, again only when the props change', () => {
  const notes = jest.spyOn(PRELOADS, 'notes/NotesTab').mockResolvedValue(undefined);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    ({ dealId }: { dealId: string }) => usePreloadModule('notes/NotesTab', { dealId }),
    { wrapper, initialProps: { dealId: 'deal-1' } },
  );
  expect(notes).toHaveBeenCalledWith(client, { dealId: 'deal-1' });
  view.rerender({ dealId: 'deal-1' });
  expect(notes).toHaveBeenCalledTimes(1);
  view.rerender({ dealId: 'deal-2' });
  expect(notes).toHaveBeenCalledTimes(2);
  expect(notes).toHaveBeenLastCalledWith(client, { dealId: 'deal-2' });
  notes.mockRestore();
});
