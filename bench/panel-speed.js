// Panel speed, measured as an attendant lives it, in headless Chromium through host-sim, with the
// CRM sandbox adding 150 ms to every CRM request:
//  a) panel ready: from the host's attendance-open event (the click on Mariana's attendance) to
//     the deal's 'Geral' tab interactive, ours against a baseline that makes the calls one after
//     another (the same build; the bench alone holds each api request until the previous one is
//     answered, with a Playwright route: the product knows nothing of it); requests panel → api and
//     api → CRM on that path; CRM round trips on the critical path estimated as ready / 150 ms;
//  b) switching back to a chat already seen: ready from cache, requests on the way back;
//  c) bytes: gzipped JS a browser downloads to show the main panel, against a React + ReactDOM
//     page that renders one line (the floor).
/* global window, document, location, MutationObserver -- in-page code of the probes */
const fs = require('fs');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const { spawn } = require('child_process');
const { chromium } = require('playwright-core');
const tsx = require('tsx/cjs/api');
const { startStack, portsWithOffset, waitForHttp, FRONTENDS } = require('../tools/scripts/stack');
const { root, workspaceEnv } = require('../tools/scripts/env');
const { floorBytes } = require('../tools/scripts/bundleBytes');
const { CHROMIUM_ARGS, CHROMIUM_PATH } = require('../tools/scripts/chromium');

const { WELL_KNOWN } = tsx.require('../tools/crm-sandbox/src/seed/fixtures.ts', __filename);
const { consentOverHttp } = tsx.require('../tools/crm-sandbox/src/testing/consent.ts', __filename);
const { signInOverHttp } = tsx.require('../apps/api/src/testing/signInOverHttp.ts', __filename);

const ACME = WELL_KNOWN.account1;
const ANA = { userId: 'user-ana', systemKey: 'tenant-acme' };
const MARIANA = { attendance: 'Mariana Costa', hostContact: 'contato-mariana' };
// João's chat, linked to Rafael Souza (his phone's CRM contact): "another chat" for b).
const JOAO = { attendance: 'João Pereira', hostContact: 'contato-joao' };
const CRM_LATENCY_MS = 150;
// What the main panel renders for a linked chat on its 'Geral' tab (apps/shell ChatPanel).
const MAIN_PANEL_MODULES = ['contacts/ContactHeader', 'deal/DealToolbar', 'deal/DealGeneralTab'];
const VARIANTS = ['ours', 'baseline', 'preloaded'];
// A cold api cache, ready within 1.5 CRM round trips of the click.
const TARGET_ROUND_TRIPS = 1.5;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SECURITY_PASSWORD = 'segredo-forte-123';

const gz = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => Math.round(bytes / 102.4) / 10;
const ms = (value) => Math.round(value);
const sleep = (time) => new Promise((resolve) => setTimeout(resolve, time));
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round1 = (value) => Math.round(value * 10) / 10;

// ---------------------------------------------------------------------------------------------
// Tenant setup over HTTP (as apps/e2e/src/support/apiSetup.ts does)

/** Ana's session, earned as her panel earns it: with host-sim's signed assertion. */
async function anaSession(ports) {
  const issued = await fetch(`http://127.0.0.1:${ports['host-sim']}/__host/assertion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: ANA.userId }),
  });
  const { assertion } = await issued.json();
  const started = await fetch(`http://127.0.0.1:${ports.api}/api/session`, {
    method: 'POST',
    headers: {
      'x-user-id': ANA.userId,
      'x-system-key': ANA.systemKey,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ assertion }),
  });
  const session = await started.json();
  if (started.status !== 201) throw new Error(`session: ${started.status}`);
  return session.token;
}

