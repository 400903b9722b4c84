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
// Every api runs as deployed by default: CRM_WEBHOOKS on, the tenant's RD webhooks registered at
// the first sign-in and delivered by the sandbox for every change (the panel's own writes come back
// as echoes, matched and dropped), so a record RD announces is kept as long as the api keeps one
// while the webhooks are on.
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
//   at once, then the deal's stages: the panel is ready when those have answered; then (after
//   ready) the contact's organization, and the deal toolbar's first filter: nothing when the deal
//   on screen holds the contact (every chat of the queue), else the contact's deals. Back within
//   30 s (the panel's queries stay fresh that long, api-client's staleTime) only the mapping is
//   asked; later, everything again;
// - after opening: 30 % read one of the deal's tabs (notes, products, tasks in turn); 10 % write
//   (stage, note, task, product in turn); 5 % search contacts by name.
// A 429 the api answers is shown as its panel shows it: the after's panel says 'Aguardando o RD
// Station CRM…' and asks again after Retry-After (counted as a wait, the chat's time runs on); the
// before's panel shows the error (counted as an error shown). Any other non-2xx is an error shown.
//
// What is timed, as a person sees it:
// - ready: from the chat opened (its mapping asked) to the first screen's reads answered (mapping,
//   deal and contact, stages); waits for a busy CRM ('Aguardando…', then asked again) included;
//   a chat that never gets ready is an error shown, never left out;
// - answers: every call a person waited for in the window (the above, the organization, tabs,
//   writes, searches), each from asking to the answer shown, waits for a busy CRM included.
// The target '≥ 100 chats a minute with p95 ≤ 1 s' asks both p95s ≤ 1 s, and no error shown.
// Sessions: a panel session lasts 15 minutes and a shift longer; each attendant's is renewed after
// 10 (a new one from a fresh assertion, the old one used until then), as the panel renews its own.
//
// Windows. One shift per line: the api processes start once (cold caches, empty budgets: the
// sandbox's windows emptied, PostgreSQL's limiter tables cleared) and the team grows level by
// level (5, 20, 50, 100), as a team does during a day. Each level has a warm-up, then a measured
// window of exactly 60 s, one whole minute of the CRM's sliding budget: the budget is never reset
// between levels, so no window starts with a fresh 120 to spend (a window after a reset would
// show up to twice the real rate), and a backlog of the warm-up counts where it falls.
// - Warm-up: the team already there goes on; each newcomer's panel opens the 2 chats it starts
//   with (each ~3 CRM requests the first time: a chat new to everyone), spread over a time that
//   gives them the budget the team leaves (20–150 s; past ~55 attendants the team alone spends
//   the minute); then 61 s (one window of the CRM's minute as the api counts it) of the team at
//   its pace alone, so the measured minute starts from the steady state and not from a budget
//   the first opens just spent. Its CRM requests per chat opened are the cold figure.
// - Window: every attendant at the same pace for 60 s. Steady CRM requests per chat opened, chats
//   a minute (chats opened whose panel got ready), the p95 from opening to ready, the limiter's
//   waits (p50/p95 of the interactive lane over the last minute), 429s, errors shown.
//
// CRM requests per chat opened: what opening a chat costs the CRM, by what each request the CRM
// accepted was for (crmKind): the first screen (deal, contact, stages) and what it leads to
// (organization, the contact's deals), and strictly everything else that is not plainly a tab's
// read, a write or a search (reference data, reads ahead, a record read again after a change),
// divided by the chats opened. Beside it, all the work per chat: every CRM request of the window
// (tabs, writes, searches too) per chat opened, which is what the 120 a minute must carry.
//
// A whole run (both variants, three lines each, at once) takes about 17 minutes here, most of
// it the four measured minutes and the warm-ups the budget itself imposes.
//
// Figures of the after come from its /metrics (Prometheus text: CRM requests by CRM path, limiter
// waits, 429s), the operator's own view; the sandbox's count of /crm/v2 requests is printed beside
// them. The before has no /metrics: its CRM requests (of each kind too) are the sandbox's count,
// less the 429s it refused, and its limiter waits are not known.
//
// The floor, printed beside both steady figures: the CRM requests any api would
// have needed for the window's work while sharing only what RD allows (a record per CRM user,
// reference data per account), keeping everything for ever and dropping only what a write
// changes (the writer keeps a stage change's answer): what no cache can go below with this mix.
//
// BENCH_ONLY=<line,line> runs only those lines (one, two, token); BENCH_CAPACITY_VARIANTS=before
// only the baseline's (a run of the before alone, e.g. to record it while this checkout changes);
// BENCH_CAPACITY_LEVELS=5,20
// the levels; BENCH_CAPACITY_WINDOW_S the window (60 unless set: anything shorter is not a
// minute's budget, and the table says so).
const { randomBytes } = require('crypto');
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');
const { require: tsxRequire } = require('tsx/cjs/api');
const { extractApi, spawnBenchChild, startSandboxServer } = require('./api-latency');

