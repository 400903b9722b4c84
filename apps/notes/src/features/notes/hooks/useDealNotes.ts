import { useQuery } from '@tanstack/react-query';
import { dealNotesQueryOptions } from '@crm-panel/api-client';
import { type Note } from '@crm-panel/crm-model';

function newestFirst(notes: Note[]): Note[] {
  return [...notes].sort((a, b) => Date.parse(b.registered_at) - Date.parse(a.registered_at));
}

/** The deal's notes, newest first; no request while there is no deal. */
export function useDealNotes(dealId: string | null) {
  return useQuery({
    ...dealNotesQueryOptions(dealId ?? ''),
    enabled: dealId !== null,
    // The api already orders by registered_at desc; sorting again keeps the day groups right
    // even if a page comes back in another order.
    select: newestFirst,
  });
}