function apiCaller(ports) {
  let token;
  return async function callApi(method, apiPath, body) {
    token ??= await anaSession(ports);
    const response = await fetch(`http://127.0.0.1:${ports.api}${apiPath}`, {
      method,
      headers: {
        'x-user-id': ANA.userId,
        'x-system-key': ANA.systemKey,
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json = text ? JSON.parse(text) : {};
    if (response.status >= 300)
      throw new Error(`${method} ${apiPath}: ${response.status} ${text.slice(0, 300)}`);
    return json;
  };
}

async function readyTenant(ports) {
  const callApi = apiCaller(ports);
  await callApi('POST', '/api/rdstation/terms/accept', {});
  const status = await callApi('GET', '/api/rdstation/credentials/status');
  const redirectUri = status.data?.redirectUri ?? status.redirectUri;
  await callApi('POST', '/api/rdstation/credentials', {
    clientId: ACME.clientId,
    clientSecret: ACME.clientSecret,
    redirectUri,
    securityPassword: SECURITY_PASSWORD,
    confirmSecurityPassword: SECURITY_PASSWORD,
    defaultChatDomain: `http://localhost:${ports['host-sim']}`,
  });
  const start = await callApi('GET', '/api/rdstation/auth/start');
  const authUrl = start.data?.authUrl ?? start.authUrl;
  // The sign-in window, over HTTP (a baseline api's auth/begin may still redirect).
  await signInOverHttp(String(authUrl), ACME.users.ana.email, consentOverHttp, {
    acceptRedirectingBegin: true,
  });

  const link = async (hostContactId, crmContactId, dealId) => {
    await callApi('POST', '/api/rdstation/contact-mapping', {
      contactId: hostContactId,
      rdstationContactId: crmContactId,
    });
    await callApi('POST', `/api/rdstation/contact/${crmContactId}/last-deal`, { dealId });
  };
  await link(MARIANA.hostContact, ACME.contact.id, ACME.deals.implantacao.id);
  await link(JOAO.hostContact, ACME.contactWithoutCountryCode.id, ACME.deals.perdida.id);

  const ownerName = async (dealId) => {
    const deal = (await callApi('GET', `/api/rdstation/deals/${dealId}`)).data.data;
    const user = (await callApi('GET', `/api/rdstation/users/${deal.owner_id}`)).data.data;
    return user.name;
  };
  return {
    marianaOwner: await ownerName(ACME.deals.implantacao.id),
    joaoOwner: await ownerName(ACME.deals.perdida.id),
  };
}

function sandboxAdmin(ports) {
  const base = `http://127.0.0.1:${ports['crm-sandbox']}/__admin`;
  const call = async (method, adminPath, body) => {
    const response = await fetch(`${base}${adminPath}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`sandbox ${adminPath}: ${response.status}`);
    return response.json();
  };
  return {
    stats: () => call('GET', '/stats'),
    knobs: (knobs) => call('PUT', '/knobs', knobs),
  };
}

const statsDelta = (before, after) => {
  const byPath = {};
  for (const [key, count] of Object.entries(after.byPath)) {
    const diff = count - (before.byPath[key] ?? 0);
    if (diff > 0) byPath[key] = diff;
  }
  return { requests: after.requests - before.requests, byPath };
};

// ---------------------------------------------------------------------------------------------
// host-sim, restarted on the stack's host-sim port with the panel URL of each variant (the shell
// accepts only that host origin)

function hostSimController(ports, shellUrl, keyFile) {
  let child = null;
  let current = null;
  async function stop() {
    if (!child) return;
    const exiting = child;
    child = null;
    current = null;
    if (exiting.exitCode === null) {
      const exited = new Promise((resolve) => exiting.once('exit', resolve));
      try {
        process.kill(-exiting.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
    }
  }
  async function use(variant) {
    if (current === variant) return;
    await stop();
    const panelUrl = shellUrl;
    child = spawn(process.execPath, [require.resolve('tsx/cli'), 'tools/host-sim/src/main.ts'], {
      cwd: root,
      env: workspaceEnv({
        PORT: String(ports['host-sim']),
        PANEL_URL: panelUrl,
        API_URL: `http://localhost:${ports.api}`,
        // One signing key across the variants' restarts (the api caches host-sim's JWKS).
        HOST_SIM_KEY_FILE: keyFile,
      }),
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
    await waitForHttp(`http://127.0.0.1:${ports['host-sim']}/health`, { child });
    current = variant;
  }
  return { use, stop };
}

// ---------------------------------------------------------------------------------------------
// In-page probes (run in every frame; each acts only in its own frame)

function installProbes({ shellPort, hostPort }) {
  const now = () => performance.timeOrigin + performance.now();
  if (location.port === String(hostPort)) {
    // The host emits attendanceOpen from its click handler: a capturing listener sees the click
    // just before it.
    window.__benchHost = { lastClickAt: null };
    document.addEventListener('click', () => (window.__benchHost.lastClickAt = now()), true);
    return;
  }
  if (location.port !== String(shellPort)) return;
  const state = { owner: null, previousHeading: null, previousTab: null, readyAt: null, marks: {} };
  // The probe runs after every mutation and every 5 ms inside the measured window: its tests read
  // text and attributes first and ask for layout (getClientRects) only of what already matches,
  // so it forces no layout the page would not do before the owner is in.
  const visible = (element) => element.isConnected && element.getClientRects().length > 0;
  const HEADINGS = 'h1, h2, h3, [role="heading"]';
  const headingText = (element) => element.textContent.trim() === 'Dados da negociação';
  /** The headings of this chat's deal card (the one shown before the switch does not count). */
  const headings = () =>
    [...document.querySelectorAll(HEADINGS)].filter(
      (element) => element !== state.previousHeading && headingText(element),
    );
  const ownerShown = () =>
    [...document.querySelectorAll('[role="combobox"]')].some((element) => {
      if ((element.value ?? element.textContent.trim()) !== state.owner) return false;
      const labels = (element.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent.trim() ?? '');
      return labels.some((label) => label.startsWith('Responsável')) && visible(element);
    });
  const generalTab = () => document.querySelector('[data-remote="deal/DealGeneralTab"]');
  const mark = (name) => {
    if (state.marks[name] === undefined) state.marks[name] = now();
  };
  // Milestones of the critical path: the tab's suspense fallback (remote code loading), the
  // remote's own content, the deal's card (shown waiting before the deal answers; ready is when
  // its owner is in).
  const milestones = () => {
    const tab = generalTab();
    if (!tab || tab === state.previousTab) return;
    if (tab.textContent.includes('Carregando Geral...')) mark('remoteFallback');
    else mark('remoteMounted');
  };
  const check = () => {
    if (state.owner === null || state.readyAt !== null) return;
    milestones();
    const found = headings();
    if (!found.length) return;
    mark('dealCard');
    if (!ownerShown() || !found.some(visible)) return;
    state.readyAt = now();
    state.resolveReady();
  };
  state.arm = (owner) => {
    state.owner = owner;
    // Outside the measured window: layout may be read here.
    state.previousHeading =
      [...document.querySelectorAll(HEADINGS)].find(
        (element) => headingText(element) && visible(element),
      ) ?? null;
    state.previousTab = generalTab();
    state.readyAt = null;
    state.marks = {};
    state.ready = new Promise((resolve) => (state.resolveReady = resolve));
  };
  window.__benchPanel = state;
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  // Input values change without a DOM mutation: a short poll covers them.
  setInterval(check, 5);
}

/** A browser context whose frames run the probes; its HTTP cache is shared by its pages. */
async function probedContext(browser, stack) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1100 } });
  await context.addInitScript(installProbes, {
    shellPort: stack.ports.shell,
    hostPort: stack.ports['host-sim'],
  });
  return context;
}

