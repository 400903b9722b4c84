/** Called once a host contact is linked to a CRM contact (by search, suggestion or creation). */
export type LinkedHandler = (
  hostContactId: string,
  rdstationContactId: string,
) => void | Promise<void>;
