import {
  NOVUS_DIAGNOSTICS_LIMITS,
  readNovusMapping,
  type NovusDiagnosticsReport,
  type NovusFieldMapping,
} from '@crm-panel/crm-model';
import { type Database } from '../database';

/** A tenant's Novus state as the diagnostics view reads it. */
export interface NovusTenantState {
  /** The last report of a panel with a session (who sent it: `reportedBy`). */
  report: NovusDiagnosticsReport | null;
  reportedAt: number | null;
  reportedBy: string | null;
  /** The last report of a panel with no session yet: kept apart, never trusted as the above. */
  preSessionReport: NovusDiagnosticsReport | null;
  preSessionReportedAt: number | null;
  /** The stored mapping, or null: the panel then reads with the defaults. */
  mapping: NovusFieldMapping | null;
  mappingUpdatedAt: number | null;
  mappingUpdatedBy: string | null;
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Unexpected messages of both reports, newest last, the oldest dropped past the limit. */
function mergeUnexpected(
  before: NovusDiagnosticsReport | null,
  report: NovusDiagnosticsReport,
): NovusDiagnosticsReport['unexpected'] {
  const seen = new Set<string>();
  const all = [...(before?.unexpected ?? []), ...report.unexpected].filter((entry) => {
    const key = `${entry.origin} ${entry.at} ${entry.command ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  all.sort((a, b) => a.at.localeCompare(b.at));
  return all.slice(-NOVUS_DIAGNOSTICS_LIMITS.unexpected);
}

export function createNovusRepository(database: Database, now: () => number) {
  const { db } = database;

  const read = async (systemKey: string) =>
    db
      .selectFrom('novus_tenant_state')
      .selectAll()
      .where('system_key', '=', systemKey)
      .executeTakeFirst();

  return {
    async get(systemKey: string): Promise<NovusTenantState> {
      const row = await read(systemKey);
      const mapping = parse(row?.mapping ?? null);
      return {
        report: (parse(row?.report ?? null) as NovusDiagnosticsReport | null) ?? null,
        reportedAt: row?.reported_at == null ? null : Number(row.reported_at),
        reportedBy: row?.reported_by ?? null,
        preSessionReport:
          (parse(row?.pre_session_report ?? null) as NovusDiagnosticsReport | null) ?? null,
        preSessionReportedAt:
          row?.pre_session_reported_at == null ? null : Number(row.pre_session_reported_at),
        mapping: mapping === null ? null : readNovusMapping(mapping),
        mappingUpdatedAt: row?.mapping_updated_at == null ? null : Number(row.mapping_updated_at),
        mappingUpdatedBy: row?.mapping_updated_by ?? null,
      };
    },

    /**
     * The panel's latest report replaces the last one of its slot; unexpected messages accumulate
     * (bounded). `by` is the user id of the panel session it came with: its slot is the tenant's
     * report. Without one (a panel with no session yet, or anyone holding the tenant key) it goes
     * to the pre-session slot only, which never replaces a session's report.
     */
    async saveReport(
      systemKey: string,
      report: NovusDiagnosticsReport,
      by: string | null,
    ): Promise<void> {
      const row = await read(systemKey);
      const column = by === null ? 'pre_session_report' : 'report';
      const before = parse(row?.[column] ?? null) as NovusDiagnosticsReport | null;
      const text = JSON.stringify({ ...report, unexpected: mergeUnexpected(before, report) });
      const at = now();
      const values =
        by === null
          ? { pre_session_report: text, pre_session_reported_at: at }
          : { report: text, reported_at: at, reported_by: by };
      await db
        .insertInto('novus_tenant_state')
        .values({ system_key: systemKey, ...values })
        .onConflict((oc) => oc.column('system_key').doUpdateSet(values))
        .execute();
    },

    async saveMapping(systemKey: string, mapping: NovusFieldMapping, by: string): Promise<void> {
      const text = JSON.stringify(mapping);
      const at = now();
      const values = { mapping: text, mapping_updated_at: at, mapping_updated_by: by };
      await db
        .insertInto('novus_tenant_state')
        .values({ system_key: systemKey, ...values })
        .onConflict((oc) => oc.column('system_key').doUpdateSet(values))
        .execute();
    },
  };
}

export type NovusRepository = ReturnType<typeof createNovusRepository>;