/**
 * The baseline's one-at-a-time api: each request to the api waits until the previous one has been
 * answered (FIFO), held by the bench's route, never by the product.
 */
async function sequentialApi(page, apiPort) {
  let tail = Promise.resolve();
  await page.route(
    (url) => url.port === String(apiPort),
    async (route) => {
      // The live stream (GET /api/events) stays open for the page's life: held in the queue it
      // would hold every request behind it until the panel's 10 s timeout. It is no load call.
      if (new URL(route.request().url()).pathname === '/api/events') {
        await route.continue().catch(() => undefined);
        return;
      }
      const previous = tail;
      let release = () => undefined;
      tail = new Promise((resolve) => (release = resolve));
      await previous;
      try {
        await route.fulfill({ response: await route.fetch() });
      } catch {
        await route.abort().catch(() => undefined);
      } finally {
        release();
      }
    },
  );
}

/** A fresh page (tab) on host-sim, the panel loaded and idle, with a log of its requests. */
async function openHostSim(context, stack, { beforeGoto } = {}) {
  const page = await context.newPage();
  await beforeGoto?.(page);
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const origins = new Map([
    [String(stack.ports.api), 'api'],
    ...FRONTENDS.map((name) => [String(stack.ports[name]), name]),
  ]);
  const log = [];
  const inFlight = new Set();
  page.on('request', (request) => {
    const url = new URL(request.url());
    const source = origins.get(url.port);
    // The live stream (GET /api/events) stays open for the page's life: not a request to time.
    if (!source || (source === 'api' && url.pathname === '/api/events')) return;
    log.push({ request, source, method: request.method(), url: request.url() });
    inFlight.add(request);
  });
  const settle = (request) => {
    inFlight.delete(request);
    const entry = log.find((e) => e.request === request);
    if (!entry) return;
    const timing = request.timing();
    entry.startAt = timing.startTime;
    entry.endAt = timing.responseEnd >= 0 ? timing.startTime + timing.responseEnd : Date.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  const quiet = async (calmMs = 500) => {
    const deadline = Date.now() + 30_000;
    let calmSince = Date.now();
    while (Date.now() - calmSince < calmMs) {
      if (inFlight.size > 0) calmSince = Date.now();
      if (Date.now() > deadline) throw new Error(`${inFlight.size} pedidos sem resposta`);
      await sleep(25);
    }
  };
  await page.goto(`${stack.url('host-sim')}/?usuario=user-ana&modo=global`);
  await page.getByRole('list', { name: 'Atendimentos' }).waitFor();
  const panelLocator = page.frameLocator('iframe[title="Painel CRM"]');
  await panelLocator.getByText('Nenhum contato selecionado').waitFor({ timeout: 30_000 });
  const shellPort = String(stack.ports.shell);
  const panelFrame = page.frames().find((frame) => new URL(frame.url()).port === shellPort);
  if (!panelFrame) throw new Error('painel não encontrado na página do host');
  await quiet();
  return { page, panelFrame, panelLocator, log, quiet, pageErrors, close: () => page.close() };
}

/**
 * Clicks an attendance and waits until the deal's general tab is interactive with `owner` in
 * 'Responsável'. Times come from the page clock (host click → panel DOM), not from this process.
 */
async function openChat(session, attendance, owner) {
  const { page, panelFrame, panelLocator } = session;
  await panelFrame.evaluate((name) => window.__benchPanel.arm(name), owner);
  const firstRequest = session.log.length;
  await page.getByRole('list', { name: 'Atendimentos' }).getByText(attendance).click();
  // Waits on the probe's own promise, not with waitForFunction: that compiles Playwright's
  // injected script (330 KB) in the panel's frame on first use, ~20 ms on the panel's thread
  // inside the measured window (seen in a Chromium trace). evaluate reuses the helper `arm` set up.
  await panelFrame.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('painel não ficou pronto em 30 s')),
          30_000,
        );
        window.__benchPanel.ready.then(() => resolve(clearTimeout(timer)));
      }),
  );
  const { readyAt, marks } = await panelFrame.evaluate(() => ({
    readyAt: window.__benchPanel.readyAt,
    marks: window.__benchPanel.marks,
  }));
  const clickAt = await page.evaluate(() => window.__benchHost.lastClickAt);
  // What the probe saw is what a person sees: check it the accessible way too.
  await panelLocator.getByRole('heading', { name: 'Dados da negociação' }).waitFor();
  const shown = await panelLocator.getByRole('combobox', { name: 'Responsável' }).inputValue();
  if (shown !== owner) throw new Error(`'Responsável' mostra '${shown}', esperado '${owner}'`);
  const milestonesMs = Object.fromEntries(
    Object.entries(marks).map(([name, at]) => [name, round1(at - clickAt)]),
  );
  return { clickAt, readyAt, readyMs: readyAt - clickAt, milestonesMs, firstRequest };
}

