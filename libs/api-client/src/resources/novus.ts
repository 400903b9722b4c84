import { queryOptions } from '@tanstack/react-query';
import {
  type DataEnvelope,
  type NovusDiagnosticsReport,
  type NovusFieldMapping,
  type NovusUnderstanding,
} from '@crm-panel/crm-model';
import { apiClient } from '@api-client/client/apiClient';
import { readPayload, requestConfig, type RequestOptions } from '@api-client/client/envelope';
import { queryKeys } from '@api-client/query/queryKeys';
import { type AuditAccess, SECURITY_PASSWORD_HEADER } from './audit';

// A Novus install that explains itself (apps/api README, 'Novus diagnostics'): the panel in a
// Novus frame reports what the host sent (with its session once it has one; before, without:
// without a user id there is none) and reads its tenant's field mapping; admins read the
// diagnostics and save the mapping.

/** The tenant's mapping as the panel reads it; `custom` false: the defaults. */
export interface NovusMappingAnswer {
  mapping: NovusFieldMapping;
  custom: boolean;
}

/** GET /api/novus/diagnostics (admins). */
export interface NovusDiagnostics extends NovusMappingAnswer {
  /** The last report of a panel with a session (the tenant's report), and whose session it was. */
  report: NovusDiagnosticsReport | null;
  reportedAt: string | null;
  /** Absent from an api older than the session-bound report (as are the two below). */
  reportedBy?: string | null;
  /**
   * The last report of a panel with no session yet (before the host gave a user id): anyone with
   * the tenant key may send one, so it is kept apart and shown as unverified.
   */
  preSessionReport?: NovusDiagnosticsReport | null;
  preSessionReportedAt?: string | null;
  /**
   * Which report the view shows: the newer of the two. Absent from an older api: the session's,
   * else the pre-session one.
   */
  shown?: 'session' | 'pre-session' | null;
  /**
   * What the shown report's host messages say under the mapping in force (its `understood` is
   * what the panel understood when it reported). Absent from an older api.
   */
  understoodNow?: NovusUnderstanding | null;
  /** What is missing, pt-BR, from the shown report under the mapping in force. */
  missing: string[];
  defaults: NovusFieldMapping;
  mappingUpdatedAt: string | null;
  mappingUpdatedBy: string | null;
}

function accessHeaders(access: AuditAccess): Record<string, string> {
  return access.securityPassword ? { [SECURITY_PASSWORD_HEADER]: access.securityPassword } : {};
}

/** POST /api/novus/diagnostics { systemKey, report } → 204. */
export async function reportNovusDiagnostics(
  systemKey: string,
  report: NovusDiagnosticsReport,
): Promise<void> {
  await apiClient.post('/api/novus/diagnostics', { systemKey, report });
}

/** GET /api/novus/mapping?systemKey= → the tenant's mapping (or the defaults). */
export async function getNovusMapping(
  systemKey: string,
  options?: RequestOptions,
): Promise<NovusMappingAnswer> {
  const response = await apiClient.get<DataEnvelope<NovusMappingAnswer>>(
    '/api/novus/mapping',
    requestConfig(options, { systemKey }),
  );
  return readPayload(response);
}

/** GET /api/novus/diagnostics (admins; hosts that sign nothing: the security password). */
export async function getNovusDiagnostics(
  access: AuditAccess = {},
  options?: RequestOptions,
): Promise<NovusDiagnostics> {
  const config = requestConfig(options);
  config.headers = { ...config.headers, ...accessHeaders(access) };
  const response = await apiClient.get<DataEnvelope<NovusDiagnostics>>(
    '/api/novus/diagnostics',
    config,
  );
  return readPayload(response);
}

/** PUT /api/novus/mapping (admins) → the saved mapping. */
export async function saveNovusMapping(
  mapping: NovusFieldMapping,
  access: AuditAccess = {},
): Promise<NovusMappingAnswer> {
  const response = await apiClient.put<DataEnvelope<NovusMappingAnswer>>(
    '/api/novus/mapping',
    mapping,
    { headers: accessHeaders(access) },
  );
  return readPayload(response);
}

/** The diagnostics view's query; a new unlock attempt (password typed) asks again. */
export const novusDiagnosticsQueryOptions = (access: AuditAccess, unlockAttempt: number) =>
  queryOptions({
    queryKey: [...queryKeys.all, 'host-diagnostics', { unlockAttempt }] as const,
    queryFn: ({ signal }) => getNovusDiagnostics(access, { signal }),
    retry: false,
  });
