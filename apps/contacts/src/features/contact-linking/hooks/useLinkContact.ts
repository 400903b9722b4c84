import { useLinkContact as useSaveContactLink } from '@crm-panel/api-client';
import { type LinkedHandler } from '../linking';

/** POST /api/rdstation/contact-mapping { contactId: host contact, rdstationContactId }. */
export function useLinkContact(hostContactId: string, onLinked: LinkedHandler) {
  const link = useSaveContactLink();
  const mutateAsync = async (crmContactId: string) => {
    await link.mutateAsync({ hostContactId, crmContactId });
    await onLinked(hostContactId, crmContactId);
  };
  return {
    mutateAsync,
    /** Fire and forget: a failure shows through `isError` / `error`. */
    mutate: (crmContactId: string) => void mutateAsync(crmContactId).catch(() => undefined),
    /** The CRM contact being linked, while it is. */
    variables: link.variables?.crmContactId,
    isPending: link.isPending,
    isError: link.isError,
    error: link.error,
    reset: link.reset,
  };
}
