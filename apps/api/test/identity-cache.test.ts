import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import { type Database, migrateToLatest, openDatabase } from '@api/db/database';
import { createRepositories, type Repositories } from '@api/db/repositories/createRepositories';
import { createSecretBox } from '@api/security/crypto';
import {
  ACCOUNT1,
  type Harness,
  type Identity,
  SECURITY_PASSWORD,
  TEST_SETUP_CODE,
  acceptTerms,
  call,
  configure,
  freshPeople,
  isConfirmPage,
  login,
  startHarness,
} from './support/harness';
import { openBrowser } from './support/browserSession';

// The identity look-ups every request makes (token → session, terms, credentials, CRM tokens)
// are kept for identity.lookupCacheTtlMs. The api's clock stands still in this file, so no entry
// ever ages out: each answer right after a change proves the change invalidated it, not the TTL.

const TTL_MS = 60_000;
const now = Date.now();
let sandbox: RunningSandbox;
let h: Harness;
let alice: Identity;
let arthur: Identity;

const DEAL = `/api/rdstation/deals/${ACCOUNT1.deals.implantacao.id}`;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  h = await startHarness({
    sharedSandbox: sandbox,
    api: { now: () => now, identity: { lookupCacheTtlMs: TTL_MS } },
  });
});
afterAll(async () => {
  await h.close();
  await sandbox.close();
});
beforeEach(() => {
  ({ alice, arthur } = freshPeople());
});

/** Alice signed in to the CRM, her look-ups cached by one successful proxied read. */
async function signedInAndCached(): Promise<void> {
  await configure(h.api, alice);
  expect((await login(h, alice)).status).toBe(200);
  expect((await call(h.api, 'GET', DEAL, { as: alice })).status).toBe(200);
  expect((await call(h.api, 'GET', '/api/rdstation/pipelines', { as: alice })).status).toBe(200);
}

