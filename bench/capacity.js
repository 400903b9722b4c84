// Capacity: how many attendants one RD Station CRM account carries through the api, inside the
// CRM's 120 requests a minute. N attendants of one tenant (N = 5, 20, 50, 100), each with a real
// panel session (an assertion signed by the tenant's host, as host-sim signs them; the CRM sign-in
// done over HTTP), work through the api only, no browser, on the mix below, against a crm-sandbox
// answering every request 150 ms late with its strict rate limit (120 a minute per CRM account).
//
// Lines, each its own sandbox (so its own account budget) and its own api process(es), all of
// one level run at the same time (same machine, same minute):
// - one: one api process (SQLite);
// - two: two api processes over one PostgreSQL (tools/test-postgres), attendants alternating;
// - token: one api process, the sandbox counting 120 a minute per access token instead of per
//   account (RD's docs do not say which holds; knob rateLimitScope).
// With BENCH_BASELINE_REF=<git ref>, every line also runs with that commit's api (the before),
// from a git archive, beside this checkout's (the after), against identical sandboxes.
//
// The mix, per attendant (the same seeded random sequence for the before and the after):
// - one chat opened every 30 s on average (uniform 15–45 s; the first within the first 30 s):
//   N attendants offer N × 2 chats a minute (100 offer 200);
// - 20 % a chat new to the attendant (the next customer of the team's queue: 240 chats, each a
//   CRM contact with its last deal, linked as the contact-linking page links them), 80 % back to
//   one of the attendant's last 4 chats;
// - opening a chat does what the panel does: the contact mapping, then the deal and the contact
//   at once, then the deal's stages: the panel is ready when those have answered; then the
//   contact's organization (after ready). Back within 30 s (the panel's queries stay fresh that
//   long, api-client's staleTime) only the mapping is asked; later, everything again;
// - after opening: 30 % read one of the deal's tabs (notes, products, tasks in turn); 10 % write
//   (stage, note, task, product in turn); 5 % search contacts by name.
// A 429 the api answers is shown as its panel shows it: the after's panel says 'Aguardando o RD
// Station CRM…' and asks again after Retry-After (counted as a wait, the chat's time runs on); the
// before's panel shows the error (counted as an error shown). Any other non-2xx is an error shown.
//
// Windows: each level is measured over exactly 60 s, one whole window of the CRM's budget,
// starting with every budget empty (api processes restarted, so their caches are cold and their
// limiters fresh; the sandbox's windows emptied; the shared PostgreSQL limiter tables cleared):
// any 60 s holds at most 120 counted requests, so a minute's figures are the budget's own. Cold:
// the CRM requests per chat opened in the first 20 s; steady: in the last 30 s. Chats a minute:
// the chats opened in the 60 s whose panel got ready. p95: of the time from opening to ready. A
// level of four lines takes about 90 s (restarts included); the setup, once, about a minute: a
// whole run takes 7–9 minutes.
//
// Figures of the after come from its /metrics (Prometheus text: CRM requests, limiter waits, 429s),
// the operator's own view; the sandbox's count of /crm/v2 requests is printed beside them. The
// before has no /metrics: its CRM requests are the sandbox's count, its limiter waits are not known.
//
// BENCH_ONLY=<line,line> runs only those lines (one, two, token); BENCH_CAPACITY_VARIANTS=before
// only the baseline's (a run of the before alone, e.g. to record it while this checkout changes);
// BENCH_CAPACITY_LEVELS=5,20
// the levels; BENCH_CAPACITY_WINDOW_S the window (60 unless set: anything shorter is not a
// minute's budget, and the table says so).
const { spawn } = require('child_process');
const { randomBytes } = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { require: tsxRequire } = require('tsx/cjs/api');
const { extractApi } = require('./api-latency');

const root = path.resolve(__dirname, '..');
const TENANT = 'bench-capacity';
const ISSUER = 'urn:crm-panel:host-sim';
const SECURITY_PASSWORD = 'bench-capacidade-123';
const LEVELS = (process.env.BENCH_CAPACITY_LEVELS ?? '5,20,50,100')
  .split(',')
  .map((value) => Number(value.trim()))
  .filter((value) => Number.isInteger(value) && value > 0);
