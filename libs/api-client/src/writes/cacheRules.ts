import { type QueryClient } from '@tanstack/react-query';
import {
  type AuthStatus,
  type Contact,
  type CredentialsStatus,
  type Deal,
  type Task,
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
    /** A note was added to the deal: the timeline's order is the CRM's. */
    dealNotesChanged(dealId: string) {
      return reread(queryKeys.dealNotes(dealId));
    },
    /** A task was created or changed: its answer is the task; the deal's lists re-read. */
    taskWritten(task: Task) {
      client.setQueryData(queryKeys.task(task.id), task);
      return reread(queryKeys.dealTaskLists(task.deal_id));
    },
    /** The deal's task lists changed and the task itself is not known here. */
    dealTasksChanged(dealId: string) {
      return reread(queryKeys.dealTaskLists(dealId));
    },
    /** Products on the deal changed: their list, and the deal, whose total the CRM recomputes. */
    dealProductsChanged(dealId: string) {
      return Promise.all([reread(queryKeys.dealProducts(dealId)), reread(queryKeys.deal(dealId))]);
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
     * Someone else changed a record (a live update, issue 15): re-read exactly the entries that
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
        redirectUri: redirectUri ?? previous?.redirectUri ?? null,
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
