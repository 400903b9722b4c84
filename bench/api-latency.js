// Latency and throughput of the api's CRM proxy , side by
// side with the same call made to the crm-sandbox directly: an uncached GET (a deal) and a cached
// one (pipelines, reference data kept 60 s per tenant), and a minimal Fastify JSON route (the
// floor of one Node process on this machine). The sandbox, the api and the minimal route run as
// child processes on free loopback ports; autocannon drives them from this process.
//
// What the api adds to a call (the target: at most 1 ms at 1 connection) is read from a paired
// line, not from two autocannon lines: those measure the direct call and the api call each in its
// own 5 s, and on this 2-core VM the machine's mood between two lines (which core each process
// lands on, another process's burst, the sandbox's own 1.3–2.8 ms of CPU per deal GET) moved the
// difference by ±1 ms between runs, more than the target. A paired line has one Node http client
// with a kept-alive socket per target and sends one GET at a time, target after target in rounds
// (3000 after 300 of warm-up), so a drift of the machine falls on every target alike; each side's
// p50 is taken over the same rounds. Fair by construction: same client code, same user,
// keep-alive on every side (the row says how many sockets each used: 1), every answer read whole
// (the row gives the bytes: the api's answer is the CRM's plus its envelope).
// Each target is paired with the direct call alone, in its own line: the api, a minimal Fastify
// proxy (one more process doing the least HTTP), a raw TCP relay (one more process, no HTTP work)
// and, with BENCH_BASELINE_REF, that commit's api. Earlier versions of this bench put them all in
// the same rounds; there each target's figure depended on which others were measured beside it, as
// each call ran on caches the others' calls had just evicted. With 7430499 in the rounds (5.5 ms
// of CPU per call) the direct call itself read 0.61–0.64 ms against 0.31–0.35 ms without it, and
// the api added 1.26–1.49 ms against 0.79–1.01 ms (2026-11-28, same process, same hour). That
// line (all targets in the same rounds) stays, as information and to compare with those earlier figures.
// The 10-connection lines stay, for throughput and as information (calls queue there).
//
// BENCH_RUNS=n measures every line n times (interleaved) and reports the medians.
// BENCH_PAIRED_ROUNDS=n: each paired line's measured rounds (default 3000).
// BENCH_BASELINE_REF=<git ref> also runs the api of that commit (git archive into a temporary
// folder) against the same sandbox, in the same run: the 'before' of the targets.
// The dependencies that commit had and this checkout lacks (better-sqlite3, before libsql) install
// once into node_modules/.cache/bench-baseline-deps and are linked beside this checkout's.
// BENCH_PROFILE_DIR=<folder> writes a V8 CPU profile of the api child (BENCH_PROFILE_INTERVAL_US:
// its sampling interval).
// BENCH_ONLY=<line,line> measures only those lines (e.g. apiDealOne,directDealOne while profiling,
// pairedApi,pairedMinimalProxy for the target's figure and its floor); the targets then read NaN
// for the lines left out.
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const http_ = require('http');
const autocannon = require('autocannon');
const { require: tsxRequire } = require('tsx/cjs/api');
const { archiveRef, linkRefModules } = require('../tools/scripts/gitRef');

const root = path.resolve(__dirname, '..');
const CONNECTIONS = 10;
const DURATION_S = 5;
const WARMUP_S = 1;
/** Each paired line: rounds measured (each one request per target), after its own warm-up. */
const PAIRED_ROUNDS = Math.max(1, Number(process.env.BENCH_PAIRED_ROUNDS ?? 3000));
const PAIRED_WARMUP_ROUNDS = 300;
/** High enough that no limiter ever waits during a run (the real CRM allows 120/min per account). */
const UNLIMITED = 10_000_000;
const TENANT = 'bench-tenant';
const SECURITY_PASSWORD = 'bench-senha-123';
/** The operator's setup code of the bench tenant: its host signs nothing, so who may configure it. */
const SETUP_CODE = 'bench-codigo-de-configuracao';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
/** The api adds at most this to a proxied call's p50… */
const TARGET_ADDED_P50_MS = 1;
/** …and serves a cached GET at this many times the rate measured before the change. */
const TARGET_CACHED_TIMES = 3;
/** The cached GET before the change when no baseline runs: README, 2026-11-26, this machine. */
const README_BEFORE = { requestsPerSecond: 1713, p50Ms: 5.34, source: 'README (2026-11-26)' };

// ---- child processes (run as `node bench/api-latency.js <role>`) ----

/** The crm-sandbox a bench's child process serves, on a free loopback port. */
function startSandboxServer() {
  const { startSandbox } = tsxRequire('../tools/crm-sandbox/src/index.ts', __filename);
  // The api's callback is http on loopback, which RD's https rule leaves to a sandbox knob.
  return startSandbox({ port: 0, host: '127.0.0.1', knobs: { loopbackHttpCallbacks: true } });
}

