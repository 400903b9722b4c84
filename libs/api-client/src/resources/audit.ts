import {
  type AuditEntry,
  type AuditPerson,
  type AuditQuery,
  type DataEnvelope,
  type Paged,
} from '@crm-panel/crm-model';
import { apiClient } from '@api-client/client/apiClient';
import {
  readItems,
  readPage,
  requestConfig,
  type RequestOptions,
} from '@api-client/client/envelope';

/** Entries per page of the history. */
export const AUDIT_PAGE_SIZE = 50;

/** Hosts that sign nothing: the integration's security password opens the history. */
export const SECURITY_PASSWORD_HEADER = 'x-security-password';

export interface AuditAccess {
  securityPassword?: string | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Where the next page starts (the api's `links.next` cursor), or null on the last page. */
  cursor: string | null;
}

function accessConfig(
  access: AuditAccess,
  options?: RequestOptions,
  params?: Record<string, string>,
) {
  const config = requestConfig(options, params);
  if (access.securityPassword)
    config.headers = { ...config.headers, [SECURITY_PASSWORD_HEADER]: access.securityPassword };
  return config;
}

const filtersOf = (query: AuditQuery): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );

/** GET /api/audit?person&recordType&recordId&from&to&limit[&cursor] → one page, newest first. */
export async function listAudit(
  query: AuditQuery,
  cursor: string | null,
  access: AuditAccess = {},
  options?: RequestOptions,
): Promise<AuditPage> {
  const response = await apiClient.get<DataEnvelope<Paged<AuditEntry>>>(
    '/api/audit',
    accessConfig(access, options, {
      ...filtersOf(query),
      limit: String(AUDIT_PAGE_SIZE),
      ...(cursor ? { cursor } : {}),
    }),
  );
  const page = readPage(response);
  const next = page.next
    ? new URL(page.next, 'http://painel.invalido').searchParams.get('cursor')
    : null;
  return { entries: page.data, cursor: next };
}

/**
 * GET /api/audit/people → everyone who appears in the tenant's trail, by name (the person filter's
 * choices; the api reads them from the trail itself, never from the CRM).
 */
export async function listAuditPeople(
  access: AuditAccess = {},
  options?: RequestOptions,
): Promise<AuditPerson[]> {
  const response = await apiClient.get<DataEnvelope<Paged<AuditPerson>>>(
    '/api/audit/people',
    accessConfig(access, options),
  );
  return readItems(response);
}

/** GET /api/audit.csv with the same filters: the whole filtered history as a CSV file. */
export async function exportAuditCsv(query: AuditQuery, access: AuditAccess = {}): Promise<Blob> {
  const response = await apiClient.get<Blob>('/api/audit.csv', {
    ...accessConfig(access, undefined, filtersOf(query)),
    responseType: 'blob',
  });
  return response.data;
}
