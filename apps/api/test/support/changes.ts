import { type RecordChange } from '@api/changes/recordChange';

/** A deal change made in a panel, as a write route publishes it (tests publish it themselves). */
export const dealChange = (id: string, systemKey = 'tenant-a'): RecordChange => ({
  id,
  systemKey,
  origin: 'panel',
  actor: { userId: 'arthur', verified: true, name: 'Arthur', crmUserId: null },
  attendanceId: 'at-1',
  chatId: 'chat-1',
  record: { type: 'deal', id: 'deal-1', dealId: 'deal-1', contactId: null },
  action: 'updated',
  fields: [{ field: 'rating', before: '1', after: '3' }],
  at: '2026-11-26T10:00:00.000Z',
});
