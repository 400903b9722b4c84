// Closed value sets only the wire schemas (and the api) use at run time: kept out of the main
// entry, which the panel downloads whole, so its bundles carry none of them. Their types are the
// main entry's.
import type { ApiSessionMethod, ApiSessionRole, ApiSessionStage } from '@crm-model/enums';

export const SESSION_ROLES: readonly NonNullable<ApiSessionRole>[] = ['admin', 'attendant'];
export const SESSION_STAGES: readonly ApiSessionStage[] = ['full', 'pending'];
export const SESSION_METHODS: readonly ApiSessionMethod[] = ['assertion', 'crm'];

/** How the CRM user of a sign-in was decided (kept with the choice for the audit trail). */
export const CRM_USER_SOURCES = ['attendant-claim', 'v1-token', 'host-signed-email'] as const;

export const CUSTOM_FIELD_ENTITIES = ['deal', 'contact', 'organization', 'product'] as const;
export const CUSTOM_FIELD_TYPES = ['text', 'date', 'option', 'multiple_choice'] as const;
