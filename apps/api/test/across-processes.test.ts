// Two api processes behind one balancer, on one store: a person gets no more session starts a
// minute than one process grants, a tenant's receiver takes no more deliveries, and the upkeep of
// the RD webhooks (at start-up and hourly) creates each one once, whichever processes run it.
import { API_MESSAGES } from '@api/messages';
import { CRM_WEBHOOK_EVENTS } from '@api/changes/crmWebhooks';
import { type ApiConfigInput, type DatabaseConfig } from '@api/config';
import {
  ACCOUNT1,
  type CallResult,
  type Harness,
  type Identity,
  call,
  configure,
  login,
  startHarness,
  startSession,
} from './support/harness';
import { freePort } from './support/postgres';
import { type StoreKind, sandboxAndStoresPerFile } from './support/stores';

const stores = sandboxAndStoresPerFile();

let seq = 0;
const tenantOf = (prefix: 'tenant' | 'open') => {
  seq += 1;
  return `${prefix}-processes-${process.pid}-${seq}`;
};

/**
 * Two api processes on the store `database`, each with `api` (closed by the caller); started at
 * once when `together` (the store is migrated already), else one after the other.
 */
async function twoProcesses(
  database: DatabaseConfig,
  api: ApiConfigInput,
  together = false,
): Promise<[Harness, Harness]> {
  const start = () => startHarness({ sharedSandbox: stores.sandbox(), api: { ...api, database } });
  if (together) return Promise.all([start(), start()]);
  const one = await start();
  return [one, await start()];
}

async function closeAll(harnesses: Harness[]): Promise<void> {
  await Promise.all(harnesses.map((harness) => harness.close()));
}