async function serveChild(role) {
  let server;
  if (role === 'crm-sandbox') {
    server = await startSandboxServer();
  } else if (role === 'minimal') {
    // The floor: a plain Fastify (no logger, no plugins) answering one small JSON.
    const fastify = require('fastify');
    const app = fastify();
    app.get('/hello', async () => ({ data: { hello: 'mundo' } }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    server = { url: `http://127.0.0.1:${app.server.address().port}`, close: () => app.close() };
  } else if (role === 'minimal-proxy') {
    // The floor of any proxy: a plain Fastify route that forwards the GET to the CRM over a
    // kept-alive socket and answers its JSON. What it adds to a direct call is the price of one
    // more process in the path (two more loopback hops), which no api code can take away.
    const fastify = require('fastify');
    const http = require('http');
    const agent = new http.Agent({ keepAlive: true });
    const crm = new URL(process.env.BENCH_CRM_URL);
    const app = fastify();
    app.get('/crm/v2/*', (request, reply) => {
      const forwarded = http.request(
        {
          host: crm.hostname,
          port: crm.port,
          path: request.url,
          agent,
          headers: { authorization: request.headers.authorization, accept: 'application/json' },
        },
        (answer) => {
          const chunks = [];
          answer.on('data', (chunk) => chunks.push(chunk));
          answer.on('end', () =>
            reply
              .code(answer.statusCode)
              .type('application/json')
              .send(JSON.parse(Buffer.concat(chunks).toString('utf8'))),
          );
        },
      );
      forwarded.on('error', (error) => reply.send(error));
      forwarded.end();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    server = { url: `http://127.0.0.1:${app.server.address().port}`, close: () => app.close() };
  } else if (role === 'relay') {
    // The price of one more process in the path with no HTTP work: a raw TCP relay that pipes
    // each connection to the CRM's port, bytes as they come (two more loopback hops, no parsing).
    const net = require('net');
    const crm = new URL(process.env.BENCH_CRM_URL);
    const open = new Set();
    const relay = net.createServer((client) => {
      const upstream = net.connect({ host: crm.hostname, port: Number(crm.port) });
      open.add(client).add(upstream);
      client.setNoDelay(true);
      upstream.setNoDelay(true);
      client.pipe(upstream).pipe(client);
      const end = () => {
        client.destroy();
        upstream.destroy();
        open.delete(client);
        open.delete(upstream);
      };
      client.once('error', end).once('close', end);
      upstream.once('error', end).once('close', end);
    });
    await new Promise((resolve) => relay.listen(0, '127.0.0.1', resolve));
    server = {
      url: `http://127.0.0.1:${relay.address().port}`,
      close: () =>
        new Promise((resolve) => {
          relay.close(resolve);
          for (const socket of open) socket.destroy();
        }),
    };
  } else if (role === 'api') {
    // The configuration of `npm start` (configFromEnv), with the CRM client's own limit lifted.
    // BENCH_API_ROOT: another checkout of the api (the baseline), with its own path aliases.
    const apiRoot = process.env.BENCH_API_ROOT ?? root;
    const { startApi } = tsxRequire(path.join(apiRoot, 'apps/api/src/app.ts'), __filename);
    const { configFromEnv } = tsxRequire(path.join(apiRoot, 'apps/api/src/config.ts'), __filename);
    const config = configFromEnv(process.env);
    server = await startApi({
      ...config,
      crm: { ...config.crm, maxRequestsPerMinute: UNLIMITED },
    });
  } else {
    throw new Error(`papel desconhecido: ${role}`);
  }
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('disconnect', stop);
  // The CPU this process has used so far (user + system, µs), asked for around a measured line.
  process.on('message', (message) => {
    if (message === 'cpu') process.send({ cpu: process.cpuUsage() });
  });
  process.send({ url: server.url });
}

/**
 * `node <script> <role>` as a bench's child process (its tsx compiles the api of `BENCH_API_ROOT`
 * when given, with that checkout's tsconfig): `ready` resolves to the URL it serves, `stop` ends
 * it (SIGKILL after 3 s).
 */
function spawnBenchChild(script, role, env = {}, execArgv = []) {
  const tsconfig = path.join(env.BENCH_API_ROOT ?? root, 'tsconfig.json');
  const child = spawn(process.execPath, [...execArgv, script, role], {
    cwd: root,
    env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig, ...env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  };
  const ready = new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.url));
    exited.then((code) => reject(new Error(`${role} terminou (código ${code}):\n${stderr}`)));
  });
  return { child, ready, stop };
}

function startChild(role, env = {}) {
  // BENCH_PROFILE_DIR=<folder>: the api child writes a V8 CPU profile there when it stops.
  const profile = role === 'api' && !env.BENCH_API_ROOT && process.env.BENCH_PROFILE_DIR;
  // BENCH_PROFILE_INTERVAL_US: its sampling interval (V8's default 1000 µs sees little of a
  // call that costs ~500 µs).
  const interval = process.env.BENCH_PROFILE_INTERVAL_US;
  const execArgv = profile
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${path.resolve(profile)}`,
        ...(interval ? [`--cpu-prof-interval=${Number(interval)}`] : []),
      ]
    : [];
  const { child, ready, stop } = spawnBenchChild(__filename, role, env, execArgv);
  /** The child's CPU time so far in ms (user + system): its own figure, whatever else runs. */
  const cpuMs = () =>
    new Promise((resolve) => {
      const onMessage = (message) => {
        if (!message?.cpu) return;
        child.off('message', onMessage);
        resolve((message.cpu.user + message.cpu.system) / 1000);
      };
      child.on('message', onMessage);
      child.send('cpu');
    });
  return { ready, stop, cpuMs };
}

// ---- setup over HTTP, as the panel and a person would do it ----

async function http(method, url, { headers = {}, body } = {}) {
  const response = await fetch(url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await response.text();
  if (response.status >= 300)
    throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return text.startsWith('{') ? JSON.parse(text) : text;
}

/** The headers of bench user i: who, and (once earned) that browser's panel session on one api. */
const identityWith = (panelTokens) => (i) => ({
  'x-user-id': `bench-user-${i}`,
  'x-system-key': TENANT,
  ...(panelTokens[i] ? { authorization: `Bearer ${panelTokens[i]}` } : {}),
});

/**
 * The operator's tenants file: the bench tenant, whose host signs nothing (so its credentials
 * need the operator's setup code; an api from before setup codes ignores it).
 */
function writeTenantsFile(dataDir) {
  const file = path.join(dataDir, 'tenants.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ issuers: [], tenants: [{ systemKey: TENANT, setupCode: SETUP_CODE }] }),
  );
  return file;
}

/**
 * One tenant, CONNECTIONS users each with their own CRM session (the sequence of
 * apps/e2e/src/support/apiSetup.ts): terms, credentials, OAuth consent over HTTP.
 */
async function setUpTenant(apiUrl, sandboxUrl) {
  const panelTokens = [];
  const identity = identityWith(panelTokens);
  const { WELL_KNOWN } = tsxRequire('../tools/crm-sandbox/src/seed/fixtures.ts', __filename);
  const { consentOverHttp } = tsxRequire('../tools/crm-sandbox/src/testing/consent.ts', __filename);
  const { signInOverHttp } = tsxRequire('../apps/api/src/testing/signInOverHttp.ts', __filename);
  const acme = WELL_KNOWN.account1;
  // The sandbox accepts only registered callback URLs (RD's rule): register this api's.
  await http('POST', `${sandboxUrl}/__admin/redirect-uris`, {
    body: { uri: `${apiUrl}/api/rdstation/auth/callback`, client_id: acme.clientId },
  });
  for (let i = 0; i < CONNECTIONS; i += 1) {
    const session = await http('POST', `${apiUrl}/api/session`, { headers: identity(i), body: {} });
    panelTokens[i] = session.token;
    await http('POST', `${apiUrl}/api/rdstation/terms/accept`, { headers: identity(i), body: {} });
  }
  await http('POST', `${apiUrl}/api/rdstation/credentials`, {
    headers: identity(0),
    body: {
      clientId: acme.clientId,
      clientSecret: acme.clientSecret,
      redirectUri: `${apiUrl}/api/rdstation/auth/callback`,
      securityPassword: SECURITY_PASSWORD,
      confirmSecurityPassword: SECURITY_PASSWORD,
      defaultChatDomain: 'http://127.0.0.1:9',
      setupCode: SETUP_CODE,
    },
  });
  const tokens = [];
  for (let i = 0; i < CONNECTIONS; i += 1) {
    const { authUrl } = await http('GET', `${apiUrl}/api/rdstation/auth/start`, {
      headers: identity(i),
    });
    // The sign-in window, over HTTP (the baseline commit's auth/begin still redirects).
    await signInOverHttp(authUrl, acme.users.ana.email, consentOverHttp, {
      apiUrl,
      acceptRedirectingBegin: true,
    });
    // The same user's token for the direct calls (the admin shortcut skips the consent page).
    const issued = await http('POST', `${sandboxUrl}/__admin/tokens`, {
      body: { client_id: acme.clientId, email: acme.users.ana.email },
    });
    tokens.push(issued.access_token);
  }
  return { dealId: acme.deals.implantacao.id, tokens, identity };
}

/** The api of `ref` (git archive), beside this checkout's node_modules; its folder. */
function extractApi(ref) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-baseline-'));
  archiveRef(ref, dir, ['apps/api', 'libs', 'tsconfig.base.json', 'tsconfig.json']);
  linkRefModules(ref, dir);
  return dir;
}

// ---- measuring ----

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** autocannon rounds latencies to whole ms; its 'response' events carry the exact duration. */
async function load(url, headersFor, durationS, connections) {
  let next = 0;
  const samples = [];
  const instance = autocannon({
    url,
    connections,
    duration: durationS,
    setupClient: (client) => client.setHeaders(headersFor(next++ % connections)),
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) samples.push(ms);
  });
  const result = await instance;
  if (result.non2xx || result.errors || result.timeouts)
    throw new Error(
      `${url}: ${result.non2xx} respostas não-2xx, ${result.errors} erros, ${result.timeouts} timeouts`,
    );
  samples.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 100) / 100;
  return {
    p50Ms: round(percentile(samples, 50)),
    p99Ms: round(percentile(samples, 99)),
    requestsPerSecond: Math.round(result.requests.average),
    requests: samples.length,
  };
}

/**
 * A line: warm-up, then the measured load. With `server` (the child that answers), also its CPU
 * time per request over the measured load, in ms: what latency under a busy machine blurs (the
 * other processes' turns on the cores count in a latency, never in this figure).
 */
async function measure(url, headersFor, connections = CONNECTIONS, server = null) {
  await load(url, headersFor, WARMUP_S, connections);
  const cpuBefore = server ? await server.cpuMs() : 0;
  const result = await load(url, headersFor, DURATION_S, connections);
  if (!server) return result;
  const cpuMsPerRequest = ((await server.cpuMs()) - cpuBefore) / result.requests;
  return { ...result, cpuMsPerRequest: Math.round(cpuMsPerRequest * 1000) / 1000 };
}

/**
 * One GET over `agent` (kept alive, one socket): its duration in ms from the request's start to
 * the answer's last byte, its bytes, and the socket it went over. Every target of the paired
 * line is read by this same code, its answer read whole.
 */
function timedGet(agent, url, headers) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http_.get(url, { agent, headers }, (answer) => {
      let bytes = 0;
      answer.on('data', (chunk) => {
        bytes += chunk.length;
      });
      answer.once('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (answer.statusCode !== 200) reject(new Error(`${url}: ${answer.statusCode}`));
        else resolve({ ms, bytes, socket: request.socket });
      });
      answer.once('error', reject);
    });
    request.once('error', reject);
  });
}

/**
 * A paired line (what the api "adds", 1 connection): one keep-alive client per target,
 * requests taken in turn — e.g. direct, api, then the next round starting one target later, so
 * each target stands in each place of the round equally — one request at a time.
 * Whatever the machine does (another process's burst, a CPU's frequency, the sandbox's garbage
 * collector) falls on every target alike within a few ms, where separate 5 s lines each got their
 * own slice of the machine's mood (±1 ms between lines on this VM). `targets[0]` is the direct
 * call the others are compared with. Also the CPU per request of each target's own process over
 * the measured rounds (the sandbox's is shared by every target: not read).
 */
async function measurePaired(targets, rounds = PAIRED_ROUNDS, warmupRounds = PAIRED_WARMUP_ROUNDS) {
  const agents = targets.map(() => new http_.Agent({ keepAlive: true, maxSockets: 1 }));
  const samples = targets.map(() => []);
  const bytes = targets.map(() => new Set());
  const sockets = targets.map(() => new Set());
  let cpuBefore = [];
  try {
    for (let round = 0; round < warmupRounds + rounds; round += 1) {
      if (round === warmupRounds) {
        cpuBefore = await Promise.all(targets.map((t) => (t.server ? t.server.cpuMs() : 0)));
        for (const set of sockets) set.clear();
      }
      for (let k = 0; k < targets.length; k += 1) {
        const index = (round + k) % targets.length;
        const target = targets[index];
        const answer = await timedGet(agents[index], target.url, target.headers);
        if (round < warmupRounds) continue;
        samples[index].push(answer.ms);
        bytes[index].add(answer.bytes);
        sockets[index].add(answer.socket);
      }
    }
    const cpuAfter = await Promise.all(targets.map((t) => (t.server ? t.server.cpuMs() : 0)));
    const round = (ms) => Math.round(ms * 100) / 100;
    const direct = samples[0];
    return Object.fromEntries(
      targets.map((target, index) => {
        const sorted = [...samples[index]].sort((a, b) => a - b);
        // Round by round, this target's time less the direct call's of the same round.
        const differences = samples[index].map((ms, r) => ms - direct[r]).sort((a, b) => a - b);
        return [
          target.name,
          {
            p50Ms: round(percentile(sorted, 50)),
            p90Ms: round(percentile(sorted, 90)),
            p99Ms: round(percentile(sorted, 99)),
            requests: sorted.length,
            bytes: [...bytes[index]].sort((a, b) => a - b).join('/'),
            sockets: sockets[index].size,
            medianPairedDifferenceMs: round(percentile(differences, 50)),
            ...(target.server
              ? {
                  cpuMsPerRequest:
                    Math.round(((cpuAfter[index] - cpuBefore[index]) / rounds) * 1000) / 1000,
                }
              : {}),
          },
        ];
      }),
    );
  } finally {
    for (const agent of agents) agent.destroy();
  }
}

/** A line left out by BENCH_ONLY. */
const NOT_MEASURED = {
  p50Ms: NaN,
  p99Ms: NaN,
  requestsPerSecond: NaN,
  requests: 0,
  cpuMsPerRequest: NaN,
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The median of each figure over the runs of one line (each run kept in `runs`). */
const medianOf = (runs) => ({
  p50Ms: Math.round(median(runs.map((r) => r.p50Ms)) * 100) / 100,
  p99Ms: Math.round(median(runs.map((r) => r.p99Ms)) * 100) / 100,
  requestsPerSecond: Math.round(median(runs.map((r) => r.requestsPerSecond))),
  requests: Math.round(median(runs.map((r) => r.requests))),
  ...(runs[0].cpuMsPerRequest === undefined
    ? {}
    : { cpuMsPerRequest: Math.round(median(runs.map((r) => r.cpuMsPerRequest)) * 1000) / 1000 }),
  runs,
});

/** A paired line left out by BENCH_ONLY: each of its targets unmeasured. */
const pairedNotMeasured = (names) =>
  Object.fromEntries(
    names.map((name) => [
      name,
      {
        p50Ms: NaN,
        p90Ms: NaN,
        p99Ms: NaN,
        requests: 0,
        bytes: '',
        sockets: 0,
        medianPairedDifferenceMs: NaN,
      },
    ]),
  );

/** The line that pairs one target with the direct call: `api` → `pairedApi`. */
const pairLine = (name) => `paired${name[0].toUpperCase()}${name.slice(1)}`;

/** The median of each figure of each target over the paired line's runs (each run kept). */
function pairedMedianOf(runs) {
  const figure = (name, key, digits) => {
    const values = runs.map((run) => run[name][key]);
    return values.some((value) => value === undefined)
      ? {}
      : { [key]: Math.round(median(values) * 10 ** digits) / 10 ** digits };
  };
  const targets = Object.fromEntries(
    Object.keys(runs[0]).map((name) => [
      name,
      {
        ...figure(name, 'p50Ms', 2),
        ...figure(name, 'p90Ms', 2),
        ...figure(name, 'p99Ms', 2),
        ...figure(name, 'medianPairedDifferenceMs', 2),
        ...figure(name, 'cpuMsPerRequest', 3),
        requests: runs[0][name].requests,
        bytes: runs[0][name].bytes,
        sockets: Math.max(...runs.map((run) => run[name].sockets)),
      },
    ]),
  );
  return { ...targets, runs };
}

const ratio = (api, direct) => ({
  p50: Math.round((api.p50Ms / direct.p50Ms) * 100) / 100,
  p99: Math.round((api.p99Ms / direct.p99Ms) * 100) / 100,
  requestsPerSecond: Math.round((api.requestsPerSecond / direct.requestsPerSecond) * 100) / 100,
});

async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-latency-'));
  const baselineRef = process.env.BENCH_BASELINE_REF;
  const baselineRoot = baselineRef ? extractApi(baselineRef) : null;
  const children = [];
  try {
    const sandbox = startChild('crm-sandbox');
    children.push(sandbox);
    const sandboxUrl = await sandbox.ready;
    // The sandbox counts 120 requests per minute per CRM account (its strict reading of RD): lifted for the bench.
    await http('PUT', `${sandboxUrl}/__admin/knobs`, {
      body: { rateLimitPerMinute: UNLIMITED, latencyMs: 0, errorRate: 0 },
    });
    const apiEnv = (dir, extra = {}) => ({
      PORT: '0',
      DATA_DIR: dir,
      TENANTS_FILE: writeTenantsFile(dir),
      LOG_LEVEL: 'info',
      CRM_BASE_URL: `${sandboxUrl}/crm/v2`,
      CRM_AUTHORIZE_URL: `${sandboxUrl}/oauth/authorize`,
      CRM_TOKEN_URL: `${sandboxUrl}/oauth2/token`,
      CRM_V1_BASE_URL: `${sandboxUrl}/api/v1`,
      ...extra,
    });
    const api = startChild('api', apiEnv(dataDir));
    children.push(api);
    const apiUrl = await api.ready;
    const { dealId, tokens, identity } = await setUpTenant(apiUrl, sandboxUrl);
    let baseline = null;
    if (baselineRoot) {
      const baselineData = path.join(dataDir, 'baseline');
      fs.mkdirSync(baselineData);
      const child = startChild('api', apiEnv(baselineData, { BENCH_API_ROOT: baselineRoot }));
      children.push(child);
      const url = await child.ready;
      baseline = { url, child, identity: (await setUpTenant(url, sandboxUrl)).identity };
    }
    const minimal = startChild('minimal');
    children.push(minimal);
    const minimalUrl = await minimal.ready;
    const minimalProxy = startChild('minimal-proxy', { BENCH_CRM_URL: sandboxUrl });
    children.push(minimalProxy);
    const minimalProxyUrl = await minimalProxy.ready;
    const relay = startChild('relay', { BENCH_CRM_URL: sandboxUrl });
    children.push(relay);
    const relayUrl = await relay.ready;

    const bearer = (i) => ({ authorization: `Bearer ${tokens[i]}`, accept: 'application/json' });
    const none = () => ({});
    // The paired lines' targets: the same user (0) everywhere, the sandbox's token or that user's
    // panel session.
    const directTarget = {
      name: 'direct',
      url: `${sandboxUrl}/crm/v2/deals/${dealId}`,
      headers: bearer(0),
    };
    const pairedTargets = [
      {
        name: 'api',
        url: `${apiUrl}/api/rdstation/deals/${dealId}`,
        headers: identity(0),
        server: api,
      },
      {
        name: 'minimalProxy',
        url: `${minimalProxyUrl}/crm/v2/deals/${dealId}`,
        headers: bearer(0),
        server: minimalProxy,
      },
      {
        name: 'relay',
        url: `${relayUrl}/crm/v2/deals/${dealId}`,
        headers: bearer(0),
        server: relay,
      },
      // BENCH_BASELINE_REF: that commit's api, its before and after.
      ...(baseline
        ? [
            {
              name: 'baseline',
              url: `${baseline.url}/api/rdstation/deals/${dealId}`,
              headers: baseline.identity(0),
              server: baseline.child,
            },
          ]
        : []),
    ];
    // Each target with the direct call alone (the target's figure and its floors), and all of
    // them in the same rounds, as the bench first measured them (information).
    const pairedLines = Object.fromEntries([
      ...pairedTargets.map((target) => [pairLine(target.name), [directTarget, target]]),
      ['pairedAll', [directTarget, ...pairedTargets]],
    ]);
    const lines = {
      directDeal: () =>
        measure(`${sandboxUrl}/crm/v2/deals/${dealId}`, bearer, CONNECTIONS, sandbox),
      apiDeal: () => measure(`${apiUrl}/api/rdstation/deals/${dealId}`, identity, CONNECTIONS, api),
      directPipelines: () => measure(`${sandboxUrl}/crm/v2/pipelines`, bearer),
      apiPipelines: () => measure(`${apiUrl}/api/rdstation/pipelines`, identity, CONNECTIONS, api),
      minimal: () => measure(`${minimalUrl}/hello`, none, CONNECTIONS, minimal),
      directDealOne: () => measure(`${sandboxUrl}/crm/v2/deals/${dealId}`, bearer, 1, sandbox),
      apiDealOne: () => measure(`${apiUrl}/api/rdstation/deals/${dealId}`, identity, 1, api),
      minimalProxyDeal: () =>
        measure(`${minimalProxyUrl}/crm/v2/deals/${dealId}`, bearer, CONNECTIONS, minimalProxy),
      minimalProxyDealOne: () =>
        measure(`${minimalProxyUrl}/crm/v2/deals/${dealId}`, bearer, 1, minimalProxy),
      ...Object.fromEntries(
        Object.entries(pairedLines).map(([name, targets]) => [name, () => measurePaired(targets)]),
      ),
      ...(baseline
        ? {
            baselineDeal: () =>
              measure(
                `${baseline.url}/api/rdstation/deals/${dealId}`,
                baseline.identity,
                CONNECTIONS,
                baseline.child,
              ),
            baselinePipelines: () =>
              measure(
                `${baseline.url}/api/rdstation/pipelines`,
                baseline.identity,
                CONNECTIONS,
                baseline.child,
              ),
            baselineDealOne: () =>
              measure(
                `${baseline.url}/api/rdstation/deals/${dealId}`,
                baseline.identity,
                1,
                baseline.child,
              ),
          }
        : {}),
    };
    const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
    if (only)
      for (const name of Object.keys(lines))
        if (!only.includes(name))
          lines[name] = async () =>
            pairedLines[name]
              ? pairedNotMeasured(pairedLines[name].map((target) => target.name))
              : NOT_MEASURED;
    const samples = Object.fromEntries(Object.keys(lines).map((name) => [name, []]));
    for (let runIndex = 0; runIndex < RUNS; runIndex += 1)
      for (const [name, line] of Object.entries(lines)) samples[name].push(await line());
    const m = Object.fromEntries(
      Object.entries(samples)
        .filter(([name]) => !pairedLines[name])
        .map(([name, runs]) => [name, medianOf(runs)]),
    );
    // pairs.api: the api's own line, { direct, api, runs }; shared: every target in one line.
    const pairs = Object.fromEntries(
      pairedTargets.map(({ name }) => [name, pairedMedianOf(samples[pairLine(name)])]),
    );
    const shared = pairedMedianOf(samples.pairedAll);

    const round2 = (value) => Math.round(value * 100) / 100;
    const uncachedRatio = ratio(m.apiDeal, m.directDeal);
    const cachedRatio = ratio(m.apiPipelines, m.directPipelines);
    const minimalRatio = ratio(m.apiPipelines, m.minimal);
    const addedP50Ms = round2(m.apiDeal.p50Ms - m.directDeal.p50Ms);
    const addedP50OneMs = round2(m.apiDealOne.p50Ms - m.directDealOne.p50Ms);
    const proxyAddedP50Ms = round2(m.minimalProxyDeal.p50Ms - m.directDeal.p50Ms);
    const proxyAddedP50OneMs = round2(m.minimalProxyDealOne.p50Ms - m.directDealOne.p50Ms);
    const before = m.baselinePipelines
      ? {
          requestsPerSecond: m.baselinePipelines.requestsPerSecond,
          p50Ms: m.baselinePipelines.p50Ms,
          source: `${baselineRef}, measured in this run`,
        }
      : README_BEFORE;
    const cachedTimesBefore = round2(m.apiPipelines.requestsPerSecond / before.requestsPerSecond);
    // The target's figure: the api's paired line (a call's added latency, one call at a time, the
    // api and the direct call alternated in the same rounds). The autocannon figures and the
    // shared rounds stay beside it as information.
    const pairedAdds = (name) => round2(pairs[name][name].p50Ms - pairs[name].direct.p50Ms);
    const sharedAdds = (name) => round2(shared[name].p50Ms - shared.direct.p50Ms);
    const addedPairedMs = pairedAdds('api');
    const targets = {
      addedP50OneConnection: {
        targetMs: TARGET_ADDED_P50_MS,
        measuredMs: addedPairedMs,
        method:
          'paired: p50(api) − p50(direct), the two alternated in their own rounds, 1 connection each',
        met: addedPairedMs <= TARGET_ADDED_P50_MS,
      },
      cachedRate: {
        target: `≥ ${TARGET_CACHED_TIMES} × ${before.requestsPerSecond} req/s (${before.source})`,
        targetRequestsPerSecond: TARGET_CACHED_TIMES * before.requestsPerSecond,
        measuredRequestsPerSecond: m.apiPipelines.requestsPerSecond,
        timesBefore: cachedTimesBefore,
        met: cachedTimesBefore >= TARGET_CACHED_TIMES,
      },
    };
    const information = {
      addedP50TenConnectionsMs: addedP50Ms,
      minimalProxyAddedP50TenConnectionsMs: proxyAddedP50Ms,
      addedP50OneConnectionSeparateLinesMs: addedP50OneMs,
      minimalProxyAddedP50OneConnectionSeparateLinesMs: proxyAddedP50OneMs,
    };
    const cpu = (x) =>
      x.cpuMsPerRequest === undefined ? '' : ` · CPU ${x.cpuMsPerRequest} ms/req`;
    const cell = (x) => `p50 ${x.p50Ms} · p99 ${x.p99Ms} · ${x.requestsPerSecond} req/s${cpu(x)}`;
    const pairedCell = (x) =>
      `p50 ${x.p50Ms} · p90 ${x.p90Ms} · p99 ${x.p99Ms} · ${x.requests} req · ${x.bytes} B each · ${x.sockets} socket(s)${cpu(x)}`;
    const pairedAddsCell = (name) =>
      `${pairedAdds(name)} ms (${pairs[name][name].p50Ms} − ${pairs[name].direct.p50Ms}; median of the round-by-round differences ${pairs[name][name].medianPairedDifferenceMs} ms)`;
    const pairRows = (name, label) => [
      [`paired, 1 connection: ${label}`, pairedCell(pairs[name][name])],
      ['  the sandbox direct in the same rounds', pairedCell(pairs[name].direct)],
    ];
    const sharedNames = pairedTargets.map((target) => target.name);
    const times = (r) => `p50 ×${r.p50} · p99 ×${r.p99} · req/s ×${r.requestsPerSecond}`;
    const verdict = (met) => (met ? 'met' : 'NOT met');
    const rows = [
      ['sandbox direct: GET /crm/v2/deals/{id}', cell(m.directDeal)],
      ['api uncached: GET /api/rdstation/deals/{id}', cell(m.apiDeal)],
      ['  api ÷ sandbox (uncached)', times(uncachedRatio)],
      ['minimal Fastify proxy: same deal', cell(m.minimalProxyDeal)],
      ...(m.baselineDeal ? [[`  ${baselineRef} (before): same call`, cell(m.baselineDeal)]] : []),
      ['sandbox direct: GET /crm/v2/pipelines', cell(m.directPipelines)],
      ['api cached (60 s): GET /api/rdstation/pipelines', cell(m.apiPipelines)],
      ['  api ÷ sandbox (cached)', times(cachedRatio)],
      ...(m.baselinePipelines
        ? [[`  ${baselineRef} (before): same call`, cell(m.baselinePipelines)]]
        : []),
      ['minimal Fastify: GET /hello (one small JSON)', cell(m.minimal)],
      ['  api cached ÷ minimal Fastify', times(minimalRatio)],
      ['1 connection: sandbox direct deal', cell(m.directDealOne)],
      ['1 connection: api uncached deal', cell(m.apiDealOne)],
      ['1 connection: minimal Fastify proxy, same deal', cell(m.minimalProxyDealOne)],
      ...(m.baselineDealOne
        ? [[`  ${baselineRef} (before): same call`, cell(m.baselineDealOne)]]
        : []),
      ...pairRows('api', 'api uncached deal'),
      ...pairRows('minimalProxy', 'minimal Fastify proxy, same deal'),
      ...pairRows('relay', 'raw TCP relay (no HTTP work), same deal'),
      [
        `target: api adds ≤ ${TARGET_ADDED_P50_MS} ms p50 (paired, 1 connection)`,
        `${pairedAddsCell('api')}: ${verdict(targets.addedP50OneConnection.met)}`,
      ],
      [
        '  floor: a minimal Fastify proxy adds (paired)',
        `${pairedAddsCell('minimalProxy')}; the api adds ${round2(pairedAdds('api') - pairedAdds('minimalProxy'))} ms over it`,
      ],
      ['  floor: a raw TCP relay adds (paired)', pairedAddsCell('relay')],
      ...(pairs.baseline
        ? [
            ...pairRows('baseline', `${baselineRef} (before), same deal`),
            [`  ${baselineRef} (before) adds (paired)`, pairedAddsCell('baseline')],
          ]
        : []),
      [
        'info: all targets in the same rounds, adds',
        `${sharedNames.map((name) => `${name} ${sharedAdds(name)} ms`).join(' · ')} (direct p50 ${shared.direct.p50Ms} ms; ${sharedNames.map((name) => `${name} p50 ${shared[name].p50Ms}`).join(' · ')})`,
      ],
      [
        `info: api adds at ${CONNECTIONS} connections (calls queue on the cores)`,
        `${addedP50Ms} ms (${m.apiDeal.p50Ms} − ${m.directDeal.p50Ms})`,
      ],
      [
        `  a minimal proxy adds (${CONNECTIONS} connections)`,
        `${proxyAddedP50Ms} ms (${m.minimalProxyDeal.p50Ms} − ${m.directDeal.p50Ms}); the api adds ${round2(m.apiDeal.p50Ms - m.minimalProxyDeal.p50Ms)} ms over it`,
      ],
      [
        'info: api adds at 1 connection, separate lines',
        `${addedP50OneMs} ms (${m.apiDealOne.p50Ms} − ${m.directDealOne.p50Ms}); each line its own 5 s, ±1 ms between runs here`,
      ],
      [
        '  a minimal proxy adds (1 connection, separate lines)',
        `${proxyAddedP50OneMs} ms (${m.minimalProxyDealOne.p50Ms} − ${m.directDealOne.p50Ms})`,
      ],
      [
        `target: cached GET ≥ ${TARGET_CACHED_TIMES}× before`,
        `${m.apiPipelines.requestsPerSecond} req/s = ${cachedTimesBefore}× ${before.requestsPerSecond} req/s (${before.source}): ${verdict(targets.cachedRate.met)}`,
      ],
      [
        'load',
        `autocannon, ${CONNECTIONS} connections (one user and token each) unless marked, ${WARMUP_S} s warm-up + ${DURATION_S} s per line, median of ${RUNS} run(s) taken in turn, loopback, ${os.cpus().length} CPUs shared by load, api, sandbox and minimal route`,
      ],
      [
        'paired line',
        `one Node http client, one kept-alive socket per target, user 0 everywhere; each target in its own line with the direct call, rounds of one GET each in turn (each round starts with the other), one request at a time, answers read whole; ${PAIRED_WARMUP_ROUNDS} rounds warm-up + ${PAIRED_ROUNDS} measured; p50 of each side over the same rounds; median of ${RUNS} run(s)`,
      ],
      [
        'rate limits lifted',
        `sandbox rateLimitPerMinute=${UNLIMITED} (PUT /__admin/knobs); api crm.maxRequestsPerMinute=${UNLIMITED} (both 120/min per CRM account otherwise)`,
      ],
    ];
    return {
      name: 'api-latency',
      unit: 'ms (latency), requests/s',
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      runs: RUNS,
      baselineRef: baselineRef ?? null,
      sandboxDirect: {
        deal: m.directDeal,
        pipelines: m.directPipelines,
        dealOneConnection: m.directDealOne,
      },
      api: {
        uncachedDeal: m.apiDeal,
        cachedPipelines: m.apiPipelines,
        uncachedDealOneConnection: m.apiDealOne,
      },
      minimalFastify: m.minimal,
      paired: {
        rounds: PAIRED_ROUNDS,
        warmupRounds: PAIRED_WARMUP_ROUNDS,
        method: 'each target alternated with the direct call in its own rounds',
        ...pairs,
        addedP50Ms: Object.fromEntries(Object.keys(pairs).map((name) => [name, pairedAdds(name)])),
        sharedRounds: {
          method: 'every target in the same rounds',
          ...shared,
          addedP50Ms: Object.fromEntries(sharedNames.map((name) => [name, sharedAdds(name)])),
        },
      },
      minimalProxy: {
        deal: m.minimalProxyDeal,
        addedP50Ms: proxyAddedP50Ms,
        dealOneConnection: m.minimalProxyDealOne,
        addedP50OneConnectionMs: proxyAddedP50OneMs,
      },
      ...(m.baselineDeal
        ? {
            baseline: {
              uncachedDeal: m.baselineDeal,
              cachedPipelines: m.baselinePipelines,
              uncachedDealOneConnection: m.baselineDealOne,
            },
          }
        : {}),
      ratios: { uncached: uncachedRatio, cached: cachedRatio, cachedToMinimal: minimalRatio },
      targets,
      information,
      rows,
    };
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (baselineRoot) fs.rmSync(baselineRoot, { recursive: true, force: true });
  }
}

if (require.main === module) {
  serveChild(process.argv[2]).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

module.exports = { run, extractApi, startSandboxServer, spawnBenchChild };
