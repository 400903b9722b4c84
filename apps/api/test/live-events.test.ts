// GET /api/events, the live stream of the tenant's changes.
import { type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import { type RecordChange } from '@api/changes/recordChange';
import { dealChange } from './support/changes';
import {
  type Harness,
  type Identity,
  configure,
  forgetSession,
  freshPeople,
  login,
  sessionHeaders,
  startHarness,
} from './support/harness';
import { openSse, type SseReader } from './support/sseReader';

let sandbox: RunningSandbox;
let h: Harness;
let url: string;
let alice: Identity;
let arthur: Identity;
let beatriz: Identity;
const readers: SseReader[] = [];

const changeOf = (systemKey: string, id: string) => dealChange(id, systemKey);

/** What a write route does after the CRM accepted a write. */
const publish = (change: RecordChange) => h.api.changes.publish(change);

const open = async (who: Identity, extra: Record<string, string> = {}) => {
  const reader = await openSse(`${url}/api/events`, {
    ...(await sessionHeaders(h.api, who)),
    ...extra,
  });
  readers.push(reader);
  return reader;
};

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  h = await startHarness({ sharedSandbox: sandbox });
  url = await h.api.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  readers.forEach((reader) => reader.close());
  await h.close();
  await sandbox.close();
});
beforeEach(async () => {
  ({ alice, arthur, beatriz } = freshPeople());
  await configure(h.api, alice);
  await login(h, alice);
  await configure(h.api, beatriz);
  await login(h, beatriz);
});
afterEach(() => {
  readers.splice(0).forEach((reader) => reader.close());
});