describe('identity look-ups: every write invalidates at once in its own process', () => {
  it('revoking the CRM sign-in refuses the very next call, cached read or not', async () => {
    await signedInAndCached();
    const revoked = await call(h.api, 'POST', '/api/rdstation/auth/revoke', { as: alice });
    expect(revoked.json).toEqual({ success: true });
    expect((await call(h.api, 'GET', DEAL, { as: alice })).status).toBe(401);
    // Reference data is still in its 60 s cache: credentials and session are checked anyway.
    expect((await call(h.api, 'GET', '/api/rdstation/pipelines', { as: alice })).status).toBe(401);
    // A new sign-in is accepted at once too.
    expect((await login(h, alice)).status).toBe(200);
    expect((await call(h.api, 'GET', DEAL, { as: alice })).status).toBe(200);
  });

  it('removing the integration refuses every session of the tenant at once; saving it again is seen at once', async () => {
    await signedInAndCached();
    await acceptTerms(h.api, arthur);
    expect((await call(h.api, 'GET', DEAL, { as: arthur })).status).toBe(401);
    const removed = await call(h.api, 'DELETE', '/api/rdstation/credentials', {
      as: alice,
      body: { securityPassword: SECURITY_PASSWORD },
    });
    expect(removed.json).toEqual({ usersAffected: 1 });
    for (const who of [alice, arthur]) {
      expect(await call(h.api, 'GET', DEAL, { as: who })).toMatchObject({
        status: 428,
        json: { code: 'credentials_required' },
      });
      expect(
        (await call(h.api, 'GET', '/api/rdstation/pipelines', { as: who })).json,
      ).toMatchObject({ code: 'credentials_required' });
    }
    // Saved again: the credentials are there, but the CRM sign-ins ended with the removal.
    await configure(h.api, alice);
    const again = await call(h.api, 'GET', DEAL, { as: alice });
    expect(again.status).toBe(401);
    expect(again.json.code).toBeUndefined();
  });

  it('accepting the terms is seen by the very next call', async () => {
    await configure(h.api, alice);
    const before = await call(h.api, 'GET', '/api/rdstation/pipelines', { as: arthur });
    expect(before).toMatchObject({ status: 403, json: { code: 'terms_required' } });
    await acceptTerms(h.api, arthur);
    const after = await call(h.api, 'GET', '/api/rdstation/pipelines', { as: arthur });
    // Past the terms and the credentials: what is missing now is Arthur's own CRM sign-in.
    expect(after.status).toBe(401);
    expect(after.json.code).toBeUndefined();
  });

  it('saved credentials are seen by the very next call', async () => {
    await acceptTerms(h.api, alice);
    expect(await call(h.api, 'GET', DEAL, { as: alice })).toMatchObject({
      status: 428,
      json: { code: 'credentials_required' },
    });
    await configure(h.api, alice);
    expect((await call(h.api, 'GET', DEAL, { as: alice })).status).toBe(401);
    expect((await login(h, alice)).status).toBe(200);
    expect((await call(h.api, 'GET', DEAL, { as: alice })).status).toBe(200);
  });

  it('a new sign-in changes nothing until its window confirms, then its CRM user is the one seen, at once', async () => {
    await signedInAndCached();
    const profile = '/api/rdstation/user/profile';
    expect(await call(h.api, 'GET', profile, { as: alice })).toMatchObject({
      status: 200,
      json: { data: { email: ACCOUNT1.users.ana.email } },
    });
    // A sign-in left at its confirmation page holds its tokens apart: the session is as it was.
    const waiting = await login(h, alice, ACCOUNT1.users.bruno.email, { confirm: false });
    expect(isConfirmPage(waiting)).toBe(true);
    expect(await call(h.api, 'GET', profile, { as: alice })).toMatchObject({
      status: 200,
      json: { data: { email: ACCOUNT1.users.ana.email } },
    });
    // Confirmed (Alice says she is Bruno in the CRM): the very next call sees Bruno.
    expect((await login(h, alice, ACCOUNT1.users.bruno.email)).status).toBe(200);
    const status = await call(h.api, 'GET', '/api/rdstation/auth/status', { as: alice });
    expect(status.json).toMatchObject({
      authenticated: true,
      crmUserRequired: false,
      crmUserSource: 'attendant-claim',
    });
    expect(await call(h.api, 'GET', profile, { as: alice })).toMatchObject({
      status: 200,
      json: { data: { email: ACCOUNT1.users.bruno.email } },
    });
  });

  it('a pending browser is full right after its sign-in, and pending again right after the integration is removed', async () => {
    const open: Identity = { systemKey: `open-${alice.systemKey}`, userId: 'carla' };
    const browser = await openBrowser(h.api, open);
    await browser.send('POST', '/api/rdstation/terms/accept', {});
    expect((await browser.send('POST', '/api/rdstation/credentials', credentials())).status).toBe(
      201,
    );
    expect(await browser.send('GET', '/api/rdstation/pipelines')).toMatchObject({
      status: 401,
      json: { code: 'session_pending' },
    });
    // Still pending while its window asks who the attendant is (that answer is kept in the cache).
    const { page, confirm } = await browser.openSignIn(ACCOUNT1.users.ana.email);
    expect(isConfirmPage(page)).toBe(true);
    expect(await browser.send('GET', '/api/rdstation/pipelines')).toMatchObject({
      status: 401,
      json: { code: 'session_pending' },
    });
    expect((await confirm()).status).toBe(200);
    expect((await browser.send('GET', '/api/rdstation/pipelines')).status).toBe(200);

    const removed = await browser.send('DELETE', '/api/rdstation/credentials', {
      securityPassword: SECURITY_PASSWORD,
    });
    expect(removed.json).toEqual({ usersAffected: 1 });
    // Its family was demoted in the store; the cached full session must not outlive that.
    expect(await browser.send('GET', '/api/rdstation/pipelines')).toMatchObject({
      status: 401,
      json: { code: 'session_pending' },
    });
  });
});

function credentials() {
  return {
    clientId: ACCOUNT1.clientId,
    clientSecret: ACCOUNT1.clientSecret,
    redirectUri: 'http://127.0.0.1:3333/api/rdstation/auth/callback',
    securityPassword: SECURITY_PASSWORD,
    confirmSecurityPassword: SECURITY_PASSWORD,
    defaultChatDomain: 'chat.example.com',
    setupCode: TEST_SETUP_CODE,
  };
}

