export {
  apiClient,
  type ApiClient,
  configureApiClient,
  getSessionInfo,
  prepareSession,
  type ApiClientConfig,
  IDENTITY_WARNINGS,
  USER_ID_HEADER,
  SYSTEM_KEY_HEADER,
  CACHE_BYPASS_HEADER,
  AUTHORIZATION_HEADER,
  apiRequestContext,
  type ApiRequestContext,
} from './client/apiClient';
export {
  type PanelContext,
  ATTENDANCE_ID_HEADER,
  CHAT_ID_HEADER,
  setPanelContext,
  sharePanelContext,
  sharedPanelContext,
} from './client/panelContext';
export {
  type ApiSession,
  type ApiSessionInfo,
  type ApiSessionMethod,
  type ApiSessionRole,
  type ApiSessionStage,
  SESSION_BRIDGE_KEY,
  SESSION_PATH,
  SESSION_RENEW_BEFORE_MS,
  SESSION_RENEW_PATH,
  SESSION_RETRY_CODES,
  SESSION_STORAGE_PREFIX,
  sessionStorageKey,
} from './client/session';
export {
  type Page,
  type RequestOptions,
  type ReferenceRequestOptions,
  type ListParams,
  UnexpectedResponseError,
} from './client/envelope';
export {
  type ApiRequest,
  type ApiRequestConfig,
  type ApiResponse,
  type HttpMethod,
  type QueryParams,
} from './client/http';
export {
  ApiClientError,
  ApiRequestError,
  type ApiRequestErrorCode,
  getErrorCode,
  getErrorMessage,
  isHttpStatus,
  isRetryableError,
  QUERY_RETRIES,
  shouldRetryQuery,
  queryRetryDelay,
  isCrmBusy,
  CRM_BUSY_CODE,
  CRM_WAITING_MESSAGE,
} from './client/errors';
export { useCrmWaiting } from './hooks/useCrmWaiting';
export { rdql, contactSearchFilter, nameContainsFilter } from './client/rdql';

export { getChatMessages } from './resources/chat';
export {
  startAuth,
  startTabSignIn,
  redeemTabSignIn,
  getAuthStatus,
  revokeAuth,
  submitApiV1Token,
  listCrmUsers,
  chooseCrmUser,
  type RevokeResult,
} from './resources/auth';
export {
  getCredentialsStatus,
  saveCredentials,
  removeCredentials,
  type CredentialsSaveResult,
} from './resources/credentials';
export { getTermsStatus, acceptTerms } from './resources/terms';
export {
  AUDIT_PAGE_SIZE,
  SECURITY_PASSWORD_HEADER,
  listAudit,
  listAuditPeople,
  exportAuditCsv,
  type AuditAccess,
  type AuditPage,
} from './resources/audit';
export {
  getNovusDiagnostics,
  getNovusMapping,
  novusDiagnosticsQueryOptions,
  reportNovusDiagnostics,
  saveNovusMapping,
  type NovusDiagnostics,
  type NovusMappingAnswer,
} from './resources/novus';
export { getUserProfile } from './resources/profile';
export {
  listContacts,
  createContact,
  getContact,
  updateContact,
  getContactMapping,
  saveContactMapping,
  getLastDeal,
  saveLastDeal,
  createContactWithMapping,
  type ContactListParams,
  type CreatedContactWithMapping,
} from './resources/contacts';
export {
  listOrganizations,
  getOrganization,
  listUsers,
  getUser,
  listSources,
  getSource,
  listCampaigns,
  getCampaign,
  listCustomFields,
  listLostReasons,
  listProducts,
  getProduct,
  type OrganizationListParams,
  type OrganizationPageSize,
  type LostReasonListParams,
  type ProductListParams,
} from './resources/reference';
export {
  listDeals,
  getDeal,
  createDeal,
  updateDeal,
  dealsFilter,
  type DealListParams,
} from './resources/deals';
export { listPipelines, getPipeline, listStages, getStage } from './resources/pipelines';
export { listDealNotes, createDealNote } from './resources/notes';
export { listTasks, getTask, createTask, updateTask, completeTask } from './resources/tasks';
export {
  listDealProducts,
  createDealProduct,
  updateDealProduct,
  deleteDealProduct,
} from './resources/dealProducts';

export { queryKeys } from './query/queryKeys';
export { nextPageParam } from './query/nextPageParam';
export {
  REFERENCE_STALE_TIME_MS,
  PROFILE_STALE_TIME_MS,
  type RefreshOption,
  usersQueryOptions,
  userQueryOptions,
  pipelinesQueryOptions,
  pipelineQueryOptions,
  stagesQueryOptions,
  sourcesQueryOptions,
  campaignsQueryOptions,
  lostReasonsQueryOptions,
  customFieldsQueryOptions,
  productsQueryOptions,
  productQueryOptions,
  organizationQueryOptions,
  authStatusQueryOptions,
  crmUsersQueryOptions,
  credentialsStatusQueryOptions,
  termsStatusQueryOptions,
  userProfileQueryOptions,
  auditPeopleQueryOptions,
  chatMessagesQueryOptions,
  contactQueryOptions,
  contactsPageQueryOptions,
  lastDealQueryOptions,
  contactMappingQueryOptions,
  dealQueryOptions,
  dealNotesQueryOptions,
  tasksQueryOptions,
  taskQueryOptions,
  dealProductsQueryOptions,
} from './query/queryOptions';
export {
  dealsInfiniteQueryOptions,
  auditInfiniteQueryOptions,
  contactsInfiniteQueryOptions,
  organizationsInfiniteQueryOptions,
  productsInfiniteQueryOptions,
} from './query/infiniteQueryOptions';

export * from './writes';

export { useUsers } from './hooks/useUsers';
export { usePipelines } from './hooks/usePipelines';
export { useStages } from './hooks/useStages';
export { useSources } from './hooks/useSources';
export { useCampaigns } from './hooks/useCampaigns';
export { useLostReasons } from './hooks/useLostReasons';
export { useCustomFields } from './hooks/useCustomFields';
export { useInfiniteContacts } from './hooks/useInfiniteContacts';
export { useInfiniteOrganizations } from './hooks/useInfiniteOrganizations';

export { type LiveChange, type LiveRecordType } from './live/liveChange';
export { LIVE_EVENTS_PATH, openLiveStream, type LiveStreamOptions } from './live/liveStream';
export { LIVE_RETRY_BASE_MS, LIVE_RETRY_CAP_MS, reconnectDelay } from './live/backoff';
export { LIVE_TEXTS } from './live/liveTexts';
export { type LiveHint } from './live/LiveUpdatesContext';
export {
  LIVE_HINT_MS,
  LiveUpdatesProvider,
  type LiveUpdatesProviderProps,
} from './live/LiveUpdatesProvider';
export { useLiveHint } from './live/useLiveHint';
export { useRecordChangeWarning, type WatchedRecord } from './live/useRecordChangeWarning';
