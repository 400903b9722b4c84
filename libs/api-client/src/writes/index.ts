// Every write of the panel: one hook each, with its cache rule (cacheRules.ts). Apps call these;
// they never import TanStack Query's mutation or cache API (the lint rule refuses it).
export { cacheRules, type CacheRules } from './cacheRules';
export { usePanelCache } from './usePanelCache';
export { useUpdateDeal, useCreateDeal, type DealUpdate, type UpdateDealOptions } from './deals';
export { useCreateNote, type NoteCreation } from './notes';
export { useSaveTask, useCompleteTask, type TaskSave, type TaskCompletion } from './tasks';
export {
  useSaveDealProduct,
  useDeleteDealProduct,
  type DealProductSave,
  type DealProductRemoval,
} from './dealProducts';
export {
  useUpdateContact,
  useCreateLinkedContact,
  useLinkContact,
  useSaveLastDeal,
  type ContactUpdate,
  type LinkedContactCreation,
  type ContactLink,
  type LastDealChoice,
} from './contacts';
export { useAcceptTerms, useSaveCredentials, useChooseCrmUser } from './access';
export { useFetchQuery, createPanelQueryClient } from './client';
