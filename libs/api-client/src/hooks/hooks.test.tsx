import {
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { type ReactNode } from 'react';
import {
  campaignsFixture,
  customFieldsFixture,
  lostReasonsFixture,
  productsFixture,
  setupTestServer,
  sourcesFixture,
  stagesFixture,
  usersFixture,
} from '@api-client/testing';
import {
  dealsInfiniteQueryOptions,
  productsInfiniteQueryOptions,
} from '@api-client/query/infiniteQueryOptions';
import { productsQueryOptions } from '@api-client/query/queryOptions';
import { useCampaigns } from './useCampaigns';
import { useCustomFields } from './useCustomFields';
import { useInfiniteContacts } from './useInfiniteContacts';
import { useInfiniteOrganizations } from './useInfiniteOrganizations';
import { useLostReasons } from './useLostReasons';
import { usePipelines } from './usePipelines';
import { useSources } from './useSources';
import { useStages } from './useStages';
import { useUsers } from './useUsers';

const server = setupTestServer();

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return function Providers({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

const byName = <T extends { name: string }>(items: T[]) =>
  [...items].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));

describe('reference-data hooks', () => {
  it('useUsers loads the users', async () => {
    const { result } = renderHook(() => useUsers(), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.data).toEqual(usersFixture));
  });

  it('usePipelines, useSources, useCampaigns, useCustomFields, useLostReasons', async () => {
    const { result } = renderHook(
      () => ({
        pipelines: usePipelines(),
        sources: useSources(),
        campaigns: useCampaigns(),
        customFields: useCustomFields(),
        lostReasons: useLostReasons(),
      }),
      { wrapper: wrapper() },
    );

    await waitFor(() => expect(result.current.lostReasons.isSuccess).toBe(true));
    await waitFor(() => expect(result.current.customFields.isSuccess).toBe(true));
    expect(result.current.sources.data).toEqual(sourcesFixture);
    expect(result.current.campaigns.data).toEqual(campaignsFixture);
    expect(result.current.customFields.data).toEqual(
      customFieldsFixture.filter((field) => field.entity === 'deal'),
    );
    expect(result.current.lostReasons.data).toEqual(byName(lostReasonsFixture));
    expect(result.current.pipelines.data?.map((pipeline) => pipeline.id)).toEqual([
      'pipeline-1',
      'pipeline-2',
    ]);
  });

  it('useStages makes no request until a pipeline is chosen', async () => {
    const { result, rerender } = renderHook(({ pipelineId }) => useStages(pipelineId), {
      wrapper: wrapper(),
      initialProps: { pipelineId: null as string | null },
    });

    expect(result.current.fetchStatus).toBe('idle');
    expect(server.requests).toHaveLength(0);

    rerender({ pipelineId: 'pipeline-2' });
    await waitFor(() => expect(result.current.data).toEqual(stagesFixture['pipeline-2']));
    expect(server.lastRequest().path).toBe('/api/rdstation/pipelines/pipeline-2/stages');
  });

  it('the products query searches by exact name', async () => {
    const search = 'Consultoria de Implantação';
    const { result } = renderHook(() => useQuery(productsQueryOptions({ search })), {
      wrapper: wrapper(),
    });
    await waitFor(() => expect(result.current.data).toEqual([productsFixture[2]]));
    expect(server.lastRequest().query.filter).toBe('name:"Consultoria de Implantação"');
  });
});

describe('infinite hooks', () => {
  it("the deal pages filter by the contact when 'Negociações com esse contato' is on", async () => {
    const { result } = renderHook(
      () => useInfiniteQuery(dealsInfiniteQueryOptions({ search: '', contactId: 'contact-3' })),
      { wrapper: wrapper() },
    );

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.pages[0]?.data.map((deal) => deal.id)).toEqual(['deal-3']);
    expect(result.current.hasNextPage).toBe(false);
    expect(server.lastRequest().query.filter).toBe('contact_ids:"contact-3"');
  });

  it('contacts, organizations and products load their first page', async () => {
    const { result } = renderHook(
      () => ({
        contacts: useInfiniteContacts('joão'),
        organizations: useInfiniteOrganizations('tech', 50),
        products: useInfiniteQuery(productsInfiniteQueryOptions()),
      }),
      { wrapper: wrapper() },
    );

    await waitFor(() => expect(result.current.contacts.isSuccess).toBe(true));
    await waitFor(() => expect(result.current.organizations.isSuccess).toBe(true));
    await waitFor(() => expect(result.current.products.isSuccess).toBe(true));
    expect(result.current.contacts.data?.pages[0]?.data.map((contact) => contact.id)).toEqual([
      'contact-2',
    ]);
    expect(result.current.organizations.data?.pages[0]?.data.map((item) => item.id)).toEqual([
      'organization-3',
    ]);
    expect(result.current.products.data?.pages[0]?.data).toHaveLength(productsFixture.length);
  });
});