const root = path.resolve(__dirname, '..');
const TENANT = 'bench-capacity';
const ISSUER = 'urn:crm-panel:host-sim';
const SECURITY_PASSWORD = 'bench-capacidade-123';
const LEVELS = (process.env.BENCH_CAPACITY_LEVELS ?? '5,20,50,100')
  .split(',')
  .map((value) => Number(value.trim()))
  .filter((value) => Number.isInteger(value) && value > 0);
const WINDOW_MS = Math.max(10, Number(process.env.BENCH_CAPACITY_WINDOW_S ?? 60)) * 1000;
const CRM_LATENCY_MS = 150;
const CRM_PER_MINUTE = 120;
const CHAT_EVERY_MS = 30_000;
const NEW_CHAT_SHARE = 0.2;
const OWN_CHATS = 4;
/** The chats each attendant has open when joining (the team's queue hands them out). */
const OWN_CHATS_AT_START = 2;
const PANEL_FRESH_MS = 30_000;
/** A panel session lasts 15 minutes; the bench renews each one after 10 (the panel: before 13). */
const SESSION_RENEW_AFTER_MS = 10 * 60_000;
const TAB_SHARE = 0.3;
const WRITE_SHARE = 0.1;
const SEARCH_SHARE = 0.05;
const POOL_SIZE = 240;
/**
 * A newcomer's chats cost ~3 CRM requests each the first time. Their first opens are spread over
 * the budget the team already there leaves (~1 request per chat, 2 chats a minute each), between
 * 20 s and 150 s: past about 55 attendants the team alone spends the minute, and the level is
 * measured saturated, as it is. Then one whole window of the CRM's minute (61 s, as the api counts
 * it) of the team at its pace alone: the measured minute starts from the steady state, not from a
 * budget the newcomers' first opens just spent.
 */
const WARM_TAIL_MS = 61_000;
function warmUp(present, newcomers) {
  const spare = Math.max(CRM_PER_MINUTE / 6, CRM_PER_MINUTE - present * 2);
  const needed = (newcomers * OWN_CHATS_AT_START * 3 * 60_000) / spare;
  const spreadMs = Math.round(Math.min(150_000, Math.max(20_000, needed)));
  return { spreadMs, totalMs: spreadMs + WARM_TAIL_MS };
}

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
    server = await startSandboxServer();
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
  return spawnBenchChild(__filename, role, { LOG_LEVEL: 'warn', ...env });
}

// ---- HTTP ----

