import { queryKeys } from '@crm-panel/api-client';

/** Prefix of every page of the deal picker, whatever its search or filter. */
export const dealListsKey = [...queryKeys.all, 'deals', 'infinite'] as const;
