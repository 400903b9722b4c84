import { type QueryClient } from '@tanstack/react-query';
import {
  type AuthStatus,
  type Contact,
  type CredentialsStatus,
  type Deal,
  type DealProduct,
  type Note,
  type Task,
  type TaskStatus,
} from '@crm-panel/crm-model';
import { type LiveChange } from '@api-client/live/liveChange';
import { queryKeys } from '@api-client/query/queryKeys';

/**
 * What the panel's cache does after each kind of write: the one place that knows which entries a
 * write's answer replaces and which must be read again. A write's answer goes into the cache; only
 * what the answer cannot tell (a list's membership and order, a deal's total after a product
 * change) is re-read. The write hooks run these on success; a page that learns of a write another
 * document made (a host modal's result) runs the same rule through `usePanelCache`.
 */
export function cacheRules(client: QueryClient) {
  const reread = (queryKey: readonly unknown[]) => client.invalidateQueries({ queryKey });
  const rules = {
    /** A deal was created or changed: its answer is the deal; the picker shows name and status. */
    dealWritten(deal: Deal) {
      client.setQueryData(queryKeys.deal(deal.id), deal);
      void reread(queryKeys.dealLists());
    },
    /** A deal was created elsewhere (a modal): only its id is known. */
    dealCreated() {
      return reread(queryKeys.dealLists());
    },
    /** The deal's notes changed and the note is not known here (another window, a signal). */
    dealNotesChanged(dealId: string) {
      return reread(queryKeys.dealNotes(dealId));
    },
    /**
     * A note was added: its answer is the note, the newest of the timeline (read newest first by
     * registered_at), so it goes on top of the list already read. Nothing is read again.
     */
    noteWritten(dealId: string, note: Note) {
      client.setQueryData<Note[]>(queryKeys.dealNotes(dealId), (notes) =>
        notes ? [note, ...notes.filter((known) => known.id !== note.id)] : notes,
      );
      return Promise.resolve();
    },
    /**
     * A task was created, edited or completed: its answer is the task. Each list of its deal
     * already read (one per status, due date newest first) loses it and the one of its status
     * takes it in its place; a task without a due date, whose place the CRM decides, makes the
     * lists read again.
     */
    taskWritten(task: Task) {
      client.setQueryData(queryKeys.task(task.id), task);
      const lists = client.getQueriesData<Task[]>({
        queryKey: queryKeys.dealTaskLists(task.deal_id),
      });
      const undated = (known: Task) => !known.due_date;
      if (undated(task) || lists.some(([, tasks]) => tasks?.some(undated)))
        return reread(queryKeys.dealTaskLists(task.deal_id));
      for (const [queryKey, tasks] of lists) {
        if (!tasks) continue;
        const others = tasks.filter((known) => known.id !== task.id);
        const next = listStatus(queryKey) === task.status ? placeByDueDate(others, task) : others;
        client.setQueryData(queryKey, next);
      }
      return Promise.resolve();
    },
    /** The deal's task lists changed and the task itself is not known here. */
    dealTasksChanged(dealId: string) {
      return reread(queryKeys.dealTaskLists(dealId));
    },
    /** Products on the deal changed elsewhere: their list, and the deal, whose total changed. */
    dealProductsChanged(dealId: string) {
      return Promise.all([reread(queryKeys.dealProducts(dealId)), reread(queryKeys.deal(dealId))]);
    },
    /**
     * A product was added or edited: its answer is the deal product, in its place or last (the
     * CRM lists them in the order they were added). The deal is read again: its total is the
     * CRM's sum, which the answer cannot tell.
     */
    dealProductWritten(dealId: string, product: DealProduct) {
      client.setQueryData<DealProduct[]>(queryKeys.dealProducts(dealId), (products) => {
        if (!products) return products;
        const known = products.some((item) => item.id === product.id);
        return known
          ? products.map((item) => (item.id === product.id ? product : item))
          : [...products, product];
      });
      return reread(queryKeys.deal(dealId));
    },
    /** A product was removed: it leaves the list; the deal is read again for its total. */
    dealProductRemoved(dealId: string, dealProductId: string) {
      client.setQueryData<DealProduct[]>(queryKeys.dealProducts(dealId), (products) =>
        products?.filter((item) => item.id !== dealProductId),
      );
      return reread(queryKeys.deal(dealId));
    },
    /** 'Atualizar' in the products tab: the catalogue's names and list prices may have changed. */
    catalogueRefreshed() {
      return reread(queryKeys.productsCatalogue());
    },
    /** A contact changed: its answer is the contact; lists and searches may show it. */
    contactWritten(contact: Contact) {
      client.setQueryData(queryKeys.contact(contact.id), contact);
      return rereadContactLists();
    },
    /** A contact changed elsewhere (a modal): re-read it and its organization. */
    contactChanged(contactId: string, organizationId: string | null) {
      return Promise.all([
        reread(queryKeys.contact(contactId)),
        organizationId ? reread(queryKeys.organization(organizationId)) : null,
        rereadContactLists(),
      ]);
    },
    /** A chat's contact is now linked to a CRM contact. */
    contactMapped(hostContactId: string, crmContactId: string) {
      client.setQueryData(queryKeys.contactMapping(hostContactId), {
        mapped: true,
        rdstationContactId: crmContactId,
      });
    },
    /** The deal last chosen for a CRM contact. */
    lastDealChosen(crmContactId: string, dealId: string | null) {
      client.setQueryData(queryKeys.lastDeal(crmContactId), dealId);
    },
    /**
     * Someone else changed a record (a live update): re-read exactly the entries that
     * show it; only the ones on screen are fetched again, the rest are marked stale.
     */
    recordChanged(change: LiveChange) {
      const { type, id, dealId, contactId } = change.record;
      switch (type) {
        case 'deal':
          return Promise.all([reread(queryKeys.deal(id)), reread(queryKeys.dealLists())]);
        case 'contact':
          return rules.contactChanged(id, null);
        case 'note':
          return dealId ? reread(queryKeys.dealNotes(dealId)) : reread([...queryKeys.all, 'notes']);
        case 'task':
          return Promise.all([
            reread(queryKeys.task(id)),
            dealId ? rules.dealTasksChanged(dealId) : reread([...queryKeys.all, 'tasks', 'list']),
          ]);
        case 'dealProduct':
          return dealId
            ? rules.dealProductsChanged(dealId)
            : reread([...queryKeys.all, 'deal-products']);
        case 'dealContacts':
          return Promise.all([
            reread(queryKeys.deal(dealId ?? id)),
            reread(queryKeys.dealLists()),
            rereadContactLists(),
          ]);
        case 'contactMapping':
          return reread(queryKeys.contactMappings());
        case 'lastDeal':
          return reread(queryKeys.lastDeal(contactId ?? id));
      }
    },
    termsAccepted() {
      client.setQueryData(queryKeys.termsStatus(), { accepted: true });
    },
    /** Credentials saved: known at once (guards must not bounce back), then confirmed. */
    credentialsSaved(redirectUri?: string | null) {
      client.setQueryData<CredentialsStatus>(queryKeys.credentialsStatus(), (previous) => ({
        configured: true,
        redirectUri: redirectUri ?? previous?.redirectUri ?? '',
      }));
      if (redirectUri === undefined) void reread(queryKeys.credentialsStatus());
    },
    /** The CRM sign-in changed (a sign-in, or another CRM user chosen): the profile is forgotten. */
    authChanged(status?: AuthStatus) {
      client.removeQueries({ queryKey: queryKeys.profile() });
      if (!status) return reread(queryKeys.authStatus());
      client.setQueryData(queryKeys.authStatus(), status);
      return Promise.resolve();
    },
    /** Signed out or the integration changed in the manager: both statuses re-read. */
    accessChanged() {
      return Promise.all([reread(queryKeys.authStatus()), reread(queryKeys.credentialsStatus())]);
    },
    /** Another person uses the panel: nothing of the previous one may show. */
    identityChanged() {
      client.clear();
    },
    /** 'Atualizar': everything on screen is read again. */
    refreshAll() {
      return client.invalidateQueries();
    },
  };
  return rules;

  function rereadContactLists() {
    return client.invalidateQueries({
      queryKey: queryKeys.contactLists(),
      predicate: (query) => query.queryKey[2] !== 'detail',
    });
  }
}

export type CacheRules = ReturnType<typeof cacheRules>;

/** The status of a `queryKeys.tasks(dealId, status)` key. */
function listStatus(queryKey: readonly unknown[]): TaskStatus | undefined {
  const filters = queryKey[3];
  if (typeof filters !== 'object' || filters === null || !('status' in filters)) return undefined;
  return filters.status as TaskStatus;
}

/** `tasks`, all dated, are read due date newest first: `task` goes after those due later. */
function placeByDueDate(tasks: Task[], task: Task): Task[] {
  const due = Date.parse(task.due_date ?? '');
  const index = tasks.findIndex((known) => Date.parse(known.due_date ?? '') < due);
  return index === -1 ? [...tasks, task] : [...tasks.slice(0, index), task, ...tasks.slice(index)];
}