/** The requests of a window (api calls, or the frontends' files), relative to the click. */
function requestsOf(session, opened, sources = ['api']) {
  return session.log
    .slice(opened.firstRequest)
    .filter((entry) => entry.startAt !== undefined && sources.includes(entry.source))
    .map((entry) => ({
      call: `${entry.method} ${new URL(entry.url).pathname}`,
      source: entry.source,
      startMs: round1(entry.startAt - opened.clickAt),
      endMs: round1(entry.endAt - opened.clickAt),
      beforeReady: entry.startAt <= opened.readyAt,
      answeredBeforeReady: entry.endAt <= opened.readyAt,
    }));
}

/**
 * CRM round trips chained before ready, read off the waterfall: a call that took ≥ the CRM
 * latency went to the CRM; a call can only have waited for calls answered before it started.
 * The longest such chain ending at the last call answered before ready.
 */
function chainedCrmTrips(requests) {
  const answered = requests.filter((r) => r.answeredBeforeReady);
  const depth = new Map();
  const depthOf = (r) => {
    if (depth.has(r)) return depth.get(r);
    const own = r.endMs - r.startMs >= CRM_LATENCY_MS ? 1 : 0;
    const before = answered.filter((p) => p.endMs <= r.startMs).map(depthOf);
    const value = own + Math.max(0, ...before);
    depth.set(r, value);
    return value;
  };
  return Math.max(0, ...answered.map(depthOf));
}

// ---------------------------------------------------------------------------------------------
// a) panel ready

