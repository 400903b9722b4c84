import { queryOptions, skipToken } from '@tanstack/react-query';
import { type ChatMessage, type TaskStatus } from '@crm-panel/crm-model';
import { type AuditAccess, listAuditPeople } from '@api-client/resources/audit';
import { getAuthStatus, listCrmUsers } from '@api-client/resources/auth';
import { getChatMessages } from '@api-client/resources/chat';
import {
  getContact,
  getContactMapping,
  getLastDeal,
  listContacts,
} from '@api-client/resources/contacts';
import { getCredentialsStatus } from '@api-client/resources/credentials';
import { listDealProducts } from '@api-client/resources/dealProducts';
import { getDeal } from '@api-client/resources/deals';
import { listDealNotes } from '@api-client/resources/notes';
import { getPipeline, listPipelines, listStages } from '@api-client/resources/pipelines';
import { getUserProfile } from '@api-client/resources/profile';
import {
  getOrganization,
  getProduct,
  getUser,
  listCampaigns,
  listCustomFields,
  listLostReasons,
  listProducts,
  listSources,
  listUsers,
} from '@api-client/resources/reference';
import { getTask, listTasks } from '@api-client/resources/tasks';
import { getTermsStatus } from '@api-client/resources/terms';
import { queryKeys } from './queryKeys';

/** Reference data changes rarely (the api caches it for 60 s too). */
export const REFERENCE_STALE_TIME_MS = 60_000;

export interface RefreshOption {
  /** Fetch past the api's reference cache (`x-cache-bypass: 1`); the key stays the same. */
  refresh?: boolean;
}

// --- the audit trail (admins) --------------------------------------------------------------

/**
 * The people of the trail (the history's person filter). Like the list, the password is never in
 * the key (`unlockAttempt` counts the passwords tried) and a refusal is shown, never retried.
 */
export const auditPeopleQueryOptions = (access: AuditAccess = {}, unlockAttempt = 0) =>
  queryOptions({
    queryKey: queryKeys.auditPeople(unlockAttempt),
    queryFn: ({ signal }) => listAuditPeople(access, { signal }),
    retry: false,
  });

// --- reference data several remotes read -------------------------------------------------

export const usersQueryOptions = ({ refresh }: RefreshOption = {}) =>
  queryOptions({
    queryKey: queryKeys.users(),
    queryFn: ({ signal }) => listUsers({ signal, refresh }),
    staleTime: REFERENCE_STALE_TIME_MS,
  });

export const userQueryOptions = (id: string, { refresh }: RefreshOption = {}) =>
  queryOptions({
    queryKey: queryKeys.user(id),
    queryFn: ({ signal }) => getUser(id, { signal, refresh }),
    staleTime: REFERENCE_STALE_TIME_MS,
  });

export const pipelinesQueryOptions = ({ refresh }: RefreshOption = {}) =>
  queryOptions({
    queryKey: queryKeys.pipelines(),
    queryFn: ({ signal }) => listPipelines({ signal, refresh }),
    staleTime: REFERENCE_STALE_TIME_MS,
  });

export const pipelineQueryOptions = (id: string, { refresh }: RefreshOption = {}) =>
  queryOptions({
    queryKey: queryKeys.pipeline(id),
    queryFn: ({ signal }) => getPipeline(id, { signal, refresh }),
    staleTime: REFERENCE_STALE_TIME_MS,
  });

/** Disabled (no request) while no pipeline is chosen: the stage select waits for a pipeline. */
export const stagesQueryOptions = (
  pipelineId: string | null | undefined,
  { refresh }: RefreshOption = {},
) =>
  queryOptions({
    queryKey: queryKeys.stages(pipelineId ?? ''),
    queryFn: pipelineId ? ({ signal }) => listStages(pipelineId, { signal, refresh }) : skipToken,
    staleTime: REFERENCE_STALE_TIME_MS,
  });

export const sourcesQueryOptions = ({ refresh }: RefreshOption = {}) =>
  queryOptions({
    queryKey: queryKeys.sources(),
    queryFn: ({ signal }) => listSources({ signal, refresh }),
    staleTime: REFERENCE_STALE_TIME_MS,
  });

export const campaignsQueryOptions = ({ refresh }: RefreshOption = {}) =>
  queryOptions({
    queryKey: queryKeys.campaigns(),
    queryFn: ({ signal }) => listCampaigns({ signal, refresh }),
    staleTime: REFERENCE_STALE_TIME_MS,
  });

export const lostReasonsQueryOptions = ({
  search,
  refresh,
}: RefreshOption & { search?: string } = {}) =>
  queryOptions({
    queryKey: queryKeys.lostReasons(search),
    queryFn: ({ signal }) => listLostReasons({ search }, { signal, refresh }),
    staleTime: REFERENCE_STALE_TIME_MS,
  });

export const customFieldsQueryOptions = ({ refresh }: RefreshOption = {}) =>
  queryOptions({
    queryKey: queryKeys.customFields(),
    queryFn: ({ signal }) => listCustomFields({ signal, refresh }),
    staleTime: REFERENCE_STALE_TIME_MS,
  });