const WINDOW_MS = Math.max(10, Number(process.env.BENCH_CAPACITY_WINDOW_S ?? 60)) * 1000;
const COLD_MS = Math.round(WINDOW_MS / 3);
const STEADY_FROM_MS = Math.round(WINDOW_MS / 2);
const CRM_LATENCY_MS = 150;
const CRM_PER_MINUTE = 120;
const CHAT_EVERY_MS = 30_000;
const NEW_CHAT_SHARE = 0.2;
const OWN_CHATS = 4;
const PANEL_FRESH_MS = 30_000;
const TAB_SHARE = 0.3;
const WRITE_SHARE = 0.1;
const SEARCH_SHARE = 0.05;
const POOL_SIZE = 240;
const TARGET_STEADY_PER_CHAT = 1;
const TARGET_CHATS_PER_MINUTE = 100;
const TARGET_P95_MS = 1000;
const LINES = ['one', 'two', 'token'];
/** The operator's token for /metrics (the api's METRICS_TOKEN). */
const METRICS_TOKEN = 'bench-metricas-capacidade';

// ---- child processes (`node bench/capacity.js <role>`) ----

async function serveChild(role) {
  let server;
  if (role === 'crm-sandbox') {
    const { startSandbox } = tsxRequire('../tools/crm-sandbox/src/index.ts', __filename);
    server = await startSandbox({ port: 0, host: '127.0.0.1' });
  } else if (role === 'api') {
    const apiRoot = process.env.BENCH_API_ROOT ?? root;
    const { startApi } = tsxRequire(path.join(apiRoot, 'apps/api/src/app.ts'), __filename);
    const { configFromEnv } = tsxRequire(path.join(apiRoot, 'apps/api/src/config.ts'), __filename);
    server = await startApi(configFromEnv(process.env));
  } else {
    throw new Error(`papel desconhecido: ${role}`);
  }
  const stop = () => server.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('disconnect', stop);
  process.send({ url: server.url });
}