async function panelReadyTrial({ context, stack, hostSim, admin, owner, variant, cache }) {
  if (cache === 'cold') {
    // The api's 60-s reference cache (users, pipelines, stages, sources) starts empty, so every
    // call the path needs reaches the CRM; the restart also empties its CRM rate-limit window.
    await stack.stopService('api');
    await stack.startService('api');
    // A new process is slow on its first calls: warm its CRM path with calls and lists the
    // general tab does not use, so only the cache is cold. That path includes another chat's
    // link (João's): the mapping route, its two look-ups and the reads it starts ahead, which
    // nobody takes and which are let finish before the trial. Without it, Mariana's link was the
    // first one the new process served, with its code cold.
    const callApi = apiCaller(stack.ports);
    await callApi('GET', `/api/rdstation/deals/${ACME.deals.treinamento.id}`);
    await callApi('GET', `/api/rdstation/contacts/${ACME.contactWithoutCountryCode.id}`);
    await callApi('GET', '/api/rdstation/campaigns?limit=200');
    await callApi('GET', '/api/rdstation/lost-reasons?limit=200');
    await callApi('GET', `/api/rdstation/contact-mapping/${JOAO.hostContact}`);
    await sleep(CRM_LATENCY_MS + 100);
  }
  await hostSim.use('ours');
  const start = await admin.stats();
  const session = await openHostSim(context, stack, {
    beforeGoto: variant === 'baseline' ? (page) => sequentialApi(page, stack.ports.api) : undefined,
  });
  try {
    if (variant === 'preloaded') await preloadMainPanelRemotes(session.panelFrame);
    const before = await admin.stats();
    const opened = await openChat(session, MARIANA.attendance, owner);
    const atReady = await admin.stats();
    await session.quiet();
    const after = await admin.stats();
    const requests = requestsOf(session, opened);
    const untilReady = requests.filter((r) => r.beforeReady);
    const files = requestsOf(session, opened, FRONTENDS).filter((r) => r.beforeReady);
    if (session.pageErrors.length) throw new Error(session.pageErrors.join('\n'));
    return {
      variant,
      cache,
      readyMs: round1(opened.readyMs),
      chainedCrmTrips: chainedCrmTrips(untilReady),
      milestonesMs: opened.milestonesMs,
      panelToApi: untilReady.length,
      panelToApiTotal: requests.length,
      apiToCrmUntilReady: statsDelta(before, atReady).requests,
      apiToCrm: statsDelta(before, after),
      crmInTrial: after.requests - start.requests,
      // The header's organization: read once the contact is known, so after ready.
      organizationMs:
        requests.find((r) => r.call.startsWith('GET /api/rdstation/organizations/'))?.endMs ?? NaN,
      requests,
      files,
    };
  } finally {
    await session.close();
  }
}

/**
 * Diagnostic only, the build unchanged: loads the main panel's remote modules through the
 * shell's own federation runtime before the click, as the shell would if it preloaded them.
 */
async function preloadMainPanelRemotes(panelFrame) {
  await panelFrame.evaluate(async (ids) => {
    const shell = globalThis.__FEDERATION__.__INSTANCES__.find((i) => i.name === 'shell');
    await Promise.all(ids.map((id) => shell.loadRemote(id)));
  }, MAIN_PANEL_MODULES);
}

async function panelReady(env, cache) {
  const trials = { ours: [], baseline: [], preloaded: [] };
  // One warm-up of each (discarded), then they alternate so all see the same conditions.
  for (const variant of VARIANTS) {
    if (cache === 'warm') await paceCrm(env);
    const warmUp = await panelReadyTrial({ ...env, variant, cache });
    env.crmLog.push({ at: Date.now(), count: warmUp.crmInTrial });
  }
  for (let run = 0; run < RUNS; run += 1) {
    for (const variant of VARIANTS) {
      if (cache === 'warm') await paceCrm(env);
      const trial = await panelReadyTrial({ ...env, variant, cache });
      trials[variant].push(trial);
      env.crmLog.push({ at: Date.now(), count: trial.crmInTrial });
    }
  }
  const summary = (list) => ({
    readyMs: median(list.map((t) => t.readyMs)),
    readySamplesMs: list.map((t) => t.readyMs),
    panelToApi: median(list.map((t) => t.panelToApi)),
    panelToApiTotal: median(list.map((t) => t.panelToApiTotal)),
    apiToCrmUntilReady: median(list.map((t) => t.apiToCrmUntilReady)),
    apiToCrm: median(list.map((t) => t.apiToCrm.requests)),
    crmRoundTrips: round1(median(list.map((t) => t.readyMs)) / CRM_LATENCY_MS),
    chainedCrmTrips: median(list.map((t) => t.chainedCrmTrips)),
    organizationMs: median(list.map((t) => t.organizationMs)),
    // The trial closest to the median, with its request waterfall.
    typical: [...list].sort(
      (a, b) =>
        Math.abs(a.readyMs - median(list.map((t) => t.readyMs))) -
        Math.abs(b.readyMs - median(list.map((t) => t.readyMs))),
    )[0],
  });
  const ours = summary(trials.ours);
  const baseline = summary(trials.baseline);
  const preloaded = summary(trials.preloaded);
  return {
    cache,
    runs: RUNS,
    ours,
    baseline,
    preloaded,
    ratio: Math.round((baseline.readyMs / ours.readyMs) * 100) / 100,
    // On the median itself, not on its rounded ratio: 1.5 round trips is 225 ms, and a
    // rounded 1.5 would have held up to 232.4 ms.
    targetHolds: ours.readyMs <= TARGET_ROUND_TRIPS * CRM_LATENCY_MS,
  };
}

/** Keeps the api under its own CRM limit (120 per minute per user) in the warm runs. */
async function paceCrm(env) {
  const budget = 100;
  for (;;) {
    const since = Date.now() - 61_000;
    env.crmLog.splice(0, env.crmLog.length, ...env.crmLog.filter((e) => e.at > since));
    const used = env.crmLog.reduce((sum, e) => sum + e.count, 0);
    const next = Math.max(20, ...env.crmLog.map((e) => e.count));
    if (used + next <= budget) return;
    await sleep(1000);
  }
}

