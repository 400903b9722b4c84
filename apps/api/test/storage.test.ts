import { type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import { type Database, migrateToLatest, openDatabase } from '@api/db/database';
import { createRepositories, type Repositories } from '@api/db/repositories/createRepositories';
import { createSecretBox } from '@api/security/crypto';
import { hashPassword } from '@api/security/password';
import {
  ACCOUNT1,
  type Harness,
  type Identity,
  call,
  configure,
  freshPeople,
  login,
  startHarness,
} from './support/harness';
import { type StoreKind, sandboxAndStoresPerFile } from './support/stores';

type Kind = StoreKind;

const stores = sandboxAndStoresPerFile();
const newDatabaseConfig = (kind: Kind) => stores.databaseOf(kind);

describe.each<Kind>(['sqlite', 'postgres'])('repositories on %s', (kind) => {
  let database: Database;
  let repos: Repositories;
  let now = 1_700_000_000_000;
  let alice: Identity;
  let arthur: Identity;
  let beatriz: Identity;

  beforeEach(async () => {
    ({ alice, arthur, beatriz } = freshPeople());
    database = openDatabase(await newDatabaseConfig(kind));
    await migrateToLatest(database);
    // Migrations are idempotent: a second start finds nothing to do.
    await migrateToLatest(database);
    repos = createRepositories(database, createSecretBox(Buffer.alloc(32, 7)), () => now);
  });
  afterEach(async () => {
    await database.close();
  });

  it('stores credentials once per tenant and removes them with every session of the tenant', async () => {
    const values = {
      clientId: 'client',
      clientSecret: 'segredo',
      redirectUri: 'http://127.0.0.1/cb',
      passwordHash: await hashPassword('senha-123'),
      defaultChatDomain: 'chat.example.com',
    };
    expect(await repos.credentials.create(alice.systemKey, values)).toBe(true);
    expect(await repos.credentials.create(alice.systemKey, { ...values, clientId: 'other' })).toBe(
      false,
    );
    // Bound to no CRM account until a sign-in proves one, and then to that one only.
    expect(await repos.credentials.get(alice.systemKey)).toEqual({
      ...values,
      accountUserIds: null,
    });
    expect(await repos.credentials.bindAccount(alice.systemKey, ['u1', 'u2'])).toEqual([
      'u1',
      'u2',
    ]);
    expect(await repos.credentials.bindAccount(alice.systemKey, ['u9'])).toEqual(['u1', 'u2']);
    expect(await repos.credentials.get(beatriz.systemKey)).toBeNull();
    const tokens = { accessToken: 'a', refreshToken: 'r', expiresAt: now + 1000 };
    await repos.sessions.saveOAuth(alice, tokens);
    await repos.sessions.saveOAuth(arthur, tokens);
    await repos.sessions.saveOAuth(beatriz, tokens);
    expect(await repos.credentials.removeWithSessions(alice.systemKey)).toBe(2);
    expect(await repos.credentials.exists(alice.systemKey)).toBe(false);
    expect(await repos.sessions.get(alice)).toBeNull();
    expect(await repos.sessions.get(beatriz)).not.toBeNull();
  });

  it('keeps terms per user', async () => {
    await repos.terms.accept(alice.systemKey, alice.userId);
    await repos.terms.accept(alice.systemKey, alice.userId);
    expect(await repos.terms.isAccepted(alice.systemKey, alice.userId)).toBe(true);
    expect(await repos.terms.isAccepted(arthur.systemKey, arthur.userId)).toBe(false);
  });

  it('keeps OAuth and v1 parts of a session, clears them and locks the row', async () => {
    await repos.sessions.saveV1(alice, 'v1-token', {
      name: 'Ana',
      email: 'a@x',
      organization: { name: 'Org' },
    });
    await repos.sessions.saveOAuth(alice, { accessToken: 'a1', refreshToken: 'r1', expiresAt: 5 });
    expect(await repos.sessions.get(alice)).toEqual({
      oauth: { accessToken: 'a1', refreshToken: 'r1', expiresAt: 5 },
      v1: {
        token: 'v1-token',
        profile: { name: 'Ana', email: 'a@x', organization: { name: 'Org' } },
      },
      crmUser: null,
    });
    const seen = await repos.sessions.withLockedSession(alice, async (session, writer) => {
      await writer.saveOAuth({ accessToken: 'a2', refreshToken: 'r2', expiresAt: 6 });
      return session?.oauth?.refreshToken;
    });
    expect(seen).toBe('r1');
    expect((await repos.sessions.get(alice))?.oauth?.refreshToken).toBe('r2');
    await repos.sessions.withLockedSession(alice, async (_session, writer) => writer.clearOAuth());
    expect(await repos.sessions.get(alice)).toMatchObject({
      oauth: null,
      v1: { token: 'v1-token' },
    });
    expect(await repos.sessions.delete(alice)).toBe(true);
    expect(await repos.sessions.get(alice)).toBeNull();
    await repos.sessions.saveOAuth(arthur, { accessToken: 'a', refreshToken: 'r', expiresAt: 1 });
    await repos.sessions.withLockedSession(arthur, async (_session, writer) => writer.clearOAuth());
    expect(await repos.sessions.get(arthur)).toBeNull();
  });

  it('keeps the CRM user with the sign-in: through refreshes, gone with a new sign-in or its end', async () => {
    const tokens = { accessToken: 'a1', refreshToken: 'r1', expiresAt: 5 };
    expect(
      await repos.sessions.saveCrmUser(alice, {
        userId: 'crm-1',
        source: 'attendant-claim',
        name: 'Ana',
      }),
    ).toBeNull();
    await repos.sessions.saveSignIn(alice, tokens);
    expect(
      await repos.sessions.saveCrmUser(alice, {
        userId: 'crm-1',
        source: 'host-signed-email',
        name: 'Ana Paula Ferreira',
      }),
    ).toEqual({
      userId: 'crm-1',
      source: 'host-signed-email',
      chosenAt: now,
      name: 'Ana Paula Ferreira',
    });
    // A token refresh (the locked writer) keeps it; so does a v1 token added later.
    await repos.sessions.withLockedSession(alice, async (_session, writer) =>
      writer.saveOAuth({ accessToken: 'a2', refreshToken: 'r2', expiresAt: 6 }),
    );
    await repos.sessions.saveV1(alice, 'v1', { name: 'Ana', email: 'a@x', organization: null });
    expect((await repos.sessions.get(alice))?.crmUser).toEqual({
      userId: 'crm-1',
      source: 'host-signed-email',
      chosenAt: now,
      name: 'Ana Paula Ferreira',
    });
    // The name follows RD's, for that user only.
    await repos.sessions.saveCrmUserName(alice, 'crm-9', 'Outra Pessoa');
    await repos.sessions.saveCrmUserName(alice, 'crm-1', 'Ana P. Ferreira');
    expect((await repos.sessions.get(alice))?.crmUser?.name).toBe('Ana P. Ferreira');
    // A new sign-in asks again.
    await repos.sessions.saveSignIn(alice, tokens);
    expect((await repos.sessions.get(alice))?.crmUser).toBeNull();
    await repos.sessions.saveCrmUser(alice, { userId: 'crm-2', source: 'v1-token', name: null });
    await repos.sessions.clearCrmUser(alice);
    expect((await repos.sessions.get(alice))?.crmUser).toBeNull();
    // A refused refresh ends the OAuth part and the choice with it (the v1 part stays).
    await repos.sessions.saveCrmUser(alice, { userId: 'crm-2', source: 'v1-token', name: null });
    await repos.sessions.withLockedSession(alice, async (_session, writer) => writer.clearOAuth());
    expect(await repos.sessions.get(alice)).toMatchObject({ oauth: null, crmUser: null });
    // Logout, revoke and integration removal delete the row: nothing is left to find.
    await repos.sessions.saveSignIn(arthur, tokens);
    await repos.sessions.saveCrmUser(arthur, {
      userId: 'crm-3',
      source: 'attendant-claim',
      name: null,
    });
    expect(await repos.credentials.removeWithSessions(arthur.systemKey)).toBe(2);
    expect(await repos.sessions.get(arthur)).toBeNull();
  });

  it('keeps the e-mail a host signed with the session family it started', async () => {
    const signed = await repos.panelSessions.create(
      {
        systemKey: alice.systemKey,
        userId: alice.userId,
        role: 'admin',
        method: 'assertion',
        verifiedEmail: 'ana@example.com',
      },
      60_000,
      600_000,
    );
    expect(await repos.panelSessions.find(signed.token)).toMatchObject({
      crmOwner: `user:${alice.userId}`,
      verifiedEmail: 'ana@example.com',
    });
    const unsigned = await repos.panelSessions.create(
      {
        systemKey: alice.systemKey,
        userId: alice.userId,
        role: null,
        method: 'crm',
        verifiedEmail: null,
      },
      60_000,
      600_000,
    );
    expect(await repos.panelSessions.find(unsigned.token)).toMatchObject({ verifiedEmail: null });
  });

  it('opens a sign-in ticket once, binds it to one window and consumes it once, never after it expires', async () => {
    const signIn = { familyId: 'family-1', systemKey: alice.systemKey, userId: 'browser:family-1' };
    const ticket = await repos.oauthStates.createTicket(signIn, 600_000);
    const opened = await repos.oauthStates.bindTicket(ticket);
    expect(opened?.signIn).toEqual(signIn);
    expect(await repos.oauthStates.bindTicket(ticket)).toBeNull();
    if (!opened) throw new Error('ticket not opened');
    // Another browser's cookie, another window's secret, or another state, finds nothing.
    const proof = opened.windowProof;
    expect(await repos.oauthStates.consume('another-browser', proof, opened.state)).toBeNull();
    expect(await repos.oauthStates.consume(opened.binding, 'another-window', null)).toBeNull();
    expect(await repos.oauthStates.consume(opened.binding, proof, 'another-state')).toBeNull();
    expect(await repos.oauthStates.consume(opened.binding, proof, opened.state)).toEqual(signIn);
    expect(await repos.oauthStates.consume(opened.binding, proof, opened.state)).toBeNull();
    // Without a state (RD does not echo it) the cookie and the window's secret find the sign-in.
    const second = await repos.oauthStates.bindTicket(
      await repos.oauthStates.createTicket(signIn, 600_000),
    );
    expect(
      await repos.oauthStates.consume(second?.binding ?? '', second?.windowProof ?? '', null),
    ).toEqual(signIn);
    // A held sign-in (waiting for its confirmation) is read with its page's secret, taken once.
    const tokens = { accessToken: 'held-access', refreshToken: 'held-refresh', expiresAt: 1 };
    const confirm = await repos.oauthStates.hold(
      signIn,
      'cookie-1',
      { tokens, bindIds: null },
      600_000,
    );
    expect(await repos.oauthStates.peek('cookie-2', confirm)).toBeNull();
    expect(await repos.oauthStates.consume('cookie-1', confirm, null)).toBeNull();
    expect((await repos.oauthStates.peek('cookie-1', confirm))?.held.tokens).toEqual(tokens);
    expect(await repos.oauthStates.take('cookie-1', confirm)).toEqual({
      signIn,
      held: { tokens, bindIds: null },
    });
    expect(await repos.oauthStates.take('cookie-1', confirm)).toBeNull();
    const late = await repos.oauthStates.bindTicket(
      await repos.oauthStates.createTicket(signIn, 600_000),
    );
    now += 600_001;
    expect(
      await repos.oauthStates.consume(late?.binding ?? '', late?.windowProof ?? '', null),
    ).toBeNull();
  });

  it('keeps contact mappings and last deals per tenant', async () => {
    await repos.mappings.saveMapping(alice.systemKey, 'chat-1', 'crm-1');
    await repos.mappings.saveMapping(alice.systemKey, 'chat-1', 'crm-2');
    await repos.mappings.saveLastDeal(alice.systemKey, 'crm-2', 'deal-9');
    expect(await repos.mappings.getMapping(alice.systemKey, 'chat-1')).toBe('crm-2');
    expect(await repos.mappings.getMapping(beatriz.systemKey, 'chat-1')).toBeNull();
    expect(await repos.mappings.getLastDeal(alice.systemKey, 'crm-2')).toBe('deal-9');
    await repos.mappings.saveLastDeal(alice.systemKey, 'crm-2', null);
    expect(await repos.mappings.getLastDeal(alice.systemKey, 'crm-2')).toBeNull();
    expect(await repos.mappings.getLastDeal(beatriz.systemKey, 'crm-2')).toBeNull();
  });

  it('remembers a webhook delivery past 10 000 others, in every process, for the whole window', async () => {
    const receivers = repos.webhookReceivers;
    expect(await receivers.firstDelivery(alice.systemKey, 'genuina', 86_400_000)).toBe(true);
    for (let batch = 0; batch < 20; batch += 1)
      await Promise.all(
        Array.from({ length: 501 }, (_, i) =>
          receivers.firstDelivery(alice.systemKey, `outra-${batch}-${i}`, 86_400_000),
        ),
      );
    expect(await receivers.firstDelivery(alice.systemKey, 'genuina', 86_400_000)).toBe(false);
    // Another tenant's delivery of the same id is its own.
    expect(await receivers.firstDelivery(beatriz.systemKey, 'genuina', 86_400_000)).toBe(true);
    // Past the window (and the next purge) it is forgotten.
    now += 86_400_001;
    expect(await receivers.firstDelivery(beatriz.systemKey, 'nova', 86_400_000)).toBe(true);
    expect(await receivers.firstDelivery(alice.systemKey, 'genuina', 86_400_000)).toBe(true);
  }, 60_000);

  it('keeps what each check of the webhooks found, and when the first delivery after a suspension arrived, for every configured tenant', async () => {
    const receivers = repos.webhookReceivers;
    for (const { systemKey } of [alice, beatriz])
      await repos.credentials.create(systemKey, {
        clientId: 'c',
        clientSecret: 's',
        redirectUri: 'https://painel.example.com/cb',
        passwordHash: 'h',
        defaultChatDomain: 'https://chat.example.com',
      });
    await receivers.tokenFor(alice.systemKey);
    await receivers.recordCheck(alice.systemKey, null, { suspended: true });
    const suspendedAt = now;
    now += 1_000;
    await receivers.recordCheck(alice.systemKey, null);
    expect(await receivers.lastCheck(alice.systemKey)).toEqual({
      checkedAt: now,
      reason: null,
      suspendedAt,
      lastDeliveryAt: null,
      refusal: null,
    });
    now += 1_000;
    await receivers.recordDelivery(alice.systemKey);
    await receivers.recordCheck(alice.systemKey, 'refused', {
      refusal: { status: 422, detail: '/data/url: inválida' },
    });
    expect(await receivers.lastCheck(alice.systemKey)).toMatchObject({
      reason: 'refused',
      suspendedAt,
      lastDeliveryAt: now,
      refusal: { status: 422, detail: '/data/url: inválida' },
    });
    // Later deliveries write nothing: only the first after a suspension tells anything.
    const firstAfterSuspension = now;
    now += 1_000;
    await receivers.recordDelivery(alice.systemKey);
    expect(await receivers.lastCheck(alice.systemKey)).toMatchObject({
      lastDeliveryAt: firstAfterSuspension,
    });
    // Beatriz is configured and has no receiver yet: counted, with no check.
    const checks = await receivers.configuredChecks();
    expect(checks).toHaveLength(2);
    expect(checks).toContainEqual(null);
    expect(checks).toContainEqual(expect.objectContaining({ reason: 'refused', suspendedAt }));
  });

  it('counts password failures inside the window only, each try in one statement', async () => {
    expect(await repos.passwordGuards.reserve(alice.systemKey, 1000)).toBe(1);
    expect(await repos.passwordGuards.reserve(alice.systemKey, 1000)).toBe(2);
    expect(await repos.passwordGuards.reserve(beatriz.systemKey, 1000)).toBe(1);
    // A right password takes its try back.
    await repos.passwordGuards.release(alice.systemKey);
    expect(await repos.passwordGuards.reserve(alice.systemKey, 1000)).toBe(2);
    now += 1001;
    expect(await repos.passwordGuards.reserve(alice.systemKey, 1000)).toBe(1);
    await repos.passwordGuards.clear(alice.systemKey);
    expect(await repos.passwordGuards.reserve(alice.systemKey, 1000)).toBe(1);
    // 40 tries at once (beatriz's window ended) are 40 distinct counts, none lost.
    const counts = await Promise.all(
      Array.from({ length: 40 }, () => repos.passwordGuards.reserve(beatriz.systemKey, 1000)),
    );
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});

describe.each<Kind>(['sqlite', 'postgres'])('a restart on %s', (kind) => {
  it('keeps credentials, terms, sessions, mappings and last deals', async () => {
    const { alice } = freshPeople();
    const database = await newDatabaseConfig(kind);
    const h = await startHarness({ sharedSandbox: stores.sandbox(), api: { database } });
    try {
      await configure(h.api, alice);
      await call(h.api, 'POST', '/api/rdstation/terms/accept', { as: alice });
      await login(h, alice);
      await call(h.api, 'POST', '/api/rdstation/contact-mapping', {
        as: alice,
        body: { contactId: 'chat-contact-1', rdstationContactId: ACCOUNT1.contact.id },
      });
      await call(h.api, 'POST', `/api/rdstation/contact/${ACCOUNT1.contact.id}/last-deal`, {
        as: alice,
        body: { dealId: ACCOUNT1.deals.treinamento.id },
      });
      await h.api.close();

      const api = await h.restart();
      expect(
        (await call(api, 'GET', '/api/rdstation/credentials/status', { as: alice })).json
          .configured,
      ).toBe(true);
      expect((await call(api, 'GET', '/api/rdstation/terms/status', { as: alice })).json).toEqual({
        accepted: true,
      });
      expect(
        (await call(api, 'GET', '/api/rdstation/auth/status', { as: alice })).json,
      ).toMatchObject({
        authenticated: true,
      });
      const deal = await call(api, 'GET', `/api/rdstation/deals/${ACCOUNT1.deals.treinamento.id}`, {
        as: alice,
      });
      expect(deal.status).toBe(200);
      expect(
        (await call(api, 'GET', '/api/rdstation/contact-mapping/chat-contact-1', { as: alice }))
          .json,
      ).toEqual({
        data: {
          mapped: true,
          rdstationContactId: ACCOUNT1.contact.id,
          lastDealId: ACCOUNT1.deals.treinamento.id,
        },
      });
      expect(
        (
          await call(api, 'GET', `/api/rdstation/contact/${ACCOUNT1.contact.id}/last-deal`, {
            as: alice,
          })
        ).json,
      ).toEqual({ dealId: ACCOUNT1.deals.treinamento.id });
      const removed = await call(api, 'DELETE', '/api/rdstation/credentials', {
        as: alice,
        body: { securityPassword: 'senha-segura-123' },
      });
      expect(removed.json).toEqual({ usersAffected: 1 });
    } finally {
      await h.close();
    }
  });
});

describe('several api processes on one PostgreSQL', () => {
  let now = Date.now();
  let timedSandbox: RunningSandbox;
  let first: Harness;
  let second: Harness;
  let alice: Identity;

  beforeEach(async () => {
    ({ alice } = freshPeople());
    now = Date.now();
    timedSandbox = await startSandbox({ port: 0, now: () => now, accessTokenTtlSeconds: 60 });
    const database = await newDatabaseConfig('postgres');
    first = await startHarness({ sharedSandbox: timedSandbox, api: { database, now: () => now } });
    second = await startHarness({
      sharedSandbox: timedSandbox,
      api: { database, now: () => now, crm: { maxRequestsPerMinute: 120 } },
    });
    await configure(first.api, alice);
    await login(first, alice);
  });
  afterEach(async () => {
    await first.close();
    await second.close();
    await timedSandbox.close();
  });

  it('refresh an expired token once between them (row lock), then both use the new one', async () => {
    now += 61_000;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(i % 2 === 0 ? first.api : second.api, 'GET', '/api/rdstation/deals?limit=1', {
          as: alice,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(first.refreshCalls().length + second.refreshCalls().length).toBe(1);
  });
});