/** A TCP port free on loopback now (the api then listens on it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

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
  // Each api process on a port of its own, picked once and kept when it restarts: the CRM's
  // webhooks, registered at the first sign-in (CRM_WEBHOOKS on, as by default), reach the api at
  // its public URL, as RD's reach a deployed api (the sandbox calls loopback URLs only).
  const ports = await Promise.all(Array.from({ length: processes }, freePort));
  let apis = [];
  const startApis = async () => {
    apis = ports.map((port) =>
      startChild('api', {
        ...env,
        PORT: String(port),
        API_PUBLIC_URL: `http://127.0.0.1:${port}`,
      }),
    );
    const urls = await Promise.all(apis.map((api) => api.ready));
    return urls;
  };
  let apiUrls = await startApis();
  const { WELL_KNOWN } = tsxRequire('../tools/crm-sandbox/src/seed/fixtures.ts', __filename);
  const { consentOverHttp } = tsxRequire('../tools/crm-sandbox/src/testing/consent.ts', __filename);
  const { signInOverHttp } = tsxRequire('../apps/api/src/testing/signInOverHttp.ts', __filename);
  const acme = WELL_KNOWN.account1;
  for (const url of apiUrls)
    await admin('POST', '/redirect-uris', {
      uri: `${url}/api/rdstation/auth/callback`,
      client_id: acme.clientId,
    });
  // The account's active users (gustavo is deactivated: the consent page does not offer him).
  const crmUsers = Object.entries(acme.users)
    .filter(([key]) => key !== 'gustavo')
    .map(([, user]) => user);
  const crmEmails = crmUsers.map((user) => user.email);

  // Attendant i: bench-atendente-i, CRM user i mod the account's users; attendant 0 the admin.
  const tokens = [];
  /** When each attendant's session was started (the panel renews it before it ends). */
  const startedAt = [];
  const anonymous = (i) => ({
    'x-user-id': `bench-atendente-${i}`,
    'x-system-key': TENANT,
    'x-panel-tab': `aba-${i}`,
  });
  const attendant = (i) => ({
    ...anonymous(i),
    ...(tokens[i] ? { authorization: `Bearer ${tokens[i]}` } : {}),
  });
  const apiOf = (i) => apiUrls[i % apiUrls.length];
  /**
   * A panel session for attendant i, as the panel starts one: with the host's signed assertion.
   * The session in use goes on until the new one is there (a renewal never leaves a gap).
   */
  const startSession = async (i) => {
    const assertion = await issuer.sign({
      userId: `bench-atendente-${i}`,
      systemKey: TENANT,
      role: i === 0 ? 'admin' : 'attendant',
      email: crmEmails[i % crmEmails.length],
    });
    const session = await ok('POST', `${apiOf(i)}/api/session`, {
      headers: anonymous(i),
      body: { assertion },
    });
    tokens[i] = session.token;
    startedAt[i] = Date.now();
  };
  // Sessions last SESSION_TTL (15 min) and a shift is longer: as the panel does, each one is
  // renewed before it ends (here a new one from a fresh assertion, off any chat's clock).
  let renewing = false;
  const renewal = setInterval(() => {
    if (renewing) return;
    renewing = true;
    const due = tokens
      .map((token, i) => (token && Date.now() - startedAt[i] > SESSION_RENEW_AFTER_MS ? i : -1))
      .filter((i) => i >= 0);
    (async () => {
      for (let k = 0; k < due.length; k += 8)
        await Promise.all(due.slice(k, k + 8).map((i) => startSession(i).catch(() => undefined)));
    })().finally(() => {
      renewing = false;
    });
  }, 15_000);
  const signIn = async (i) => {
    const api = apiOf(i);
    await startSession(i);
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
    // The sign-in window, over HTTP (the baseline commit's auth/begin still redirects).
    await signInOverHttp(authUrl, crmEmails[i % crmEmails.length], consentOverHttp, {
      apiUrl: api,
      acceptRedirectingBegin: true,
    });
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
    /** A session that ended (they last 15 min): a new one, as the panel gets one on its own. */
    startSession,
    /** Attendant i's CRM user id (the owner of the tasks it creates). */
    crmUserOf: (i) => crmUsers[i % crmUsers.length].id,
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
    /**
     * The /crm/v2 requests the sandbox received, less those its rate limit refused: in all, and
     * by what they were for (crmKind).
     */
    async crmRequests() {
      const stats = await admin('GET', '/stats');
      const byKind = { opening: 0, tabs: 0, writes: 0, searches: 0 };
      let total = 0;
      for (const [key, count] of Object.entries(stats.byPath)) {
        const [method, path = ''] = key.split(' ');
        if (!path.startsWith('/crm/v2/')) continue;
        const accepted = count - (stats.rateLimitedByPath?.[key] ?? 0);
        total += accepted;
        byKind[crmKind(method, path)] += accepted;
      }
      return { total, byKind };
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
      clearInterval(renewal);
      await Promise.all(apis.map((api) => api.stop()));
      await sandbox.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * What a CRM request was for, told by its method and path: a write; a tab's read (a deal's notes
 * or products, the tasks list); a search (the contact list); else part of opening a chat (the
 * deal, the contact, the organization, the stages, the contact's deals, and whatever else the api
 * reads: reference data, a record read again after a change, a read ahead). The strict count for
 * 'per chat opened': anything that is not plainly a tab, a write or a search is the opening's.
 */
function crmKind(method, path) {
  if (method !== 'GET') return 'writes';
  const resource = path.replace(/^\/crm\/v2/, '');
  if (/^\/deals\/[^/]+\/(notes|products)$/.test(resource) || resource === '/tasks') return 'tabs';
  if (resource === '/contacts') return 'searches';
  return 'opening';
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

/** What one phase (a warm-up, a measured window) records of the attendants' work. */
function emptyRecord() {
  return {
    chats: [],
    calls: [],
    errorsShown: 0,
    waitsShown: 0,
    errorKinds: {},
    floor: 0,
    floorOpening: 0,
  };
}

/**
 * A line's team at work: attendants keep their chats, the panel's cache and their pace from level
 * to level, as a team does during a shift. `level(n, warm)` brings attendants up to n (each
 * newcomer opens its own chats during the warm-up, as a panel does at the start of a shift), then
 * measures every attendant for WINDOW_MS.
 */
function createTeam(line) {
  const attendants = [];
  let queue = 0;
  const nextChat = () => line.chats[queue++ % line.chats.length];
  const after = line.variant === 'after';
  let record = null;

  /**
   * The floor: what any api would have to send the CRM for the same work while sharing what RD
   * allows (a record per CRM user, reference data per account), keeping everything forever and
   * dropping only what a write changes. `need` counts a read the first time a CRM user needs
   * it (`opening`: a read of opening a chat, counted apart as well); `changed` drops it for
   * everyone (`keepFor`: but the writer, who holds the write's answer).
   */
  const held = new Map();
  const need = (r, owner, key, opening = true) => {
    const holders = held.get(key) ?? new Set();
    held.set(key, holders);
    if (holders.has(owner)) return;
    holders.add(owner);
    if (!r) return;
    r.floor += 1;
    if (opening) r.floorOpening += 1;
  };
  const changed = (key, keepFor) => {
    const holders = held.get(key);
    if (!holders) return;
    for (const owner of holders) if (owner !== keepFor) holders.delete(owner);
  };

  /**
   * One call as a person waits for it: from asking to the answer the panel shows, the waits for a
   * busy CRM ('Aguardando o RD Station CRM…', then asked again) included. Recorded once, with its
   * whole time and its final status.
   */
  const api = async (i, method, apiPath, body) => {
    const asked = Date.now();
    const r = record;
    const answer = await attempt(i, method, apiPath, body, r);
    r?.calls.push({ ms: Date.now() - asked, status: answer.status, method });
    return answer.json;
  };

  const attempt = async (i, method, apiPath, body, r) => {
    let renewed = false;
    for (;;) {
      let answer;
      try {
        answer = await call(method, `${line.apiOf(i)}${apiPath}`, {
          headers: line.attendant(i),
          body,
        });
      } catch {
        answer = { status: 0, json: null, headers: new Headers() };
      }
      if (answer.status === 401 && answer.json?.code === 'session_expired' && !renewed) {
        // The panel renews its session before it ends; a run longer than a session does it here.
        renewed = true;
        await line.startSession(i);
        continue;
      }
      if (answer.status === 429 && answer.json?.code === 'crm_busy' && after) {
        // The after's panel: 'Aguardando o RD Station CRM…', then asks again by itself.
        if (r) r.waitsShown += 1;
        const seconds = Number(answer.headers.get('retry-after') ?? 1);
        await new Promise((resolve) => setTimeout(resolve, Math.max(1, seconds) * 1000));
        continue;
      }
      if (answer.status < 200 || answer.status >= 300) {
        if (r) {
          r.errorsShown += 1;
          const what = `${method} ${apiPath.split('?')[0].replace(/[0-9a-f]{24}/g, '{id}')} → ${answer.status}`;
          r.errorKinds[what] = (r.errorKinds[what] ?? 0) + 1;
        }
        return { status: answer.status, json: null };
      }
      return answer;
    }
  };

  /** Opening a chat as the panel does it; its time to ready (NaN when it never got ready). */
  const open = async (attendant, chat) => {
    const i = attendant.index;
    const r = record;
    const owner = line.crmUserOf(i);
    const opened = Date.now();
    const mapping = await api(i, 'GET', `/api/rdstation/contact-mapping/${chat.host}`);
    if (!mapping) return NaN;
    if (opened - (attendant.fetchedAt.get(chat.host) ?? -Infinity) < PANEL_FRESH_MS)
      return Date.now() - opened;
    need(r, owner, `deal ${chat.dealId}`);
    need(r, owner, `contact ${chat.contactId}`);
    const [deal, contact] = await Promise.all([
      api(i, 'GET', `/api/rdstation/deals/${chat.dealId}`),
      api(i, 'GET', `/api/rdstation/contacts/${chat.contactId}`),
    ]);
    const pipelineId = deal?.data?.data?.pipeline_id;
    if (pipelineId) need(r, 'account', `stages ${pipelineId}`);
    const stages = pipelineId
      ? await api(i, 'GET', `/api/rdstation/pipelines/${pipelineId}/stages`)
      : null;
    let readyMs = NaN;
    if (deal && contact && stages) {
      readyMs = Date.now() - opened;
      attendant.fetchedAt.set(chat.host, opened);
      chat.stages = stages.data?.data ?? [];
    }
    // After ready: the header's organization, and the deal toolbar's first filter. The toolbar
    // opens the picker on 'Negociações com esse contato' when the contact has deals: the deal on
    // screen holding the contact says so; only otherwise does it read the contact's deals.
    const organizationId = contact?.data?.data?.organization_id;
    const contactIds = deal?.data?.data?.contact_ids ?? [];
    if (organizationId) need(r, owner, `organization ${organizationId}`);
    if (deal && !contactIds.includes(chat.contactId))
      need(r, owner, `contact's deals ${chat.contactId}`);
    await Promise.all([
      organizationId ? api(i, 'GET', `/api/rdstation/organizations/${organizationId}`) : null,
      deal && !contactIds.includes(chat.contactId)
        ? api(
            i,
            'GET',
            `/api/rdstation/deals?limit=200&page=1&order=name&direction=desc&filter=${encodeURIComponent(`contact_ids:"${chat.contactId}"`)}`,
          )
        : null,
    ]);
    return readyMs;
  };

  /** What the attendant does next in the chat: a tab, a write, a search, or nothing. */
  const work = async (attendant, chat, roll) => {
    const i = attendant.index;
    const r = record;
    const owner = line.crmUserOf(i);
    const action = attendant.actions++;
    const deal = encodeURIComponent(chat.dealId);
    if (roll < TAB_SHARE) {
      const tab = action % 3;
      need(r, owner, `${['notes', 'products', 'tasks'][tab]} ${chat.dealId}`, false);
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
      // One CRM write; then what it changed: a stage the deal (the writer holds PUT's answer),
      // a note the deal's notes, a task its lists, a product the deal (its total) and its products.
      if (r) r.floor += 1;
      if (kind === 0) changed(`deal ${chat.dealId}`, owner);
      else if (kind === 1) changed(`notes ${chat.dealId}`);
      else if (kind === 2) changed(`tasks ${chat.dealId}`);
      else {
        changed(`deal ${chat.dealId}`);
        changed(`products ${chat.dealId}`);
      }
      if (kind === 0 && Array.isArray(chat.stages) && chat.stages.length > 0) {
        const stage = chat.stages[Math.floor(attendant.random() * chat.stages.length)];
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
          due_date: new Date(Date.now() + 86_400_000).toISOString(),
          owner_ids: [line.crmUserOf(i)],
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
      need(r, owner, `search ${letters[action % letters.length]}`, false);
      const filter = encodeURIComponent(`name:~"${letters[action % letters.length]}"`);
      await api(i, 'GET', `/api/rdstation/contacts?filter=${filter}&limit=20`);
    }
  };

  /**
   * One attendant's pace until `until` (epoch ms): a chat every 15–45 s, and what follows. It
   * stops at `until` with its next chat still ahead of it: the next phase goes on from there at
   * the same pace (waiting for that chat here would start every attendant's next chat at once).
   */
  const loop = async (attendant, until) => {
    for (;;) {
      const wake = Math.min(attendant.next, until);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, wake - Date.now())));
      if (Date.now() >= until) return;
      const { random } = attendant;
      let chat;
      if (random() < NEW_CHAT_SHARE) {
        chat = nextChat();
        attendant.own.push(chat);
        if (attendant.own.length > OWN_CHATS) attendant.own.shift();
      } else {
        chat = attendant.own[Math.floor(random() * attendant.own.length)];
      }
      const roll = random();
      const opened = Date.now();
      const entry = { at: opened, readyMs: NaN };
      record?.chats.push(entry);
      entry.readyMs = await open(attendant, chat);
      await work(attendant, chat, roll);
      attendant.next = opened + CHAT_EVERY_MS * (0.5 + random());
    }
  };

  return {
    async level(n, { spreadMs, totalMs: warmUpMs }, measure) {
      const newcomers = [];
      while (attendants.length < n) {
        const index = attendants.length;
        const random = prng(1000 + index);
        const attendant = { index, random, own: [], fetchedAt: new Map(), actions: 0, next: 0 };
        for (let k = 0; k < OWN_CHATS_AT_START; k += 1) attendant.own.push(nextChat());
        attendants.push(attendant);
        newcomers.push(attendant);
      }
      // Warm-up: the team goes on; each newcomer's panel opens its chats, spread over it.
      const warmUntil = Date.now() + warmUpMs;
      const warmStart = Date.now();
      const cold = emptyRecord();
      record = cold;
      const before = await measure();
      await Promise.all([
        ...attendants
          .filter((attendant) => !newcomers.includes(attendant))
          .map((attendant) => loop(attendant, warmUntil)),
        ...newcomers.map(async (attendant) => {
          for (const [k, chat] of attendant.own.entries()) {
            const slot = warmStart + ((k + attendant.random()) / OWN_CHATS_AT_START) * spreadMs;
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, slot - Date.now())));
            const entry = { at: Date.now(), readyMs: NaN };
            cold.chats.push(entry);
            entry.readyMs = await open(attendant, chat);
          }
          attendant.next = warmUntil + attendant.random() * CHAT_EVERY_MS;
        }),
      ]);
      const warmed = await measure();
      // The measured window: everyone at the same pace.
      const steady = emptyRecord();
      record = steady;
      const windowEnd = Math.max(Date.now(), warmUntil) + WINDOW_MS;
      for (const attendant of attendants) attendant.next = Math.max(attendant.next, Date.now());
      await Promise.all(attendants.map((attendant) => loop(attendant, windowEnd)));
      const end = await measure();
      record = null;
      return { cold, steady, snapshots: { start: before, warmed, end } };
    },
  };
}