describe('identity look-ups in the store: two api processes on one database', () => {
  let clock = 1_700_000_000_000;
  let dir: string;
  let databases: Database[];
  let one: Repositories;
  let other: Repositories;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-api-lookups-'));
    const config = { kind: 'sqlite' as const, file: path.join(dir, 'store.sqlite') };
    databases = [openDatabase(config), openDatabase(config)];
    await migrateToLatest(databases[0] as Database);
    const box = createSecretBox(Buffer.alloc(32, 7));
    [one, other] = databases.map((database) =>
      createRepositories(database, box, () => clock, { lookupCacheTtlMs: 5_000 }),
    ) as [Repositories, Repositories];
  });
  afterEach(async () => {
    for (const database of databases) await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const tokens = (n: number) => ({
    accessToken: `access-${n}`,
    refreshToken: `refresh-${n}`,
    expiresAt: clock + 3_600_000,
  });

  it('a token refresh, a CRM user chosen or cleared, a v1 token are read back at once', async () => {
    await one.sessions.saveOAuth(alice, tokens(1));
    expect((await one.sessions.get(alice))?.oauth?.accessToken).toBe('access-1');
    await one.sessions.withLockedSession(alice, async (_session, writer) =>
      writer.saveOAuth(tokens(2)),
    );
    expect((await one.sessions.get(alice))?.oauth?.accessToken).toBe('access-2');
    await one.sessions.saveOAuth(alice, tokens(3));
    expect((await one.sessions.get(alice))?.oauth?.accessToken).toBe('access-3');
    await one.sessions.saveCrmUser(alice, {
      userId: 'crm-1',
      source: 'attendant-claim',
      name: null,
    });
    expect((await one.sessions.get(alice))?.crmUser?.userId).toBe('crm-1');
    await one.sessions.clearCrmUser(alice);
    expect((await one.sessions.get(alice))?.crmUser).toBeNull();
    await one.sessions.saveV1(alice, 'v1', { name: 'Ana', email: 'a@x', organization: null });
    expect((await one.sessions.get(alice))?.v1?.token).toBe('v1');
    await one.sessions.saveSignIn(alice, tokens(4));
    expect((await one.sessions.get(alice))?.oauth?.accessToken).toBe('access-4');
    // A refused refresh ends the session: gone at once.
    await one.sessions.withLockedSession(alice, async (_session, writer) => writer.clearOAuth());
    expect((await one.sessions.get(alice))?.oauth).toBeNull();
    expect(await one.sessions.delete(alice)).toBe(true);
    expect(await one.sessions.get(alice)).toBeNull();
  });

  it('tokens another process renewed are found by the locked read, and replace the cached ones', async () => {
    await one.sessions.saveOAuth(alice, tokens(1));
    expect((await one.sessions.get(alice))?.oauth?.accessToken).toBe('access-1');
    await other.sessions.saveOAuth(alice, tokens(2));
    const seen = await one.sessions.withLockedSession(
      alice,
      async (session) => session?.oauth?.accessToken,
    );
    expect(seen).toBe('access-2');
    expect((await one.sessions.get(alice))?.oauth?.accessToken).toBe('access-2');
  });

  it('a panel session ends exactly when it ends, cached or not; promotion is seen at once', async () => {
    const issued = await one.panelSessions.create(
      {
        systemKey: alice.systemKey,
        userId: 'carla',
        role: null,
        method: 'crm',
        verifiedEmail: null,
      },
      60_000,
      30 * 60_000,
    );
    expect((await one.panelSessions.find(issued.token))?.stage).toBe('pending');
    await one.panelSessions.promote(issued.session.familyId, 12 * 3_600_000);
    expect((await one.panelSessions.find(issued.token))?.stage).toBe('full');
    clock += 60_000;
    expect(await one.panelSessions.find(issued.token)).toBeNull();
  });

  it("another process's change is seen once the entry is older than the TTL (README: IDENTITY_CACHE_TTL_MS)", async () => {
    await one.terms.accept(alice.systemKey, alice.userId);
    await one.sessions.saveOAuth(alice, tokens(1));
    expect(await one.terms.isAccepted(alice.systemKey, arthur.userId)).toBe(false);
    expect(await one.sessions.get(alice)).not.toBeNull();
    expect(await one.credentials.exists(alice.systemKey)).toBe(false);

    await other.terms.accept(alice.systemKey, arthur.userId);
    await other.sessions.delete(alice);
    await other.credentials.create(alice.systemKey, {
      clientId: 'c',
      clientSecret: 's',
      redirectUri: 'http://127.0.0.1/cb',
      passwordHash: 'h',
      defaultChatDomain: 'chat.example.com',
    });
    // Within the TTL this process still answers from its copy…
    clock += 4_999;
    expect(await one.sessions.get(alice)).not.toBeNull();
    // …and not a millisecond past it.
    clock += 1;
    expect(await one.terms.isAccepted(alice.systemKey, arthur.userId)).toBe(true);
    expect(await one.sessions.get(alice)).toBeNull();
    expect(await one.credentials.exists(alice.systemKey)).toBe(true);
  });
});
