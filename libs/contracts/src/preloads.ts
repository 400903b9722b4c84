import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import {
  customFieldsQueryOptions,
  dealNotesQueryOptions,
  dealProductsQueryOptions,
  dealQueryOptions,
  pipelinesQueryOptions,
  productsQueryOptions,
  sourcesQueryOptions,
  stagesQueryOptions,
  tasksQueryOptions,
  usersQueryOptions,
} from '@crm-panel/api-client';
import type { RemoteModuleId, RemoteModulePropsOf } from './remotes';

/**
 * The entry `@crm-panel/contracts/preloads`, kept out of the main index: it pulls api-client, and
 * host-bridge (which imports the contracts) must not.
 */

/**
 * What an exposed module reads first on mount, asked for before (and while) its JS downloads.
 * A preload uses exactly the query options the remote's components use (same key, same fetcher),
 * so it never adds a request: it only starts the remote's own first reads earlier.
 */
export type Preload<Id extends RemoteModuleId> = (
  client: QueryClient,
  props: RemoteModulePropsOf<Id>,
) => Promise<void>;

/** For modules whose first read depends on what they do once mounted (a form, a page). */
const NOTHING: Preload<RemoteModuleId> = async () => undefined;

/**
 * Every exposed module's preload. Every id is required (with NOTHING where no read is worth
 * starting early), so whoever adds or changes an exposed module decides its preload here, next to
 * its props; the shell calls `preloadModule` and never knows a remote's reads.
 */
export const PRELOADS: { readonly [Id in RemoteModuleId]: Preload<Id> } = {
  // deal: DealToolbar and the general tab read the deal by id (features/shared/useDeal).
  'deal/DealToolbar': async (client, { dealId }) => {
    if (dealId) await client.ensureQueryData(dealQueryOptions(dealId));
  },
  // The general tab: the account's reference data (DealFieldsCard, CustomFieldsGrid) whatever the
  // deal, then the deal and the stages of its pipeline (useStages(deal.pipeline_id)).
  'deal/DealGeneralTab': async (client, { dealId }) => {
    const dealAndStages = async (id: string) => {
      const deal = await client.ensureQueryData(dealQueryOptions(id));
      if (deal.pipeline_id) await client.prefetchQuery(stagesQueryOptions(deal.pipeline_id));
    };
    // Settled, not all: a failed deal read must not end the preload before the other reads do.
    await Promise.allSettled([
      client.prefetchQuery(usersQueryOptions()),
      client.prefetchQuery(sourcesQueryOptions()),
      client.prefetchQuery(pipelinesQueryOptions()),
      client.prefetchQuery(customFieldsQueryOptions()),
      dealId ? dealAndStages(dealId) : undefined,
    ]);
  },
  'deal/DealCreateForm': NOTHING,
  // contacts: none. The header's reads (the contact, then its organization) are not on the path
  // to a ready panel, and started at the chat's opening they took two of the browser's six
  // connections to the api while the deal waited (panel-speed: ready 446 ms against 406 without,
  // 10 requests before ready against 7). They start when the header mounts, as before.
  'contacts/ContactHeader': NOTHING,
  'contacts/ContactLinkingPage': NOTHING,
  'contacts/ContactEditForm': NOTHING,
  // notes: the timeline (useDealNotes).
  'notes/NotesTab': async (client, { dealId }) => {
    if (dealId) await client.prefetchQuery(dealNotesQueryOptions(dealId));
  },
  'notes/NoteCreateForm': NOTHING,
  'notes/NoteViewForm': NOTHING,
  // tasks: the tab opens on the open tasks (DealTasksPanel's first status, useDealTasks).
  'tasks/TasksTab': async (client, { dealId }) => {
    if (dealId) await client.prefetchQuery(tasksQueryOptions(dealId, 'open'));
  },
  'tasks/TaskForm': NOTHING,
  // products: the deal's items, then the catalogue's first page when there is any item
  // (DealProductsTab, useCatalogueProducts).
  'products/ProductsTab': async (client, { dealId }) => {
    if (!dealId) return;
    const items = await client.ensureQueryData(dealProductsQueryOptions(dealId));
    if (items.length > 0) await client.prefetchQuery(productsQueryOptions());
  },
  'products/ProductForm': NOTHING,
  'credentials/CredentialsNeeded': NOTHING,
  'credentials/TermsPage': NOTHING,
  'credentials/CredentialsSetupPage': NOTHING,
  'credentials/CredentialsManagerPage': NOTHING,
  'credentials/RemoveIntegrationPage': NOTHING,
  'credentials/LoginPromptPage': NOTHING,
  'credentials/LoginPage': NOTHING,
  'credentials/AuthPopupPage': NOTHING,
};

/**
 * Starts the first reads of module `id` for `props`. Never rejects: a failed read stays in the
 * query cache as an error and the area shows its own error state (and retry) once mounted.
 */
export async function preloadModule<Id extends RemoteModuleId>(
  client: QueryClient,
  id: Id,
  props: RemoteModulePropsOf<Id>,
): Promise<void> {
  const preload: Preload<Id> = PRELOADS[id];
  try {
    await preload(client, props);
  } catch {
    // Swallowed on purpose: see above.
  }
}

/**
 * Runs module `id`'s preload in the panel's query cache for `props`, again only when the id or
 * the props' data change (not on every render). The shell calls this, never the cache itself.
 */
export function usePreloadModule<Id extends RemoteModuleId>(
  id: Id,
  props: RemoteModulePropsOf<Id>,
): void {
  const client = useQueryClient();
  // Functions (callbacks) are not data: JSON leaves them out of the key.
  const key = JSON.stringify(props);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  useEffect(() => {
    void preloadModule(client, id, latest.current);
  }, [client, id, key]);
}
