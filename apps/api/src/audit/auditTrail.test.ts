import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FastifyBaseLogger } from 'fastify';
import { createInProcessChangeFeed } from '@api/changes/inProcessChangeFeed';
import { type RecordChange } from '@api/changes/recordChange';
import { type Database, migrateToLatest, openDatabase } from '@api/db/database';
import { createAuditRepository } from '@api/db/repositories/auditRepository';
import { startAuditTrail } from './auditTrail';

const DAY = 24 * 60 * 60_000;
const NOW = Date.parse('2026-11-26T12:00:00.000Z');

let dir: string;
let database: Database;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-trail-'));
  database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'audit.sqlite') });
  await migrateToLatest(database);
});
afterEach(async () => {
  jest.useRealTimers();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const messages: string[] = [];
const log = {
  info: (_: unknown, message: string) => messages.push(message),
  error: (_: unknown, message: string) => messages.push(message),
} as unknown as FastifyBaseLogger;

const change = (id: string, at: number, origin: 'panel' | 'crm' = 'panel'): RecordChange => ({
  id,
  systemKey: 'tenant-a',
  origin,
  actor: origin === 'panel' ? { userId: 'u', verified: true, name: 'U', crmUserId: null } : null,
  attendanceId: null,
  chatId: null,
  record: { type: 'deal', id: 'd', dealId: 'd', contactId: null },
  action: 'updated',
  fields: [],
  at: new Date(at).toISOString(),
});

async function ids(): Promise<string[]> {
  const rows = await database.db.selectFrom('audit_events').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

describe('startAuditTrail', () => {
  it('stores panel changes once each, and not the CRM signals', async () => {
    const feed = createInProcessChangeFeed();
    const audit = createAuditRepository(database);
    const trail = startAuditTrail({
      changes: feed,
      audit,
      config: { retentionDays: 180, purgeEveryMs: 60_000 },
      now: () => NOW,
      log,
    });
    feed.publish(change('a', NOW));
    feed.publish(change('a', NOW));
    feed.publish(change('b', NOW, 'crm'));
    await trail.close();
    expect(await ids()).toEqual(['a']);
  });

  it('purges what is older than the retention at start and on every tick of a frozen clock', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    let clock = NOW;
    const feed = createInProcessChangeFeed();
    const audit = createAuditRepository(database);
    const trail = startAuditTrail({
      changes: feed,
      audit,
      config: { retentionDays: 30, purgeEveryMs: 60 * 60_000 },
      now: () => clock,
      log,
    });
    feed.publish(change('old', NOW - 30 * DAY - 1));
    feed.publish(change('edge', NOW - 30 * DAY));
    feed.publish(change('new', NOW - DAY));
    await trail.close();

    const restarted = startAuditTrail({
      changes: feed,
      audit,
      config: { retentionDays: 30, purgeEveryMs: 60 * 60_000 },
      now: () => clock,
      log,
    });
    expect(await restarted.purge()).toBe(1);
    expect(await ids()).toEqual(['edge', 'new']);

    // Nothing happens between ticks; a tick purges with the clock of that moment.
    clock = NOW + 1;
    await jest.advanceTimersByTimeAsync(60 * 60_000 - 1);
    expect(await ids()).toEqual(['edge', 'new']);
    await jest.advanceTimersByTimeAsync(1);
    expect(await ids()).toEqual(['new']);
    clock = NOW + 29 * DAY;
    await jest.advanceTimersByTimeAsync(60 * 60_000);
    expect(await ids()).toEqual(['new']);
    clock = NOW + 29 * DAY + 1;
    await jest.advanceTimersByTimeAsync(60 * 60_000);
    expect(await ids()).toEqual([]);
    expect(messages).toContain('registros de auditoria expirados removidos');

    await restarted.close();
    clock += 365 * DAY;
    feed.publish(change('after-close', clock));
    await jest.advanceTimersByTimeAsync(60 * 60_000);
    expect(await ids()).toEqual([]);
  });
});