// ---------------------------------------------------------------------------------------------
// b) switching back to a chat already seen

const HOLD_MS = 1000;

async function switchBackTrial({ context, stack, hostSim, admin, owners }) {
  await hostSim.use('ours');
  const start = await admin.stats();
  const session = await openHostSim(context, stack);
  try {
    await openChat(session, MARIANA.attendance, owners.marianaOwner);
    await session.quiet();
    await openChat(session, JOAO.attendance, owners.joaoOwner);
    await session.quiet();
    const before = await admin.stats();
    const back = await openChat(session, MARIANA.attendance, owners.marianaOwner);
    const atReady = await admin.stats();
    await session.quiet();
    const after = await admin.stats();
    // The contact shown must be Mariana's again (a switch never shows another chat's contact).
    await session.panelLocator.getByText('Costa & Filhos Comércio Ltda').first().waitFor();
    const requests = requestsOf(session, back);

    // Proof that nothing the panel asks the api on the way back is on the critical path: the
    // same switch with every api answer held back HOLD_MS is still ready at once.
    const apiPort = String(stack.ports.api);
    const isApi = (url) => url.port === apiPort;
    const hold = async (route) => {
      await sleep(HOLD_MS);
      await route.continue().catch(() => undefined);
    };
    await openChat(session, JOAO.attendance, owners.joaoOwner);
    await session.quiet();
    await session.page.route(isApi, hold);
    let held;
    try {
      held = await openChat(session, MARIANA.attendance, owners.marianaOwner);
    } finally {
      await session.page.unroute(isApi, hold);
    }
    await session.quiet();
    const heldRequests = requestsOf(session, held);
    const heldFiles = requestsOf(session, held, FRONTENDS);
    if (session.pageErrors.length) throw new Error(session.pageErrors.join('\n'));
    return {
      readyMs: round1(back.readyMs),
      // Sent before ready; whether ready waited for them is what the held run shows.
      sentBeforeReady: requests.filter((r) => r.beforeReady).length,
      afterReady: requests.filter((r) => !r.beforeReady).length,
      readyWithApiHeldMs: round1(held.readyMs),
      milestonesMs: back.milestonesMs,
      heldMilestonesMs: held.milestonesMs,
      heldRequests,
      heldFiles,
      files: requestsOf(session, back, FRONTENDS),
      heldSentBeforeReady: heldRequests.filter((r) => r.beforeReady).length,
      apiToCrmUntilReady: statsDelta(before, atReady).requests,
      apiToCrm: statsDelta(before, after),
      crmInTrial: after.requests - start.requests,
      requests,
    };
  } finally {
    await session.close();
  }
}

async function switchBack(env) {
  await paceCrm(env);
  const warmUp = await switchBackTrial(env);
  env.crmLog.push({ at: Date.now(), count: warmUp.crmInTrial });
  const trials = [];
  for (let run = 0; run < RUNS; run += 1) {
    await paceCrm(env);
    const trial = await switchBackTrial(env);
    trials.push(trial);
    env.crmLog.push({ at: Date.now(), count: trial.crmInTrial });
  }
  const readyMs = median(trials.map((t) => t.readyMs));
  const readyWithApiHeldMs = median(trials.map((t) => t.readyWithApiHeldMs));
  return {
    runs: RUNS,
    holdMs: HOLD_MS,
    readyMs,
    readySamplesMs: trials.map((t) => t.readyMs),
    readyWithApiHeldMs,
    readyWithApiHeldSamplesMs: trials.map((t) => t.readyWithApiHeldMs),
    sentBeforeReady: median(trials.map((t) => t.sentBeforeReady)),
    afterReady: median(trials.map((t) => t.afterReady)),
    // Every api answer came HOLD_MS late and the panel was ready before: none was awaited.
    onCriticalPath: trials.every((t) => t.readyWithApiHeldMs < HOLD_MS) ? 0 : null,
    // The remote areas' suspense fallback on the way back (a new React.lazy per mount).
    fallbackShown: trials.filter((t) => t.milestonesMs.remoteFallback !== undefined).length,
    heldRemoteMountedMs: median(trials.map((t) => t.heldMilestonesMs.remoteMounted ?? NaN)),
    heldRemoteFallbackMs: median(trials.map((t) => t.heldMilestonesMs.remoteFallback ?? NaN)),
    apiToCrmUntilReady: Math.max(...trials.map((t) => t.apiToCrmUntilReady)),
    apiToCrm: median(trials.map((t) => t.apiToCrm.requests)),
    calls: [...new Set(trials.flatMap((t) => t.requests.map((r) => r.call)))],
    trials,
  };
}