const tooMany = (result: CallResult | undefined) => {
  expect(result).toMatchObject({ status: 429, json: { message: API_MESSAGES.tooManyRequests } });
  expect(Number(result?.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(result?.headers['retry-after'])).toBeLessThanOrEqual(60);
};

interface CrmWebhook {
  id: string;
  event_name: string;
  url: string;
  status: string;
}

/**
 * Deletes the account's webhooks to `origin` in the CRM. A test's origin is a free port, which an
 * earlier test of the file (the sandbox is shared) may have used for its own tenant's webhooks.
 */
async function deleteWebhooksTo(origin: string): Promise<void> {
  const sandbox = stores.sandbox();
  const tokens = sandbox.issueTokens(ACCOUNT1.clientId, ACCOUNT1.users.ana.email);
  for (const hook of await webhooksTo(origin)) {
    const deleted = await fetch(`${sandbox.url}/crm/v2/webhooks/${hook.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(deleted.ok).toBe(true);
  }
  expect(await webhooksTo(origin)).toEqual([]);
}

/** The account's webhooks to `origin`, as RD lists them. */
async function webhooksTo(origin: string): Promise<CrmWebhook[]> {
  const sandbox = stores.sandbox();
  const tokens = sandbox.issueTokens(ACCOUNT1.clientId, ACCOUNT1.users.ana.email);
  // Every page: the file's tests share the account, and its webhooks pass a page of 100.
  const all: CrmWebhook[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(
      `${sandbox.url}/crm/v2/webhooks?page[number]=${page}&page[size]=100`,
      { headers: { authorization: `Bearer ${tokens.access_token}` } },
    );
    const { data } = (await response.json()) as { data: CrmWebhook[] };
    all.push(...data);
    if (data.length < 100) break;
  }
  return all.filter((hook) => hook.url.startsWith(`${origin}/`));
}

const webhookPosts = (harnesses: Harness[]) =>
  harnesses.flatMap((harness) =>
    harness.calls.filter((c) => c.method === 'POST' && c.url.endsWith('/crm/v2/webhooks')),
  ).length;

describe.each<StoreKind>(['sqlite', 'postgres'])('two api processes on one %s store', (kind) => {
  it('share each person’s session starts a minute (3): the fourth, at either, is refused', async () => {
    const both = await twoProcesses(await stores.databaseOf(kind), {
      identity: { sessionStartsPerMinute: 3 },
    });
    try {
      const [one, other] = [both[0].api, both[1].api];
      // A verified person (a host-signed assertion), counted per person.
      const person: Identity = { systemKey: tenantOf('tenant'), userId: 'alice' };
      const signed = [];
      for (const api of [one, other, one, other]) signed.push(await startSession(api, person));
      expect(signed.map((result) => result.status)).toEqual([201, 201, 201, 429]);
      tooMany(signed[3]);
      // Sessions nobody verified (a host that signs nothing), counted per client address.
      const pending = [];
      for (const [index, api] of [one, other, one, other].entries())
        pending.push(
          await startSession(api, { systemKey: tenantOf('open'), userId: `dora-${index}` }),
        );
      expect(pending.map((result) => result.status)).toEqual([201, 201, 201, 429]);
      tooMany(pending[3]);
      // Failed assertions, counted per client address.
      const failed = [];
      for (const api of [one, other, one, other])
        failed.push(
          await call(api, 'POST', '/api/session', {
            as: { systemKey: tenantOf('tenant'), userId: 'mallory' },
            noSession: true,
            body: { assertion: 'nao-assinada' },
          }),
        );
      expect(failed.map((result) => result.status)).toEqual([401, 401, 401, 429]);
      tooMany(failed[3]);
    } finally {
      await closeAll(both);
    }
  });

  it('share each session’s writes a minute (2): the third, at either, is refused', async () => {
    const both = await twoProcesses(await stores.databaseOf(kind), {
      identity: { writesPerMinute: 2 },
    });
    try {
      const person: Identity = { systemKey: tenantOf('tenant'), userId: 'alice' };
      // One session (the panel's token), whichever process each write reaches.
      const token = String((await startSession(both[0].api, person)).json.token);
      const headers = {
        'x-user-id': person.userId,
        'x-system-key': person.systemKey,
        authorization: `Bearer ${token}`,
      };
      const writes = [];
      for (const harness of [both[0], both[1], both[0]])
        writes.push(
          await call(harness.api, 'POST', '/api/rdstation/terms/accept', {
            as: null,
            headers,
            body: {},
          }),
        );
      expect(writes.map((result) => result.status)).toEqual([200, 200, 429]);
      tooMany(writes[2]);
    } finally {
      await closeAll(both);
    }
  });

  it('started at once, they make each missing webhook once, and both say live updates are on', async () => {
    const database = await stores.databaseOf(kind);
    const origin = `http://127.0.0.1:${await freePort()}`;
    const api: ApiConfigInput = { publicUrl: origin, live: { crmWebhooks: true } };
    const alice: Identity = { systemKey: tenantOf('tenant'), userId: 'alice' };
    const first = await startHarness({
      sharedSandbox: stores.sandbox(),
      api: { ...api, database },
    });
    try {
      await configure(first.api, alice);
      await login(first, alice);
      expect(webhookPosts([first])).toBe(CRM_WEBHOOK_EVENTS.length);
    } finally {
      await first.close();
    }
    // Someone deletes them in the CRM while the api is down.
    await deleteWebhooksTo(origin);
    const sandbox = stores.sandbox();

    // Both start at once on the store; each runs its start-up upkeep of every tenant. The CRM
    // answers slowly, as over the internet, so the two upkeeps overlap.
    const knobs = sandbox.getKnobs();
    sandbox.setKnobs({ ...knobs, latencyMs: 150 });
    const both = await twoProcesses(database, api, true);
    let statuses: CallResult[];
    try {
      const deadline = Date.now() + 10_000;
      const settled = async () => {
        const hooks = await webhooksTo(origin);
        return (
          hooks.length === CRM_WEBHOOK_EVENTS.length &&
          hooks.every((hook) => hook.status === 'active')
        );
      };
      while (!(await settled()) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      statuses = await Promise.all(
        both.map((harness) =>
          call(harness.api, 'GET', '/api/rdstation/credentials/status', { as: alice }),
        ),
      );
    } finally {
      // Closing waits for each process's upkeep to end.
      await closeAll(both);
      sandbox.setKnobs(knobs);
    }
    expect(webhookPosts(both)).toBe(CRM_WEBHOOK_EVENTS.length);
    const hooks = await webhooksTo(origin);
    expect(hooks.map((hook) => [hook.event_name, hook.status]).sort()).toEqual(
      [...CRM_WEBHOOK_EVENTS].sort().map((event) => [event, 'active']),
    );
    for (const status of statuses)
      expect(status.json).toMatchObject({
        liveUpdates: {
          on: true,
          reason: null,
          message: 'Atualizações ao vivo do RD Station CRM: ligadas.',
        },
      });
  });

  it('share a tenant’s webhook deliveries a minute (5): the sixth, at either, is refused', async () => {
    const database = await stores.databaseOf(kind);
    const origin = `http://127.0.0.1:${await freePort()}`;
    await deleteWebhooksTo(origin);
    const alice: Identity = { systemKey: tenantOf('tenant'), userId: 'alice' };
    const registering = await startHarness({
      sharedSandbox: stores.sandbox(),
      api: { publicUrl: origin, database, live: { crmWebhooks: true } },
    });
    try {
      await configure(registering.api, alice);
      await login(registering, alice);
    } finally {
      await registering.close();
    }
    const path = new URL((await webhooksTo(origin))[0]?.url ?? '').pathname;
    const both = await twoProcesses(database, {
      publicUrl: origin,
      live: { webhookEchoSettleMs: 0, webhookDeliveriesPerMinute: 5 },
    });
    try {
      const answers = [];
      for (let i = 0; i < 6; i += 1)
        answers.push(
          await call(both[i % 2 === 0 ? 0 : 1].api, 'POST', path, {
            as: null,
            body: {
              event_name: 'crm_deal_updated',
              document: { id: ACCOUNT1.deals.implantacao.id },
              transaction_uuid: `entre-processos-${i}`,
            },
          }),
        );
      expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202, 429]);
      tooMany(answers[5]);
    } finally {
      await closeAll(both);
    }
  });
});
