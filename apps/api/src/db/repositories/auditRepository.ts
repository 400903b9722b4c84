import {
  type AuditAction,
  type AuditEntry,
  type AuditFieldChange,
  type AuditPerson,
} from '@crm-panel/crm-model';
import { sql } from 'kysely';
import { type RecordChange } from '@api/changes/recordChange';
import { type DatabaseSchema } from '../schema';
import { type Database } from '../database';

type Row = DatabaseSchema['audit_events'];

/** The list's filters; all of one tenant. `from` inclusive, `to` exclusive (epoch ms). */
export interface AuditFilters {
  userId?: string;
  recordType?: string;
  recordId?: string;
  from?: number;
  to?: number;
}

/** Where a page ends: the list resumes strictly after (older than) this entry. */
export interface AuditCursor {
  at: number;
  id: string;
}

function fieldsOf(json: string): AuditFieldChange[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as AuditFieldChange[]) : [];
  } catch {
    return [];
  }
}

function entryOf(row: Row): AuditEntry {
  return {
    id: row.id,
    at: new Date(Number(row.at)).toISOString(),
    origin: row.origin,
    actor: {
      userId: row.actor_user_id,
      name: row.actor_name,
      verified: Number(row.actor_verified) === 1,
    },
    attendanceId: row.attendance_id,
    chatId: row.chat_id,
    contactName: row.contact_name,
    channelName: row.channel_name,
    record: {
      type: row.record_type,
      id: row.record_id,
      name: row.record_name,
      dealId: row.deal_id,
      dealName: row.deal_name,
      contactId: row.contact_id,
    },
    action: row.action as AuditAction,
    fields: fieldsOf(row.fields),
  };
}

/** The row of a change (also what the bench inserts). */
export function auditRowOf(change: RecordChange): Row {
  return {
    id: change.id,
    system_key: change.systemKey,
    at: Date.parse(change.at),
    origin: change.origin,
    actor_user_id: change.actor?.userId ?? null,
    actor_name: change.actor?.name ?? null,
    actor_verified: change.actor?.verified ? 1 : 0,
    attendance_id: change.attendanceId,
    chat_id: change.chatId,
    contact_name: change.contactName ?? null,
    channel_name: change.channelName ?? null,
    record_type: change.record.type,
    record_id: change.record.id,
    record_name: change.record.name ?? null,
    deal_id: change.record.dealId,
    deal_name: change.record.dealName ?? null,
    contact_id: change.record.contactId,
    action: change.action,
    fields: JSON.stringify(change.fields),
  };
}

/** The audit trail's store: one tenant's entries, newest first, keyset-paged. */
export function createAuditRepository(database: Database) {
  const { db } = database;

  const page = (systemKey: string, filters: AuditFilters, limit: number, after?: AuditCursor) => {
    let query = db.selectFrom('audit_events').selectAll().where('system_key', '=', systemKey);
    if (filters.userId !== undefined) query = query.where('actor_user_id', '=', filters.userId);
    if (filters.recordType !== undefined)
      query = query.where('record_type', '=', filters.recordType);
    if (filters.recordId !== undefined) query = query.where('record_id', '=', filters.recordId);
    if (filters.from !== undefined) query = query.where('at', '>=', filters.from);
    if (filters.to !== undefined) query = query.where('at', '<', filters.to);
    if (after) {
      // `at <=` bounds the index range; the OR only settles ties on the same millisecond.
      query = query
        .where('at', '<=', after.at)
        .where((eb) => eb.or([eb('at', '<', after.at), eb('id', '<', after.id)]));
    }
    return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  };

  return {
    /** Stores a change once (a change delivered twice keeps its first row). */
    async record(change: RecordChange): Promise<void> {
      await db
        .insertInto('audit_events')
        .values(auditRowOf(change))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },

    /** Up to `limit` entries after `cursor`, and the cursor of the next page when there is one. */
    async list(
      systemKey: string,
      filters: AuditFilters,
      limit: number,
      cursor?: AuditCursor,
    ): Promise<{ entries: AuditEntry[]; next: AuditCursor | null }> {
      const rows = await page(systemKey, filters, limit + 1, cursor);
      const shown = rows.slice(0, limit);
      const last = shown[shown.length - 1];
      return {
        entries: shown.map(entryOf),
        next: rows.length > limit && last ? { at: Number(last.at), id: last.id } : null,
      };
    },

    /** Every entry of the filters, newest first, read `batch` rows at a time (the CSV export). */
    async *all(systemKey: string, filters: AuditFilters, batch = 1000): AsyncGenerator<AuditEntry> {
      let cursor: AuditCursor | undefined;
      for (;;) {
        const rows = await page(systemKey, filters, batch, cursor);
        for (const row of rows) yield entryOf(row);
        const last = rows[rows.length - 1];
        if (rows.length < batch || !last) return;
        cursor = { at: Number(last.at), id: last.id };
      }
    },

    /**
     * Everyone who appears in the tenant's trail, by user id, with the name and verification of
     * their latest entry (the person filter's choices). Read from the actor index without walking
     * the rows: a loose index scan (each next distinct user id is one index seek, then one seek for
     * that user's latest entry), so a million entries of a few dozen people cost a few dozen seeks.
     * Capped at `limit` people.
     */
    async people(systemKey: string, limit: number): Promise<AuditPerson[]> {
      const { rows } = await sql<{ user_id: string; name: string | null; verified: number }>`
        WITH RECURSIVE actors(user_id, n) AS (
          SELECT (SELECT MIN(actor_user_id) FROM audit_events
                   WHERE system_key = ${systemKey} AND actor_user_id IS NOT NULL), 1
          UNION ALL
          SELECT (SELECT MIN(actor_user_id) FROM audit_events
                   WHERE system_key = ${systemKey} AND actor_user_id > actors.user_id), n + 1
            FROM actors WHERE actors.user_id IS NOT NULL AND n < ${limit}
        )
        SELECT latest.actor_user_id AS user_id, latest.actor_name AS name,
               latest.actor_verified AS verified
          FROM actors
          JOIN audit_events latest ON latest.id = (
            SELECT id FROM audit_events
             WHERE system_key = ${systemKey} AND actor_user_id = actors.user_id
             ORDER BY at DESC, id DESC LIMIT 1)
      `.execute(db);
      return rows
        .map((row) => ({
          userId: row.user_id,
          name: row.name ?? row.user_id,
          verified: Number(row.verified) === 1,
        }))
        .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.userId.localeCompare(b.userId));
    },

    /**
     * Refreshes the planner's statistics of the table. Without them SQLite cannot tell that a
     * record id matches a handful of rows and may walk the record-type index instead (hundreds of
     * ms at a million rows; bench/audit-list.js). `analysis_limit` keeps it to a sample, so it
     * costs milliseconds. PostgreSQL's autovacuum keeps its own statistics.
     */
    async analyze(): Promise<void> {
      if (database.kind !== 'sqlite') return;
      await sql`PRAGMA analysis_limit = 1000`.execute(db);
      await sql`ANALYZE audit_events`.execute(db);
    },

    /** Removes every entry older than `before` (epoch ms), all tenants; how many went. */
    async purgeBefore(before: number): Promise<number> {
      const result = await db
        .deleteFrom('audit_events')
        .where('at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