// ---------------------------------------------------------------------------------------------
// c) bytes

async function mainPanelBytes({ browser, stack, hostSim, owners }) {
  await hostSim.use('ours');
  // A browser that has never seen the panel: everything it shows is downloaded.
  const context = await probedContext(browser, stack);
  const frontendPorts = new Map(FRONTENDS.map((name) => [String(stack.ports[name]), name]));
  const scripts = [];
  // Recorded from the first byte of the page: the panel's initial load counts too.
  const session = await openHostSim(context, stack, {
    beforeGoto: (page) =>
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        const app = frontendPorts.get(new URL(response.url()).port);
        if (app) scripts.push({ app, response });
      }),
  });
  try {
    await openChat(session, MARIANA.attendance, owners.marianaOwner);
    await session.quiet();
    const files = [];
    for (const { app, response } of scripts) {
      const body = await response.body();
      files.push({
        app,
        url: response.url(),
        gz: gz(body),
        reactDom: body.includes('__reactContainer$'),
      });
    }
    const byApp = {};
    for (const file of files) byApp[file.app] = (byApp[file.app] ?? 0) + file.gz;
    return {
      totalGz: files.reduce((sum, f) => sum + f.gz, 0),
      scripts: files.length,
      byAppGz: byApp,
      reactDomDownloads: files.filter((f) => f.reactDom).length,
      files: files.map(({ url, gz: size }) => ({ url, gz: size })),
    };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------

function waterfall(trial) {
  const marks = Object.entries(trial.milestonesMs ?? {})
    .map(([name, at]) => `${name} @${ms(at)}`)
    .join(', ');
  return `${marks ? `[${marks}] ` : ''}${apiWaterfall(trial)}`;
}

function apiWaterfall(trial, beforeReady = true) {
  return trial.requests
    .filter((r) => r.beforeReady === beforeReady)
    .map((r) => `${r.call} ${ms(r.startMs)}→${ms(r.endMs)} ms`)
    .join('; ');
}

function fileLoads(trial) {
  if (!trial.files.length) return 'none';
  const last = Math.max(...trial.files.map((f) => f.endMs));
  return `${trial.files.length} (${[...new Set(trial.files.map((f) => f.source))].join(', ')}), last answered at ${ms(last)} ms`;
}

async function run() {
  // BENCH_PORT_OFFSET: another offset, so two checkouts can run the bench on one machine.
  const ports = portsWithOffset(Number(process.env.BENCH_PORT_OFFSET ?? 9000));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-panel-bench-'));
  const stack = await startStack({
    ports,
    quiet: true,
    env: { DATA_DIR: dataDir, SESSION_STARTS_PER_MINUTE: '100000' },
    // host-sim is started below (hostSimController), with its own signing key file.
    services: ['crm-sandbox', 'api', ...FRONTENDS],
  });
  const hostSim = hostSimController(
    ports,
    stack.url('shell'),
    path.join(dataDir, 'host-sim-key.json'),
  );
  let browser;
  try {
    const admin = sandboxAdmin(ports);
    // Ana's session is earned with host-sim's signed assertion: host-sim first.
    await hostSim.use('ours');
    const owners = await readyTenant(ports);
    await admin.knobs({ latencyMs: CRM_LATENCY_MS, rateLimitPerMinute: 100_000 });
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    // One context for a) and b): a fresh page (tab) per trial, the browser's HTTP cache warmed
    // by the warm-up as an attendant's browser is (the panel's hashed files are immutable).
    const context = await probedContext(browser, stack);
    const env = {
      browser,
      context,
      stack,
      hostSim,
      admin,
      owners,
      owner: owners.marianaOwner,
      crmLog: [],
    };

    const cold = await panelReady(env, 'cold');
    const warm = await panelReady(env, 'warm');
    const back = await switchBack(env);
    const bytes = await mainPanelBytes(env);
    const floor = await floorBytes(browser);
    const bytesRatio = Math.round((bytes.totalGz / floor.downloadedGz) * 10) / 10;

    const readyRows = (label, result) => [
      [
        `a) ${label}: panel ready, ours (median of ${result.runs})`,
        `${ms(result.ours.readyMs)} ms  [${result.ours.readySamplesMs.map(ms).join(', ')}]`,
      ],
      [
        `a) ${label}: panel ready, baseline sequential (median)`,
        `${ms(result.baseline.readyMs)} ms  [${result.baseline.readySamplesMs.map(ms).join(', ')}]`,
      ],
      [`a) ${label}: ratio baseline / ours`, `${result.ratio}×`],
      // Sent before ready is a race for the calls the ready mark does not wait for: the deal's
      // pipeline stages leave when the 'Geral' tab has the deal, within a few ms of the owner
      // on screen, and the baseline holds each call until the one before is answered, which
      // may push that one past ready (warm, one run of 2026-11-29: the stages call left 2 ms
      // before ready in ours and 2 ms after it in the baseline, 5 / 4). The calls themselves are
      // the same: all of them, until the panel is quiet, side by side.
      [
        `a) ${label}: requests panel → api sent before ready / all until quiet (ours; baseline)`,
        `${result.ours.panelToApi} / ${result.ours.panelToApiTotal}; ${result.baseline.panelToApi} / ${result.baseline.panelToApiTotal}`,
      ],
      [
        `a) ${label}: requests api → CRM until ready / settled (ours)`,
        `${result.ours.apiToCrmUntilReady} / ${result.ours.apiToCrm}`,
      ],
      [
        `a) ${label}: requests api → CRM until ready / settled (baseline)`,
        `${result.baseline.apiToCrmUntilReady} / ${result.baseline.apiToCrm}`,
      ],
      [
        `a) ${label}: CRM round trips on the critical path ≈ ready / ${CRM_LATENCY_MS} ms (ours / baseline)`,
        `${result.ours.crmRoundTrips} / ${result.baseline.crmRoundTrips}`,
      ],
      [
        `a) ${label}: target ≤ ${TARGET_ROUND_TRIPS} CRM round trips (ours), ≤ ${TARGET_ROUND_TRIPS * CRM_LATENCY_MS} ms`,
        result.targetHolds ? 'holds' : 'does not hold',
      ],
      [
        `a) ${label}: CRM calls chained before ready, from the waterfall (ours / baseline)`,
        `${result.ours.chainedCrmTrips} / ${result.baseline.chainedCrmTrips}`,
      ],
      [`a) ${label}: ours, api calls before ready`, waterfall(result.ours.typical)],
      [
        `a) ${label}: ours, the contact's organization answered (median), api calls after ready`,
        `${ms(result.ours.organizationMs)} ms; ${apiWaterfall(result.ours.typical, false)}`,
      ],
      [`a) ${label}: ours, panel files loaded after the click`, fileLoads(result.ours.typical)],
      [
        `a) ${label}: diagnostic, ours with the main panel's remotes preloaded (median)`,
        `${ms(result.preloaded.readyMs)} ms  [${result.preloaded.readySamplesMs.map(ms).join(', ')}] ≈ ${result.preloaded.crmRoundTrips} CRM round trips`,
      ],
      [
        `a) ${label}: diagnostic, preloaded, api calls before ready`,
        waterfall(result.preloaded.typical),
      ],
    ];
    const rows = [
      ...readyRows('api cache cold', cold),
      ...readyRows('api cache warm', warm),
      [
        `b) back to a chat already seen: ready (median of ${back.runs})`,
        `${ms(back.readyMs)} ms  [${back.readySamplesMs.map(ms).join(', ')}]`,
      ],
      [
        'b) requests panel → api sent before ready / after ready',
        `${back.sentBeforeReady} / ${back.afterReady}  (${back.calls.join('; ') || 'none'})`,
      ],
      [
        `b) same switch, every api answer held ${back.holdMs} ms: ready (median)`,
        `${ms(back.readyWithApiHeldMs)} ms  [${back.readyWithApiHeldSamplesMs.map(ms).join(', ')}]`,
      ],
      [
        'b) requests panel → api whose answer ready waits for',
        back.onCriticalPath === 0 ? '0 (the chat renders from cache)' : 'some',
      ],
      [
        "b) 'Geral' suspense fallback shown on the way back (trials) / held run: fallback → content",
        `${back.fallbackShown} of ${back.runs} / ${ms(back.heldRemoteFallbackMs)} → ${ms(back.heldRemoteMountedMs)} ms`,
      ],
      [
        'b) requests api → CRM until ready / settled',
        `${back.apiToCrmUntilReady} / ${back.apiToCrm}`,
      ],
      ['c) main panel (Mariana, Geral): JS downloaded (KB gz)', kb(bytes.totalGz)],
      ['c) main panel: script files', bytes.scripts],
      ['c) floor (React + ReactDOM, one line): JS downloaded (KB gz)', kb(floor.downloadedGz)],
      ['c) ratio main panel / floor', `${bytesRatio}×`],
      ['c) react-dom downloads', bytes.reactDomDownloads],
    ];
    return {
      name: 'panel-speed',
      unit: `ms, requests, KB gzip -9; CRM latency ${CRM_LATENCY_MS} ms`,
      crmLatencyMs: CRM_LATENCY_MS,
      targetRoundTrips: TARGET_ROUND_TRIPS,
      panelReady: { cold, warm },
      switchBack: back,
      bytes: { mainPanel: bytes, floor, ratio: bytesRatio },
      rows,
    };
  } finally {
    await browser?.close();
    await hostSim.stop();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

module.exports = { run };