/** First page (200) of the catalogue, optionally by exact name: the product form's list. */
export const productsQueryOptions = ({
  search,
  refresh,
}: RefreshOption & { search?: string } = {}) =>
  queryOptions({
    queryKey: queryKeys.products(search),
    queryFn: async ({ signal }) => (await listProducts({ search }, { signal, refresh })).data,
  });

export const productQueryOptions = (id: string, { refresh }: RefreshOption = {}) =>
  queryOptions({
    queryKey: queryKeys.product(id),
    queryFn: ({ signal }) => getProduct(id, { signal, refresh }),
  });

export const organizationQueryOptions = (id: string, { refresh }: RefreshOption = {}) =>
  queryOptions({
    queryKey: queryKeys.organization(id),
    queryFn: ({ signal }) => getOrganization(id, { signal, refresh }),
  });

// --- status, profile and records ---------------------------------------------------------

export const authStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.authStatus(),
    queryFn: ({ signal }) => getAuthStatus({ signal }),
  });

/** The picker's list: the CRM's active users and the suggested one (never cached long). */
export const crmUsersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.crmUsers(),
    queryFn: ({ signal }) => listCrmUsers({ signal }),
  });

export const credentialsStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.credentialsStatus(),
    queryFn: ({ signal }) => getCredentialsStatus({ signal }),
  });

export const termsStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.termsStatus(),
    queryFn: ({ signal }) => getTermsStatus({ signal }),
  });

/** The signed-in CRM user changes only by a choice made here (which clears it): kept 5 min. */
export const PROFILE_STALE_TIME_MS = 5 * 60_000;

export const userProfileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.profile(),
    queryFn: ({ signal }) => getUserProfile({ signal }),
    staleTime: PROFILE_STALE_TIME_MS,
  });

/**
 * A chat's messages: from the api (GET /api/chat/{id}/messages), or through the host when it
 * reads them itself (`readFromHost`, host-bridge's `readChatMessages`). One key for both: a page
 * has one host, so one source.
 */
export const chatMessagesQueryOptions = (
  chatId: string,
  channelId: string,
  readFromHost?: () => Promise<ChatMessage[]>,
) =>
  queryOptions({
    queryKey: queryKeys.chatMessages(chatId, channelId),
    queryFn: ({ signal }) =>
      readFromHost ? readFromHost() : getChatMessages(chatId, channelId, { signal }),
  });

/** The first page of the account's contacts, read when asked for (the login page's check). */
export const contactsPageQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.contactsPage(),
    queryFn: ({ signal }) => listContacts(undefined, { signal }),
    staleTime: 0,
  });

/** The deal last chosen for a CRM contact (null: none, or not readable). */
export const lastDealQueryOptions = (crmContactId: string) =>
  queryOptions({
    queryKey: queryKeys.lastDeal(crmContactId),
    // Not cancellable: getLastDeal reads any failure as 'no last deal', an abort included.
    queryFn: () => getLastDeal(crmContactId),
  });

export const contactQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.contact(id),
    queryFn: ({ signal }) => getContact(id, { signal }),
  });

/**
 * A chat's link. The api's answer for a linked chat carries the contact's last deal: it fills
 * `lastDealQueryOptions`' cache, so the panel asks for the deal itself next, not for its id.
 */
export const contactMappingQueryOptions = (hostContactId: string) =>
  queryOptions({
    queryKey: queryKeys.contactMapping(hostContactId),
    queryFn: async ({ signal, client }) => {
      const mapping = await getContactMapping(hostContactId, { signal });
      const { rdstationContactId, lastDealId } = mapping;
      if (rdstationContactId === null || lastDealId === undefined) return mapping;
      client.setQueryData(queryKeys.lastDeal(rdstationContactId), lastDealId);
      // The deal the chat opens on: its read starts with this answer, not once the panel has
      // rendered it (a fresh copy in the cache is used as is).
      if (lastDealId !== null) void client.prefetchQuery(dealQueryOptions(lastDealId));
      return mapping;
    },
  });

export const dealQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.deal(id), queryFn: ({ signal }) => getDeal(id, { signal }) });

export const dealNotesQueryOptions = (dealId: string) =>
  queryOptions({
    queryKey: queryKeys.dealNotes(dealId),
    queryFn: ({ signal }) => listDealNotes(dealId, { signal }),
  });

export const tasksQueryOptions = (dealId: string, status: TaskStatus) =>
  queryOptions({
    queryKey: queryKeys.tasks(dealId, status),
    queryFn: ({ signal }) => listTasks(dealId, status, { signal }),
  });

export const taskQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.task(id), queryFn: ({ signal }) => getTask(id, { signal }) });

export const dealProductsQueryOptions = (dealId: string) =>
  queryOptions({
    queryKey: queryKeys.dealProducts(dealId),
    queryFn: ({ signal }) => listDealProducts(dealId, { signal }),
  });
