// Latency and throughput of the api's CRM proxy (issue 5, point 12), side by side with the same
// call made to the crm-sandbox directly: an uncached GET (a deal) and a cached one (pipelines,
// reference data kept 60 s per tenant). The sandbox and the api run as child processes on free
// loopback ports; autocannon drives them from this process.
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const autocannon = require('autocannon');
const { require: tsxRequire } = require('tsx/cjs/api');

const root = path.resolve(__dirname, '..');
const CONNECTIONS = 10;
const DURATION_S = 5;
const WARMUP_S = 1;
/** High enough that no limiter ever waits during a run (the real CRM allows 120/min per account). */
const UNLIMITED = 10_000_000;
const TENANT = 'bench-tenant';
const SECURITY_PASSWORD = 'bench-senha-123';

// ---- child processes (run as `node bench/api-latency.js <role>`) ----

async function serveChild(role) {
  let server;
  if (role === 'crm-sandbox') {
    const { startSandbox } = tsxRequire('../tools/crm-sandbox/src/index.ts', __filename);
    server = await startSandbox({ port: 0, host: '127.0.0.1' });
  } else if (role === 'api') {
    // The configuration of `npm start` (configFromEnv), with the CRM client's own limit lifted.
    const { startApi } = tsxRequire('../apps/api/src/app.ts', __filename);
    const { configFromEnv } = tsxRequire('../apps/api/src/config.ts', __filename);
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
  process.send({ url: server.url });
}

function startChild(role, env = {}) {
  const child = spawn(process.execPath, [__filename, role], {
    cwd: root,
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json'), ...env },
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
  return { ready, stop };
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

/** Each bench user's panel session (a browser of a tenant whose host signs nothing). */
const panelTokens = [];
const identity = (i) => ({
  'x-user-id': `bench-user-${i}`,
  'x-system-key': TENANT,
  ...(panelTokens[i] ? { authorization: `Bearer ${panelTokens[i]}` } : {}),
});

/** The operator's tenants file: the bench tenant, whose host signs nothing. */
function writeTenantsFile(dataDir) {
  const file = path.join(dataDir, 'tenants.json');
  fs.writeFileSync(file, JSON.stringify({ issuers: [], tenants: [{ systemKey: TENANT }] }));
  return file;
}

/** The sign-in window: auth/begin (its cookie) → consent → our callback with that cookie. */
async function signInWindow(apiUrl, authUrl, email, consentOverHttp) {
  const begin = new URL(authUrl);
  const opened = await fetch(`${apiUrl}${begin.pathname}${begin.search}`, { redirect: 'manual' });
  const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0];
  const callback = await consentOverHttp(String(opened.headers.get('location')), email);
  const answer = await fetch(`${apiUrl}${callback.pathname}${callback.search}`, {
    headers: { cookie },
  });
  if (answer.status !== 200) throw new Error(`callback ${answer.status}`);
}

/**
 * One tenant, CONNECTIONS users each with their own CRM session (the sequence of
 * apps/e2e/src/support/apiSetup.ts): terms, credentials, OAuth consent over HTTP.
 */
async function setUpTenant(apiUrl, sandboxUrl) {
  const { WELL_KNOWN } = tsxRequire('../tools/crm-sandbox/src/seed/fixtures.ts', __filename);
  const { consentOverHttp } = tsxRequire('../tools/crm-sandbox/src/testing/consent.ts', __filename);
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
    },
  });
  const tokens = [];
  for (let i = 0; i < CONNECTIONS; i += 1) {
    const { authUrl } = await http('GET', `${apiUrl}/api/rdstation/auth/start`, {
      headers: identity(i),
    });
    await signInWindow(apiUrl, authUrl, acme.users.ana.email, consentOverHttp);
    // The same user's token for the direct calls (the admin shortcut skips the consent page).
    const issued = await http('POST', `${sandboxUrl}/__admin/tokens`, {
      body: { client_id: acme.clientId, email: acme.users.ana.email },
    });
    tokens.push(issued.access_token);
  }
  return { dealId: acme.deals.implantacao.id, tokens };
}