/** CRM requests the CRM accepted between two scrapes, by lane and route ('interactive GET /deals/{id}'). */
function byPath(from, to) {
  const count = (processes) => {
    const totals = {};
    for (const samples of processes)
      for (const sample of samples) {
        if (sample.name !== 'crm_panel_crm_requests_total' || sample.labels.status === '429')
          continue;
        const key = `${sample.labels.lane} ${sample.labels.path ?? '?'}`;
        totals[key] = (totals[key] ?? 0) + sample.value;
      }
    return totals;
  };
  const start = count(from ?? []);
  const end = count(to);
  return Object.fromEntries(
    Object.entries(end)
      .map(([key, value]) => [key, value - (start[key] ?? 0)])
      .filter(([, value]) => value > 0)
      .sort((a, b) => b[1] - a[1]),
  );
}

/** The api's cache answers between two scrapes ('record miss', 'reference stale', …). */
function cacheOutcomes(from, to) {
  const count = (processes) => {
    const totals = {};
    for (const samples of processes ?? [])
      for (const sample of samples) {
        if (sample.name !== 'crm_panel_cache_total') continue;
        const key = `${sample.labels.cache} ${sample.labels.result}`;
        totals[key] = (totals[key] ?? 0) + sample.value;
      }
    return totals;
  };
  const start = count(from);
  return Object.fromEntries(
    Object.entries(count(to))
      .map(([key, value]) => [key, value - (start[key] ?? 0)])
      .filter(([, value]) => value > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** A level's figures on one line. */
function figures(result) {
  const { cold, steady, snapshots } = result;
  const crm = (from, to, source) => {
    if (source === 'sandbox') return snapshots[to].sandbox.total - snapshots[from].sandbox.total;
    if (!snapshots[to].metrics || !snapshots[from].metrics) return NaN;
    const total = (key) =>
      sumOf(
        snapshots[key].metrics,
        'crm_panel_crm_requests_total',
        (labels) => labels.status !== '429',
      );
    return total(to) - total(from);
  };
  const ready = steady.chats.filter((chat) => Number.isFinite(chat.readyMs));
  const readyTimes = ready.map((chat) => chat.readyMs);
  const metricsEnd = snapshots.end.metrics;
  // The CRM requests of each kind (crmKind) between two snapshots: from the api's /metrics (its
  // requests by method and CRM path, those the CRM refused with a 429 left out), as an operator
  // reads them; from what the sandbox received for an api without /metrics (the before).
  const kinds = (from, to, source) => {
    if (source === 'metrics' && snapshots[from].metrics && snapshots[to].metrics) {
      const counted = { opening: 0, tabs: 0, writes: 0, searches: 0 };
      for (const [key, count] of Object.entries(
        byPath(snapshots[from].metrics, snapshots[to].metrics),
      )) {
        const [, method, path] = key.split(' ');
        counted[crmKind(method, path)] += count;
      }
      return counted;
    }
    return Object.fromEntries(
      Object.entries(snapshots[to].sandbox.byKind).map(([kind, count]) => [
        kind,
        count - snapshots[from].sandbox.byKind[kind],
      ]),
    );
  };
  const source = metricsEnd ? 'metrics' : 'sandbox';
  const coldKinds = kinds('start', 'warmed', source);
  const steadyKinds = kinds('warmed', 'end', source);
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
  const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
  const rateLimited = (key) =>
    snapshots[key].metrics ? sumOf(snapshots[key].metrics, 'crm_panel_crm_rate_limited_total') : 0;
  return {
    source,
    chatsOpened: steady.chats.length,
    chatsReady: ready.length,
    chatsPerMinute: round((ready.length * 60_000) / WINDOW_MS, 1),
    // What opening a chat costs the CRM: the first screen and what it leads to (crmKind: every
    // request that is not a tab, a write or a search), per chat opened.
    openingPerChatCold: round(coldKinds.opening / Math.max(1, cold.chats.length)),
    openingPerChatSteady: round(steadyKinds.opening / Math.max(1, steady.chats.length)),
    floorOpeningPerChat: round(steady.floorOpening / Math.max(1, steady.chats.length)),
    crmByKind: steadyKinds,
    // Everything the team's work cost (opening, tabs, writes, searches), per chat opened.
    crmPerChatCold: round(crm('start', 'warmed', source) / Math.max(1, cold.chats.length)),
    crmPerChatSteady: round(crm('warmed', 'end', source) / Math.max(1, steady.chats.length)),
    crmInWindow: crm('warmed', 'end', source),
    // What any api would have sent for the window's work, sharing what RD allows (see `need`).
    floorInWindow: steady.floor,
    floorPerChat: round(steady.floor / Math.max(1, steady.chats.length)),
    sandboxCrmInWindow: crm('warmed', 'end', 'sandbox'),
    readyP50Ms: Math.round(percentile(readyTimes, 50)),
    readyP95Ms: Math.round(percentile(readyTimes, 95)),
    // Every answer a person waited for in the window (mapping, deal, contact, stages, tabs,
    // writes, searches), each from asking to the answer shown, waits for a busy CRM included.
    answerP95Ms: Math.round(
      percentile(
        steady.calls.map((c) => c.ms),
        95,
      ),
    ),
    writeP95Ms: Math.round(
      percentile(
        steady.calls.filter((c) => c.method !== 'GET').map((c) => c.ms),
        95,
      ),
    ),
    crmByPath: metricsEnd ? byPath(snapshots.warmed.metrics, metricsEnd) : null,
    cacheOutcomes: metricsEnd ? cacheOutcomes(snapshots.warmed.metrics, metricsEnd) : null,
    // RD's webhook deliveries the api took in the window (the sandbox's, one per change).
    webhookDeliveries: metricsEnd
      ? sumOf(metricsEnd, 'crm_panel_webhook_deliveries_total') -
        sumOf(snapshots.warmed.metrics, 'crm_panel_webhook_deliveries_total')
      : null,
    limiterWaitP50Ms: Math.round(waits(0.5)),
    limiterWaitP95Ms: Math.round(waits(0.95)),
    rateLimited429: metricsEnd
      ? rateLimited('end') - rateLimited('warmed')
      : steady.calls.filter((c) => c.status === 429).length,
    errorsShown: steady.errorsShown,
    errorKinds: steady.errorKinds,
    waitsShown: steady.waitsShown,
    warmUp: {
      chats: cold.chats.length,
      errorsShown: cold.errorsShown,
      waitsShown: cold.waitsShown,
    },
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
    // One shift per line: the api processes start once (cold), the team grows level by level.
    await Promise.all(created.map((line) => line.freshStart()));
    const teams = created.map((line) => createTeam(line));
    let present = 0;
    for (const n of LEVELS) {
      const newcomers = Math.max(0, n - present);
      const warm = warmUp(present, newcomers);
      present = Math.max(present, n);
      console.log(
        `capacity: N = ${n}: ${warm.totalMs / 1000} s de aquecimento (${warm.spreadMs / 1000} s de primeiras aberturas), ${WINDOW_MS / 1000} s medidos…`,
      );
      const results = await Promise.all(
        teams.map((team, k) => {
          const line = created[k];
          const measure = async () => ({
            sandbox: await line.crmRequests(),
            metrics: await line.metrics(),
          });
          return team.level(n, warm, measure);
        }),
      );
      levels.push({
        n,
        warmUpSeconds: warm.totalMs / 1000,
        lines: Object.fromEntries(
          created.map((line, k) => [`${line.name}/${line.variant}`, figures(results[k])]),
        ),
      });
    }
    const rows = [];
    const kindsOf = (f) =>
      Object.entries(f.crmByKind)
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ');
    const cell = (f) =>
      `${f.chatsPerMinute} chats/min · ready p95 ${f.readyP95Ms} ms · answers p95 ${f.answerP95Ms} ms (writes ${f.writeP95Ms}) · CRM per chat opened: cold ${f.openingPerChatCold}, steady ${f.openingPerChatSteady} (floor ${f.floorOpeningPerChat}) · all the work per chat: cold ${f.crmPerChatCold}, steady ${f.crmPerChatSteady} (floor ${f.floorPerChat}: ${f.floorInWindow}) · CRM ${f.crmInWindow}: ${kindsOf(f)}${f.source === 'metrics' ? ` (sandbox ${f.sandboxCrmInWindow})` : ''} · waits p50/p95 ${Number.isNaN(f.limiterWaitP50Ms) ? '—' : `${f.limiterWaitP50Ms}/${f.limiterWaitP95Ms} ms`} · 429 ${f.rateLimited429} · errors ${f.errorsShown} · waiting shown ${f.waitsShown}`;
    for (const level of levels) {
      for (const [key, f] of Object.entries(level.lines))
        rows.push([`N=${level.n} ${key}`, cell(f)]);
      const outcomes = level.lines['one/after']?.cacheOutcomes;
      if (outcomes)
        rows.push([
          `N=${level.n} one/after api cache answers (window)`,
          [
            ...Object.entries(outcomes).map(([key, value]) => `${key} ${value}`),
            `webhook deliveries ${level.lines['one/after'].webhookDeliveries}`,
          ].join(' · '),
        ]);
      const paths = level.lines['one/after']?.crmByPath;
      if (paths)
        rows.push([
          `N=${level.n} one/after CRM requests by lane and route (window)`,
          Object.entries(paths)
            .map(([key, value]) => `${key} ${value}`)
            .join(' · '),
        ]);
    }
    // Targets: the after's one-process line (the account's budget, strict reading).
    const afterOne = levels.map((level) => ({ n: level.n, f: level.lines['one/after'] }));
    const targets =
      afterOne.length && afterOne[0].f
        ? {
            steadyPerChat: {
              target: `≤ ${TARGET_STEADY_PER_CHAT} CRM request per chat opened, steady (all the work per chat beside it, for the budget)`,
              measured: `${Math.max(...afterOne.map(({ f }) => f.openingPerChatSteady))} (all the work: ${Math.min(...afterOne.map(({ f }) => f.crmPerChatSteady))}–${Math.max(...afterOne.map(({ f }) => f.crmPerChatSteady))})`,
              met: afterOne.every(({ f }) => f.openingPerChatSteady <= TARGET_STEADY_PER_CHAT),
            },
            chatsPerMinute: {
              target: `≥ ${TARGET_CHATS_PER_MINUTE} chats/min with ready p95 and answers p95 ≤ ${TARGET_P95_MS} ms and no error shown`,
              measured: Math.max(
                0,
                ...afterOne
                  .filter(
                    ({ f }) =>
                      f.readyP95Ms <= TARGET_P95_MS &&
                      f.answerP95Ms <= TARGET_P95_MS &&
                      f.errorsShown === 0,
                  )
                  .map(({ f }) => f.chatsPerMinute),
              ),
              met: afterOne.some(
                ({ f }) =>
                  f.chatsPerMinute >= TARGET_CHATS_PER_MINUTE &&
                  f.readyP95Ms <= TARGET_P95_MS &&
                  f.answerP95Ms <= TARGET_P95_MS &&
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
      `${WINDOW_MS / 1000} s measured per level after its warm-up, one shift per line (budgets never reset between levels)${WINDOW_MS < 60_000 ? " (SHORTER THAN THE BUDGET'S MINUTE: not a minute's figure)" : ''}; CRM ${CRM_LATENCY_MS} ms, ${CRM_PER_MINUTE}/min per account (token: per access token); CRM requests are those the CRM accepted (a 429 it refused is not processed nor counted in its window); a chat every ${CHAT_EVERY_MS / 1000} s ± 50 % per attendant, ${NEW_CHAT_SHARE * 100} % new; tabs ${TAB_SHARE * 100} %, writes ${WRITE_SHARE * 100} %, searches ${SEARCH_SHARE * 100} %; attendants over the account's 5 active CRM users; ${os.cpus().length} CPUs shared by every line; whole run ${Math.round((Date.now() - started) / 1000)} s`,
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