describe('GET /api/events', () => {
  it('streams each change of the tenant as it happens, before the response ends', async () => {
    const stream = await open(alice);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('content-encoding')).toBeNull();

    publish(changeOf(alice.systemKey, 'c1'));
    const [first] = await stream.waitForEvents(1);
    expect(stream.ended()).toBe(false);
    expect(first).toEqual({
      id: 'c1',
      event: 'change',
      data: JSON.stringify({ ...changeOf(alice.systemKey, 'c1'), own: false }),
    });
    expect(stream.retries).toEqual([3000]);
  });

  it('never sends a change of another tenant (refusal)', async () => {
    const aliceStream = await open(alice);
    const beatrizStream = await open(beatriz);
    publish(changeOf(beatriz.systemKey, 'b1'));
    publish(changeOf(alice.systemKey, 'a1'));
    await aliceStream.waitForEvents(1);
    await beatrizStream.waitForEvents(1);
    expect(aliceStream.events.map((event) => event.id)).toEqual(['a1']);
    expect(beatrizStream.events.map((event) => event.id)).toEqual(['b1']);
  });

  it('reaches every panel of the tenant, one stream each', async () => {
    await login(h, arthur);
    const first = await open(alice);
    const second = await open(arthur);
    publish(changeOf(alice.systemKey, 'c1'));
    expect((await first.waitForEvents(1))[0]?.id).toBe('c1');
    expect((await second.waitForEvents(1))[0]?.id).toBe('c1');
  });

  it('marks the change own on the stream of the tab that wrote it only, and sends no tab id', async () => {
    const tabA = await open(alice, { 'x-panel-tab': 'tab-a' });
    const tabB = await open(alice, { 'x-panel-tab': 'tab-b' });
    publish({ ...changeOf(alice.systemKey, 'c1'), panelTab: 'tab-a' });
    const [seenByA] = await tabA.waitForEvents(1);
    const [seenByB] = await tabB.waitForEvents(1);
    expect(JSON.parse(seenByA?.data ?? '{}')).toEqual({
      ...changeOf(alice.systemKey, 'c1'),
      own: true,
    });
    expect(JSON.parse(seenByB?.data ?? '{}')).toEqual({
      ...changeOf(alice.systemKey, 'c1'),
      own: false,
    });
    expect(seenByB?.data).not.toContain('tab-a');
    expect(seenByB?.data).not.toContain('panelTab');
  });

  it('refuses a stream whose x-panel-tab is no host id (refusal)', async () => {
    const answer = await fetch(`${url}/api/events`, {
      headers: { ...(await sessionHeaders(h.api, alice)), 'x-panel-tab': 'aba com espaço' },
    });
    expect(answer.status).toBe(400);
  });

  it('keeps at most 5 streams open per person: a sixth ends the oldest', async () => {
    const five = [];
    for (let i = 0; i < 5; i += 1) five.push(await open(alice));
    const sixth = await open(alice);
    await five[0]?.done;
    expect(five.map((stream) => stream.ended())).toEqual([true, false, false, false, false]);
    publish(changeOf(alice.systemKey, 'c1'));
    expect((await sixth.waitForEvents(1))[0]?.id).toBe('c1');
    expect((await five[4]?.waitForEvents(1))?.[0]?.id).toBe('c1');
  });

  it('keeps at most 5 streams per person across their sessions: 12 sessions hold 5 streams', async () => {
    const opened: SseReader[] = [];
    for (let i = 0; i < 12; i += 1) {
      // Each one a new session of the same person (a fresh host assertion each time).
      forgetSession(h.api, alice);
      opened.push(await open(alice));
    }
    await Promise.all(opened.slice(0, 7).map((stream) => stream.done));
    expect(opened.map((stream) => stream.ended())).toEqual([
      ...Array<boolean>(7).fill(true),
      ...Array<boolean>(5).fill(false),
    ]);
    // Someone else's stream is theirs: untouched.
    const other = await open(beatriz);
    expect(other.ended()).toBe(false);
    expect(opened.filter((stream) => !stream.ended())).toHaveLength(5);
  });

  it('refuses a call without a session, with a session of someone else, or of another tenant', async () => {
    const noSession = await fetch(`${url}/api/events`, {
      headers: { 'x-user-id': alice.userId, 'x-system-key': alice.systemKey },
    });
    expect(noSession.status).toBe(401);
    expect(await noSession.json()).toEqual({
      message: expect.any(String),
      code: 'session_required',
    });
    const headers = await sessionHeaders(h.api, alice);
    const otherTenant = await fetch(`${url}/api/events`, {
      headers: { ...headers, 'x-system-key': beatriz.systemKey },
    });
    expect(otherTenant.status).toBe(401);
    expect(((await otherTenant.json()) as { code: string }).code).toBe('session_mismatch');
    const otherUser = await fetch(`${url}/api/events`, {
      headers: { ...headers, 'x-user-id': 'intruso' },
    });
    expect(otherUser.status).toBe(401);
    expect(((await otherUser.json()) as { code: string }).code).toBe('session_mismatch');
    const forged = await fetch(`${url}/api/events`, {
      headers: { ...headers, authorization: `Bearer ${'a'.repeat(43)}` },
    });
    expect(forged.status).toBe(401);
  });

  it('replays what followed Last-Event-ID, and sends resync when the gap is gone', async () => {
    publish(changeOf(alice.systemKey, 'r1'));
    publish(changeOf(alice.systemKey, 'r2'));
    publish(changeOf(beatriz.systemKey, 'other'));
    publish(changeOf(alice.systemKey, 'r3'));

    const resumed = await open(alice, { 'last-event-id': 'r1' });
    expect((await resumed.waitForEvents(2)).map((event) => event.id)).toEqual(['r2', 'r3']);

    const lost = await open(alice, { 'last-event-id': 'nunca-visto' });
    expect(await lost.waitForEvents(1)).toEqual([{ id: undefined, event: 'resync', data: '{}' }]);

    // Another tenant's id is not a place to resume from.
    const foreign = await open(alice, { 'last-event-id': 'other' });
    expect((await foreign.waitForEvents(1))[0]?.event).toBe('resync');
  });

  it('ends the streams when the app closes, without hanging', async () => {
    const own = await startHarness({ sharedSandbox: sandbox });
    const ownUrl = await own.api.listen({ port: 0, host: '127.0.0.1' });
    const people = freshPeople();
    await configure(own.api, people.alice);
    await login(own, people.alice);
    const stream = await openSse(
      `${ownUrl}/api/events`,
      await sessionHeaders(own.api, people.alice),
    );
    expect(stream.status).toBe(200);
    const started = Date.now();
    await own.close();
    await stream.done;
    expect(stream.ended()).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