// ---- measuring ----

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** autocannon rounds latencies to whole ms; its 'response' events carry the exact duration. */
async function load(url, headersFor, durationS) {
  let next = 0;
  const samples = [];
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: durationS,
    setupClient: (client) => client.setHeaders(headersFor(next++ % CONNECTIONS)),
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

async function measure(url, headersFor) {
  await load(url, headersFor, WARMUP_S);
  return load(url, headersFor, DURATION_S);
}

const ratio = (api, direct) => ({
  p50: Math.round((api.p50Ms / direct.p50Ms) * 100) / 100,
  p99: Math.round((api.p99Ms / direct.p99Ms) * 100) / 100,
  requestsPerSecond: Math.round((api.requestsPerSecond / direct.requestsPerSecond) * 100) / 100,
});

async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-latency-'));
  const children = [];
  try {
    const sandbox = startChild('crm-sandbox');
    children.push(sandbox);
    const sandboxUrl = await sandbox.ready;
    // The sandbox counts 120 requests per minute per CRM account (its strict reading of RD): lifted for the bench.
    await http('PUT', `${sandboxUrl}/__admin/knobs`, {
      body: { rateLimitPerMinute: UNLIMITED, latencyMs: 0, errorRate: 0 },
    });
    const api = startChild('api', {
      PORT: '0',
      DATA_DIR: dataDir,
      TENANTS_FILE: writeTenantsFile(dataDir),
      LOG_LEVEL: 'info',
      CRM_BASE_URL: `${sandboxUrl}/crm/v2`,
      CRM_AUTHORIZE_URL: `${sandboxUrl}/oauth/authorize`,
      CRM_TOKEN_URL: `${sandboxUrl}/oauth2/token`,
      CRM_V1_BASE_URL: `${sandboxUrl}/api/v1`,
    });
    children.push(api);
    const apiUrl = await api.ready;
    const { dealId, tokens } = await setUpTenant(apiUrl, sandboxUrl);

    const bearer = (i) => ({ authorization: `Bearer ${tokens[i]}`, accept: 'application/json' });
    const directDeal = await measure(`${sandboxUrl}/crm/v2/deals/${dealId}`, bearer);
    const apiDeal = await measure(`${apiUrl}/api/rdstation/deals/${dealId}`, identity);
    const directPipelines = await measure(`${sandboxUrl}/crm/v2/pipelines`, bearer);
    const apiPipelines = await measure(`${apiUrl}/api/rdstation/pipelines`, identity);

    const uncachedRatio = ratio(apiDeal, directDeal);
    const cachedRatio = ratio(apiPipelines, directPipelines);
    const cell = (m) => `p50 ${m.p50Ms} · p99 ${m.p99Ms} · ${m.requestsPerSecond} req/s`;
    const times = (r) => `p50 ×${r.p50} · p99 ×${r.p99} · req/s ×${r.requestsPerSecond}`;
    const rows = [
      ['sandbox direct: GET /crm/v2/deals/{id}', cell(directDeal)],
      ['api uncached: GET /api/rdstation/deals/{id}', cell(apiDeal)],
      ['  api ÷ sandbox (uncached)', times(uncachedRatio)],
      ['sandbox direct: GET /crm/v2/pipelines', cell(directPipelines)],
      ['api cached (60 s): GET /api/rdstation/pipelines', cell(apiPipelines)],
      ['  api ÷ sandbox (cached)', times(cachedRatio)],
      [
        'load',
        `autocannon, ${CONNECTIONS} connections (one user and token each), ${WARMUP_S} s warm-up + ${DURATION_S} s per line, loopback, ${os.cpus().length} CPUs shared by load, api and sandbox`,
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
      sandboxDirect: { deal: directDeal, pipelines: directPipelines },
      api: { uncachedDeal: apiDeal, cachedPipelines: apiPipelines },
      ratios: { uncached: uncachedRatio, cached: cachedRatio },
      rows,
    };
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  serveChild(process.argv[2]).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

module.exports = { run };