function startChild(role, env = {}) {
  const tsconfig = path.join(env.BENCH_API_ROOT ?? root, 'tsconfig.json');
  const child = spawn(process.execPath, [__filename, role], {
    cwd: root,
    env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.url));
    exited.then((code) => reject(new Error(`${role} terminou (código ${code}):\n${stderr}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  };
  return { ready, stop };
}

// ---- HTTP ----

async function call(method, url, { headers = {}, body } = {}) {
  const response = await fetch(url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let json;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, json, headers: response.headers, text };
}

async function ok(method, url, options) {
  const answer = await call(method, url, options);
  if (answer.status >= 300)
    throw new Error(`${method} ${url}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.json;
}

/** A seeded PRNG (mulberry32): the before and the after get the same attendants' choices. */
function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// ---- one line: a sandbox, its api process(es), N attendants ----

/** The tenants file: the bench tenant, whose host signs its attendants with `issuer`'s key. */
function writeTenantsFile(dir, jwks) {
  const file = path.join(dir, 'tenants.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      issuers: [{ issuer: ISSUER, audience: 'crm-panel', jwks }],
      tenants: [{ systemKey: TENANT, name: 'Equipe de capacidade', issuer: ISSUER }],
    }),
  );
  return file;
}

async function createLine({ name, variant, apiRoot, processes, scope, postgres, issuer, users }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-capacity-${variant}-${name}-`));
  const sandbox = startChild('crm-sandbox');
  const sandboxUrl = await sandbox.ready;
  const admin = (method, adminPath, body) =>
    ok(method, `${sandboxUrl}/__admin${adminPath}`, { body });
  // Setup goes at full speed and outside any budget; the level sets latency and limit.
  await admin('PUT', '/knobs', { latencyMs: 0, rateLimitPerMinute: 0, rateLimitScope: scope });
  const databaseUrl = postgres ? await postgres.createDatabase() : null;
  const env = {
    PORT: '0',
    DATA_DIR: dir,
    TENANTS_FILE: writeTenantsFile(dir, issuer.jwks()),
    SESSION_STARTS_PER_MINUTE: '100000',
    METRICS_TOKEN: METRICS_TOKEN,
    APP_SECRET_KEY: randomBytes(32).toString('hex'),
    CRM_BASE_URL: `${sandboxUrl}/crm/v2`,
    CRM_AUTHORIZE_URL: `${sandboxUrl}/oauth/authorize`,
    CRM_TOKEN_URL: `${sandboxUrl}/oauth2/token`,
    CRM_V1_BASE_URL: `${sandboxUrl}/api/v1`,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(apiRoot ? { BENCH_API_ROOT: apiRoot } : {}),
  };
  let apis = [];
  const startApis = async () => {
    apis = Array.from({ length: processes }, () => startChild('api', env));
    const urls = await Promise.all(apis.map((api) => api.ready));
    return urls;
  };
  let apiUrls = await startApis();
  const { WELL_KNOWN } = tsxRequire('../tools/crm-sandbox/src/seed/fixtures.ts', __filename);
  const { consentOverHttp } = tsxRequire('../tools/crm-sandbox/src/testing/consent.ts', __filename);
  const acme = WELL_KNOWN.account1;
  for (const url of apiUrls)
    await admin('POST', '/redirect-uris', {
      uri: `${url}/api/rdstation/auth/callback`,
      client_id: acme.clientId,
    });
  // The account's active users (gustavo is deactivated: the consent page does not offer him).
  const crmEmails = Object.entries(acme.users)
    .filter(([key]) => key !== 'gustavo')
    .map(([, user]) => user.email);

  // Attendant i: bench-atendente-i, CRM user i mod the account's users; attendant 0 the admin.
  const tokens = [];
  const attendant = (i) => ({
    'x-user-id': `bench-atendente-${i}`,
    'x-system-key': TENANT,
    'x-panel-tab': `aba-${i}`,
    ...(tokens[i] ? { authorization: `Bearer ${tokens[i]}` } : {}),
  });
  const apiOf = (i) => apiUrls[i % apiUrls.length];
  const signIn = async (i) => {
    const api = apiOf(i);
    const assertion = await issuer.sign({
      userId: `bench-atendente-${i}`,
      systemKey: TENANT,
      role: i === 0 ? 'admin' : 'attendant',
      email: crmEmails[i % crmEmails.length],
    });
    const session = await ok('POST', `${api}/api/session`, {
      headers: attendant(i),
      body: { assertion },
    });
    tokens[i] = session.token;
    await ok('POST', `${api}/api/rdstation/terms/accept`, { headers: attendant(i), body: {} });
    if (i === 0) {
      await ok('POST', `${api}/api/rdstation/credentials`, {
        headers: attendant(0),
        body: {
          clientId: acme.clientId,
          clientSecret: acme.clientSecret,
          redirectUri: `${api}/api/rdstation/auth/callback`,
          securityPassword: SECURITY_PASSWORD,
          confirmSecurityPassword: SECURITY_PASSWORD,
          defaultChatDomain: 'http://127.0.0.1:9',
        },
      });
    }
    const { authUrl } = await ok('GET', `${api}/api/rdstation/auth/start`, {
      headers: attendant(i),
    });
    const begin = new URL(authUrl);
    const opened = await fetch(`${api}${begin.pathname}${begin.search}`, { redirect: 'manual' });
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0];
    const callback = await consentOverHttp(
      String(opened.headers.get('location')),
      crmEmails[i % crmEmails.length],
    );
    const answer = await fetch(`${api}${callback.pathname}${callback.search}`, {
      headers: { cookie },
    });
    if (answer.status !== 200) throw new Error(`callback ${answer.status}`);
  };
  await signIn(0);
  for (let i = 1; i < users; i += 8)
    await Promise.all(Array.from({ length: Math.min(8, users - i) }, (_, k) => signIn(i + k)));

  // The team's queue: deals with a contact, each linked to a host contact (chat-k).
  const issued = await admin('POST', '/tokens', { client_id: acme.clientId, email: crmEmails[0] });
  const direct = { authorization: `Bearer ${issued.access_token}`, accept: 'application/json' };
  const chats = [];
  for (let page = 1; chats.length < POOL_SIZE && page <= 5; page += 1) {
    const list = await ok('GET', `${sandboxUrl}/crm/v2/deals?page[size]=100&page[number]=${page}`, {
      headers: direct,
    });
    for (const deal of list.data ?? []) {
      const contactId = deal.contact_ids?.[0];
      if (contactId && chats.length < POOL_SIZE)
        chats.push({ host: `chat-${chats.length}`, dealId: deal.id, contactId });
    }
  }
  const products = await ok('GET', `${sandboxUrl}/crm/v2/products?page[size]=20`, {
    headers: direct,
  });
  const productIds = (products.data ?? []).map((product) => product.id);
  // Linked by the attendants in turn (each attendant's writes a minute are limited).
  const link = async (k, chat) => {
    const i = k % users;
    await ok('POST', `${apiOf(i)}/api/rdstation/contact-mapping`, {
      headers: attendant(i),
      body: { contactId: chat.host, rdstationContactId: chat.contactId },
    });
    await ok('POST', `${apiOf(i)}/api/rdstation/contact/${chat.contactId}/last-deal`, {
      headers: attendant(i),
      body: { dealId: chat.dealId },
    });
  };
  for (let k = 0; k < chats.length; k += 8)
    await Promise.all(chats.slice(k, k + 8).map((chat, j) => link(k + j, chat)));

  return {
    name,
    variant,
    chats,
    productIds,
    attendant,
    apiOf: (i) => apiOf(i),
    apiUrls: () => apiUrls,
    sandboxUrl,
    /** A level's start: fresh api processes, every budget empty, the CRM at 150 ms. */
    async freshStart() {
      await Promise.all(apis.map((api) => api.stop()));
      if (databaseUrl) {
        const pg = require('pg');
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          for (const table of ['crm_rate_events', 'crm_rate_waiters', 'crm_rate_blocks'])
            await client.query(`delete from ${table}`);
        } finally {
          await client.end();
        }
      }
      apiUrls = await startApis();
      await admin('PUT', '/knobs', {
        latencyMs: CRM_LATENCY_MS,
        rateLimitPerMinute: CRM_PER_MINUTE,
        rateLimitScope: scope,
      });
      await admin('POST', '/rate-limit/reset');
      await admin('POST', '/stats/reset');
    },
    async crmRequests() {
      const stats = await admin('GET', '/stats');
      return Object.entries(stats.byPath)
        .filter(([key]) => key.split(' ')[1]?.startsWith('/crm/v2/'))
        .reduce((sum, [, count]) => sum + count, 0);
    },
    /** The api processes' /metrics, parsed and summed over the processes (null: none there). */
    async metrics() {
      const texts = await Promise.all(
        apiUrls.map(async (url) => {
          const answer = await call('GET', `${url}/metrics`, {
            headers: { authorization: `Bearer ${METRICS_TOKEN}` },
          });
          return answer.status === 200 ? answer.text : null;
        }),
      );
      if (texts.some((text) => text === null)) return null;
      return texts.map(parseMetrics);
    },
    async stop() {
      await Promise.all(apis.map((api) => api.stop()));
      await sandbox.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Prometheus text → [{ name, labels, value }]. */
function parseMetrics(text) {
  const samples = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = {};
    for (const pair of (match[3] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1]] = pair[2];
    samples.push({ name: match[1], labels, value: Number(match[4]) });
  }
  return samples;
}

const sumOf = (processes, name, where = () => true) =>
  processes.reduce(
    (sum, samples) =>
      sum +
      samples
        .filter((sample) => sample.name === name && where(sample.labels))
        .reduce((total, sample) => total + sample.value, 0),
    0,
  );

// ---- the attendants ----

/** What one level's attendants did on one line. */
async function runLevel(line, n, seed) {
  const started = Date.now();
  const at = () => Date.now() - started;
  const chatsOpened = [];
  const calls = [];
  let errorsShown = 0;
  let waitsShown = 0;
  const after = line.variant === 'after';
  let queue = 0;

  const api = async (i, method, apiPath, body) => {
    for (;;) {
      const t0 = Date.now();
      let answer;
      try {
        answer = await call(method, `${line.apiOf(i)}${apiPath}`, {
          headers: line.attendant(i),
          body,
        });
      } catch {
        answer = { status: 0, json: null, headers: new Headers() };
      }
      calls.push({ at: t0 - started, ms: Date.now() - t0, status: answer.status });
      if (answer.status === 429 && after && at() < WINDOW_MS + 15_000) {
        // The after's panel: 'Aguardando o RD Station CRM…', then asks again by itself.
        waitsShown += 1;
        const seconds = Number(answer.headers.get('retry-after') ?? 1);
        await new Promise((resolve) => setTimeout(resolve, Math.max(1, seconds) * 1000));
        continue;
      }
      if (answer.status < 200 || answer.status >= 300) {
        errorsShown += 1;
        return null;
      }
      return answer.json;
    }
  };

  const attendantLoop = async (i) => {
    const random = prng(seed * 1000 + i);
    const own = [];
    const fetchedAt = new Map();
    let action = 0;
    let next = random() * CHAT_EVERY_MS;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - at())));
      if (at() >= WINDOW_MS) return;
      // Which chat: one of the attendant's last ones, or the next of the team's queue.
      let chat;
      if (own.length === 0 || random() < NEW_CHAT_SHARE) {
        chat = line.chats[queue % line.chats.length];
        queue += 1;
        own.push(chat);
        if (own.length > OWN_CHATS) own.shift();
      } else {
        chat = own[Math.floor(random() * own.length)];
      }
      const roll = random();
      const opened = at();
      const record = { at: opened, readyMs: NaN };
      chatsOpened.push(record);
      const mapping = await api(i, 'GET', `/api/rdstation/contact-mapping/${chat.host}`);
      const fresh = opened - (fetchedAt.get(chat.host) ?? -Infinity) < PANEL_FRESH_MS;
      if (mapping && fresh) record.readyMs = at() - opened;
      if (mapping && !fresh) {
        const [deal, contact] = await Promise.all([
          api(i, 'GET', `/api/rdstation/deals/${chat.dealId}`),
          api(i, 'GET', `/api/rdstation/contacts/${chat.contactId}`),
        ]);
        const pipelineId = deal?.data?.data?.pipeline_id;
        const stages = pipelineId
          ? await api(i, 'GET', `/api/rdstation/pipelines/${pipelineId}/stages`)
          : null;
        if (deal && contact && stages) {
          record.readyMs = at() - opened;
          fetchedAt.set(chat.host, opened);
          chat.stages = stages.data?.data ?? [];
        }
        const organizationId = contact?.data?.data?.organization_id;
        if (organizationId) await api(i, 'GET', `/api/rdstation/organizations/${organizationId}`);
      }
      // What the attendant does next in the chat.
      const tab = action % 3;
      const deal = encodeURIComponent(chat.dealId);
      if (roll < TAB_SHARE) {
        if (tab === 0) await api(i, 'GET', `/api/rdstation/deals/${deal}/notes`);
        else if (tab === 1) await api(i, 'GET', `/api/rdstation/deals/${deal}/products`);
        else
          await api(
            i,
            'GET',
            `/api/rdstation/tasks?filter=${encodeURIComponent(`deal_id:"${chat.dealId}"`)}`,
          );
      } else if (roll < TAB_SHARE + WRITE_SHARE) {
        const kind = action % 4;
        if (kind === 0 && Array.isArray(chat.stages) && chat.stages.length > 0) {
          const stage = chat.stages[Math.floor(random() * chat.stages.length)];
          await api(i, 'PUT', `/api/rdstation/deals/${deal}`, { stage_id: stage.id });
        } else if (kind <= 1) {
          await api(i, 'POST', `/api/rdstation/deals/${deal}/notes`, {
            description: `Nota do atendimento ${i}-${action}`,
          });
        } else if (kind === 2) {
          await api(i, 'POST', '/api/rdstation/tasks', {
            name: `Retornar contato ${i}-${action}`,
            type: 'call',
            deal_id: chat.dealId,
          });
        } else {
          await api(i, 'POST', `/api/rdstation/deals/${deal}/products`, {
            product_id: line.productIds[action % line.productIds.length],
            price: 100,
            quantity: 1,
          });
        }
      } else if (roll < TAB_SHARE + WRITE_SHARE + SEARCH_SHARE) {
        const letters = ['an', 'ma', 'jo', 'ca', 'lu', 'pe'];
        await api(
          i,
          'GET',
          `/api/rdstation/contacts?filter=${encodeURIComponent(`name:~"${letters[action % letters.length]}"`)}&limit=20`,
        );
      }
      action += 1;
      next = opened + CHAT_EVERY_MS * (0.5 + random());
    }
  };

  // CRM requests at the cold window's end and the steady window's start (for both variants
  // the sandbox's count; for the after also its own metrics).
  const snapshots = {};
  const snapshot = async (key) => {
    snapshots[key] = { sandbox: await line.crmRequests(), metrics: await line.metrics() };
  };
  await snapshot('start');
  const timers = [
    new Promise((resolve) => setTimeout(() => snapshot('cold').then(resolve), COLD_MS)),
    new Promise((resolve) => setTimeout(() => snapshot('steady').then(resolve), STEADY_FROM_MS)),
  ];
  await Promise.all([...Array.from({ length: n }, (_, i) => attendantLoop(i)), ...timers]);
  await snapshot('end');
  return { chatsOpened, calls, errorsShown, waitsShown, snapshots };
}

/** A level's figures on one line. */
function figures(result) {
  const { chatsOpened, calls, snapshots } = result;
  const inWindow = chatsOpened.filter((chat) => chat.at < WINDOW_MS);
  const cold = inWindow.filter((chat) => chat.at < COLD_MS).length;
  const steady = inWindow.filter((chat) => chat.at >= STEADY_FROM_MS).length;
  const crm = (from, to, source) => {
    if (source === 'sandbox') return snapshots[to].sandbox - snapshots[from].sandbox;
    if (!snapshots[to].metrics || !snapshots[from].metrics) return NaN;
    const total = (key) => sumOf(snapshots[key].metrics, 'crm_panel_crm_requests_total');
    return total(to) - total(from);
  };
  const ready = inWindow.filter((chat) => Number.isFinite(chat.readyMs));
  const readyTimes = ready.map((chat) => chat.readyMs);
  const metricsEnd = snapshots.end.metrics;
  const waits = (quantile) =>
    metricsEnd
      ? Math.max(
          ...metricsEnd.map((samples) => {
            const found = samples.filter(
              (sample) =>
                sample.name === 'crm_panel_limiter_wait_seconds' &&
                sample.labels.quantile === String(quantile) &&
                sample.labels.lane === 'interactive',
            );
            return found.length
              ? Math.max(...found.map((s) => (Number.isNaN(s.value) ? 0 : s.value)))
              : 0;
          }),
        ) * 1000
      : NaN;
  const source = metricsEnd ? 'metrics' : 'sandbox';
  const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
  return {
    source,
    chatsOpened: inWindow.length,
    chatsReady: ready.length,
    chatsPerMinute: round((ready.length * 60_000) / WINDOW_MS, 1),
    crmPerChatCold: round(crm('start', 'cold', source) / Math.max(1, cold)),
    crmPerChatSteady: round(crm('steady', 'end', source) / Math.max(1, steady)),
    crmInWindow: crm('start', 'end', source),
    sandboxCrmInWindow: crm('start', 'end', 'sandbox'),
    readyP50Ms: Math.round(percentile(readyTimes, 50)),
    readyP95Ms: Math.round(percentile(readyTimes, 95)),
    callP95Ms: Math.round(
      percentile(
        calls.map((c) => c.ms),
        95,
      ),
    ),
    limiterWaitP50Ms: Math.round(waits(0.5)),
    limiterWaitP95Ms: Math.round(waits(0.95)),
    rateLimited429: metricsEnd
      ? sumOf(metricsEnd, 'crm_panel_crm_rate_limited_total')
      : calls.filter((c) => c.status === 429).length,
    errorsShown: result.errorsShown,
    waitsShown: result.waitsShown,
  };
}

async function run() {
  const baselineRef = process.env.BENCH_BASELINE_REF;
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const lines = LINES.filter((name) => !only || only.includes(name));
  const wanted = process.env.BENCH_CAPACITY_VARIANTS?.split(',').map((name) => name.trim());
  const variants = [
    ...(baselineRef ? [{ variant: 'before', apiRoot: extractApi(baselineRef) }] : []),
    { variant: 'after', apiRoot: null },
  ].filter(({ variant }) => !wanted || wanted.includes(variant));
  const { createIdentityIssuer } = tsxRequire('../tools/host-sim/src/index.ts', __filename);
  const issuer = await createIdentityIssuer();
  const { startTestPostgres } = tsxRequire('../tools/test-postgres/src/index.ts', __filename);
  const postgres = lines.includes('two') ? await startTestPostgres() : null;
  const users = Math.max(...LEVELS);
  const created = [];
  const started = Date.now();
  try {
    const specs = variants.flatMap(({ variant, apiRoot }) =>
      lines.map((name) => ({
        name,
        variant,
        apiRoot,
        processes: name === 'two' ? 2 : 1,
        scope: name === 'token' ? 'token' : 'account',
        postgres: name === 'two' ? postgres : null,
        issuer,
        users,
      })),
    );
    console.log(`capacity: preparando ${specs.length} linha(s) com ${users} atendentes…`);
    for (const line of await Promise.all(specs.map((spec) => createLine(spec)))) created.push(line);
    const levels = [];
    for (const [index, n] of LEVELS.entries()) {
      await Promise.all(created.map((line) => line.freshStart()));
      console.log(`capacity: N = ${n}, ${WINDOW_MS / 1000} s…`);
      const results = await Promise.all(created.map((line) => runLevel(line, n, index + 1)));
      levels.push({
        n,
        lines: Object.fromEntries(
          created.map((line, k) => [`${line.name}/${line.variant}`, figures(results[k])]),
        ),
      });
    }
    const rows = [];
    const cell = (f) =>
      `${f.chatsPerMinute} chats/min · ready p95 ${f.readyP95Ms} ms · CRM/chat cold ${f.crmPerChatCold}, steady ${f.crmPerChatSteady} · CRM ${f.crmInWindow}${f.source === 'metrics' ? ` (sandbox ${f.sandboxCrmInWindow})` : ''} · waits p50/p95 ${Number.isNaN(f.limiterWaitP50Ms) ? '—' : `${f.limiterWaitP50Ms}/${f.limiterWaitP95Ms} ms`} · 429 ${f.rateLimited429} · errors ${f.errorsShown} · waiting shown ${f.waitsShown}`;
    for (const level of levels)
      for (const [key, f] of Object.entries(level.lines))
        rows.push([`N=${level.n} ${key}`, cell(f)]);
    // Targets: the after's one-process line (the account's budget, strict reading).
    const afterOne = levels.map((level) => ({ n: level.n, f: level.lines['one/after'] }));
    const targets =
      afterOne.length && afterOne[0].f
        ? {
            steadyPerChat: {
              target: `≤ ${TARGET_STEADY_PER_CHAT}`,
              measured: Math.max(...afterOne.map(({ f }) => f.crmPerChatSteady)),
              met: afterOne.every(({ f }) => f.crmPerChatSteady <= TARGET_STEADY_PER_CHAT),
            },
            chatsPerMinute: {
              target: `≥ ${TARGET_CHATS_PER_MINUTE} chats/min with ready p95 ≤ ${TARGET_P95_MS} ms and no error shown`,
              measured: Math.max(
                0,
                ...afterOne
                  .filter(({ f }) => f.readyP95Ms <= TARGET_P95_MS && f.errorsShown === 0)
                  .map(({ f }) => f.chatsPerMinute),
              ),
              met: afterOne.some(
                ({ f }) =>
                  f.chatsPerMinute >= TARGET_CHATS_PER_MINUTE &&
                  f.readyP95Ms <= TARGET_P95_MS &&
                  f.errorsShown === 0,
              ),
            },
            saturation: {
              target: 'at saturation: waiting shown, no error, every chat opened gets ready',
              measured: afterOne
                .map(
                  ({ n, f }) =>
                    `N=${n}: ${f.waitsShown} waits, ${f.errorsShown} errors, ${f.chatsReady}/${f.chatsOpened} ready`,
                )
                .join('; '),
              met: afterOne.every(({ f }) => f.errorsShown === 0 && f.chatsReady === f.chatsOpened),
            },
          }
        : null;
    if (targets)
      for (const [key, target] of Object.entries(targets))
        rows.push([
          `target ${key}: ${target.target}`,
          `${target.measured}: ${target.met ? 'met' : 'NOT met'}`,
        ]);
    rows.push([
      'load',
      `${WINDOW_MS / 1000} s per level from empty budgets${WINDOW_MS < 60_000 ? " (SHORTER THAN THE BUDGET'S MINUTE: not a minute's figure)" : ''}; CRM ${CRM_LATENCY_MS} ms, ${CRM_PER_MINUTE}/min per account (token: per access token); a chat every ${CHAT_EVERY_MS / 1000} s ± 50 % per attendant, ${NEW_CHAT_SHARE * 100} % new; tabs ${TAB_SHARE * 100} %, writes ${WRITE_SHARE * 100} %, searches ${SEARCH_SHARE * 100} %; attendants over the account's 5 active CRM users; ${os.cpus().length} CPUs shared by every line; whole run ${Math.round((Date.now() - started) / 1000)} s`,
    ]);
    return {
      name: 'capacity',
      unit: 'chats/min, CRM requests per chat, ms',
      windowSeconds: WINDOW_MS / 1000,
      baselineRef: baselineRef ?? null,
      levels,
      targets,
      rows,
    };
  } finally {
    await Promise.all(created.map((line) => line.stop()));
    await postgres?.stop();
    for (const { apiRoot } of variants)
      if (apiRoot) fs.rmSync(apiRoot, { recursive: true, force: true });
  }
}

if (require.main === module && process.argv[2]) {
  serveChild(process.argv[2]).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

module.exports = { run };
