import { type HostChannel } from '@crm-panel/contracts';
import { TENANT_ACME, TENANT_BETA } from './identities';

/** Attendance channels configured per tenant (getInfoChannels). */
export const CHANNELS: Readonly<Record<string, HostChannel[]>> = {
  [TENANT_ACME]: [
    { id: 'canal-whatsapp-acme', nome: 'WhatsApp Comercial', tipo: 'whatsapp' },
    { id: 'canal-webchat-acme', nome: 'Chat do site', tipo: 'webchat' },
  ],
  [TENANT_BETA]: [
    { id: 'canal-whatsapp-beta', nome: 'WhatsApp Suporte', tipo: 'whatsapp' },
    { id: 'canal-instagram-beta', nome: 'Instagram', tipo: 'instagram' },
  ],
};
