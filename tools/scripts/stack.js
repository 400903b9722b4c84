// Starts the whole product locally: crm-sandbox, api, host-sim (child processes run with tsx)
// and the shell + remotes builds (static servers in this process). Used by `npm start`,
// the browser journeys and the benchmarks, each with its own ports.
const { spawn } = require('child_process');
const { randomBytes } = require('crypto');
const fs = require('fs');
const path = require('path');
const { PORTS, REMOTES } = require('./ports');
const { root, workspaceEnv } = require('./env');
const { serveStatic } = require('./serve');
const { readDeployed, readRelease, releasePath } = require('./releases');

const FRONTENDS = ['shell', ...REMOTES];

/** Ports shifted by an offset, so tests never collide with a running `npm start`. */
function portsWithOffset(offset) {
  return Object.fromEntries(Object.entries(PORTS).map(([name, port]) => [name, port + offset]));
}

/** The build-info.json of what runs for `name`: its deployed release, else its dist build. */
function runningBuildInfo(name, deployed, releasesDir) {
  const version = deployed.apps[name]?.version;
  if (version) return readRelease(name, version, releasesDir);
  const file = path.join(root, 'dist/apps', name, 'build-info.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

/**
 * The shell's runtime-config.json. With `releasesDir`, each remote deployed there is loaded from
 * its release (`/releases/<version>/` on the remote's server: an open page keeps loading the
 * version it started with, its files never change); the others from their dist build. Each
 * remote's contract version comes from its build-info.json.
 */
function runtimeConfig(ports, { releasesDir } = {}) {
  const deployed = releasesDir ? readDeployed(releasesDir) : { apps: {} };
  const contracts = {};
  for (const name of REMOTES) {
    const contract = runningBuildInfo(name, deployed, releasesDir)?.contract;
    if (contract) contracts[name] = contract;
  }
  return {
    apiBaseUrl: `http://localhost:${ports.api}`,
    remotes: Object.fromEntries(
      REMOTES.map((name) => {
        const version = deployed.apps[name]?.version;
        const base = `http://localhost:${ports[name]}`;
        return [name, `${base}${version ? `/releases/${version}` : ''}/mf-manifest.json`];
      }),
    ),
    hostOrigins: [`http://localhost:${ports['host-sim']}`, `http://127.0.0.1:${ports['host-sim']}`],
    contracts,
    // Where a developer may point a remote from devtools (apps/shell remoteOverrides.ts): none
    // unless the operator lists them, e.g. PANEL_OVERRIDE_ORIGINS=http://localhost:5202.
    overrideOrigins: (process.env.PANEL_OVERRIDE_ORIGINS ?? '').split(',').filter(Boolean),
  };
}

async function waitForHttp(url, { timeoutMs = 60000, child } = {}) {
  const started = Date.now();
  for (;;) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: o processo terminou (código ${child.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs)
      throw new Error(`${url} não respondeu em ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** host-sim's issuer (tools/host-sim README, 'Identity assertions'). */
const HOST_SIM_ISSUER = 'urn:crm-panel:host-sim';

/**
 * The tenants the api serves when it runs beside host-sim: tenant-acme's host signs its
 * attendants (host-sim's JWKS), tenant-beta's signs nothing (sessions by the CRM sign-in). The
 * operator's file of a real deployment has the same shape (apps/api README, 'Tenants').
 */
function hostSimTenants(ports, betaSetupCode) {
  return {
    issuers: [
      {
        issuer: HOST_SIM_ISSUER,
        audience: 'crm-panel',
        jwksUrl: `http://127.0.0.1:${ports['host-sim']}/.well-known/jwks.json`,
      },
    ],
    // crmOrganizationName: the CRM account each tenant uses in the sandbox, for the panel's
    // header (RD's v2 API names no organization for a user).
    tenants: [
      {
        systemKey: 'tenant-acme',
        name: 'Acme Comércio',
        issuer: HOST_SIM_ISSUER,
        crmOrganizationName: 'Acme Soluções Ltda',
      },
      // Its host signs nothing: only whom the operator hands this code configures it.
      {
        systemKey: 'tenant-beta',
        name: 'Beta Serviços',
        crmOrganizationName: 'Beta Serviços ME',
        setupCode: betaSetupCode,
      },
    ],
  };
}

/** A setup code a person can read aloud and type: three groups of four (no 0/O, 1/I/L). */
function newSetupCode() {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(12);
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

const TENANTS_FILE_NAME = 'tenants.host-sim.json';

/**
 * Writes the tenants file into the api's data folder, with a new setup code for tenant-beta at
 * every start (the one before no longer configures anything); answers its path and the code.
 */
function writeTenantsFile(ports, dataDir) {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, TENANTS_FILE_NAME);
  const setupCode = newSetupCode();
  fs.writeFileSync(file, `${JSON.stringify(hostSimTenants(ports, setupCode), null, 2)}\n`, {
    mode: 0o600,
  });
  fs.chmodSync(file, 0o600);
  return { file, setupCode };
}

/** The setup code of `systemKey` in the tenants file this stack wrote into `dataDir`. */
function setupCodeOf(dataDir, systemKey = 'tenant-beta') {
  const parsed = JSON.parse(fs.readFileSync(path.join(dataDir, TENANTS_FILE_NAME), 'utf8'));
  const tenant = parsed.tenants.find((candidate) => candidate.systemKey === systemKey);
  if (!tenant?.setupCode) throw new Error(`${systemKey} não tem código de configuração`);
  return tenant.setupCode;
}

/** The node services of the stack: how to start each and where it says it is ready. */
function nodeServices(ports) {
  const origins = FRONTENDS.concat('host-sim')
    .flatMap((name) => [`http://localhost:${ports[name]}`, `http://127.0.0.1:${ports[name]}`])
    .join(',');
  const sandboxUrl = `http://127.0.0.1:${ports['crm-sandbox']}`;
  // The sandbox takes only registered callback URLs, exactly (tools/crm-sandbox README, OAuth):
  // the api's default one on both loopback names the stack uses. They are http, which RD's App
  // Publisher may refuse (it asks for https): the stack's sandbox takes them on loopback.
  const callbacks = ['localhost', '127.0.0.1'].map(
    (host) => `http://${host}:${ports.api}/api/rdstation/auth/callback`,
  );
  return {
    'crm-sandbox': {
      entry: 'tools/crm-sandbox/src/main.ts',
      env: {
        PORT: String(ports['crm-sandbox']),
        SANDBOX_LOOPBACK_HTTP_CALLBACKS: '1',
        SANDBOX_REDIRECT_URIS: callbacks.join(','),
      },
      ready: `${sandboxUrl}/__admin/knobs`,
    },
    api: {
      entry: 'apps/api/src/main.ts',
      env: {
        PORT: String(ports.api),
        API_PUBLIC_URL: `http://localhost:${ports.api}`,
        CRM_BASE_URL: `${sandboxUrl}/crm/v2`,
        CRM_AUTHORIZE_URL: `http://localhost:${ports['crm-sandbox']}/oauth/authorize`,
        CRM_TOKEN_URL: `${sandboxUrl}/oauth2/token`,
        CRM_V1_BASE_URL: `${sandboxUrl}/api/v1`,
        CORS_ORIGINS: origins,
      },
      ready: `http://127.0.0.1:${ports.api}/api/health`,
    },
    'host-sim': {
      entry: 'tools/host-sim/src/main.ts',
      env: {
        PORT: String(ports['host-sim']),
        PANEL_URL: `http://localhost:${ports.shell}`,
        API_URL: `http://localhost:${ports.api}`,
      },
      ready: `http://127.0.0.1:${ports['host-sim']}/`,
    },
  };
}

/**
 * @param {object} [options]
 * @param {Record<string, number>} [options.ports]
 * @param {Record<string, string>} [options.env]  extra environment for the node services
 * @param {(line: string) => void} [options.log]
 * @param {boolean} [options.quiet]  keep the services' output out of the console
 * @param {string} [options.releasesDir]  serve what is deployed there (npm start); without it,
 *   every frontend's dist build (the journeys test the tree as it is)
 */
async function startStack({
  ports = PORTS,
  env = {},
  log = console.log,
  quiet = false,
  services,
  releasesDir,
} = {}) {
  const running = new Map();
  const defs = nodeServices(ports);
  // Zero set-up: the api serves host-sim's tenants, unless the caller brings its own file.
  const setupCodes = {};
  if (!env.TENANTS_FILE && !process.env.TENANTS_FILE) {
    const dataDir = env.DATA_DIR ?? process.env.DATA_DIR ?? path.join(root, 'data');
    const written = writeTenantsFile(ports, path.resolve(root, dataDir));
    defs.api.env.TENANTS_FILE = written.file;
    setupCodes['tenant-beta'] = written.setupCode;
  }
  const wanted = services ?? [...Object.keys(defs), ...FRONTENDS];

  async function startService(name) {
    if (FRONTENDS.includes(name)) {
      const dist = path.join(root, 'dist/apps', name);
      // The shell's page is the deployed shell's, read again on each request (a deploy switches
      // it); a remote's deployed releases are under /releases/<version>/ of its server.
      const deployedDir = () => {
        const version = releasesDir && readDeployed(releasesDir).apps[name]?.version;
        return version ? releasePath(name, version, releasesDir) : dist;
      };
      if (!fs.existsSync(path.join(deployedDir(), 'index.html')))
        throw new Error(`${name} não tem build em ${deployedDir()}`);
      const server = await serveStatic({
        dir: name === 'shell' ? deployedDir : dist,
        port: ports[name],
        overrides:
          name === 'shell'
            ? { '/runtime-config.json': () => runtimeConfig(ports, { releasesDir }) }
            : undefined,
        mounts: releasesDir ? { '/releases/': path.join(releasesDir, name) } : {},
      });
      running.set(name, { stop: server.close });
      return;
    }
    const def = defs[name];
    if (!fs.existsSync(path.join(root, def.entry))) {
      log(`(${name} ainda não existe neste checkout: ${def.entry})`);
      return;
    }
    const child = spawn(process.execPath, [require.resolve('tsx/cli'), def.entry], {
      cwd: root,
      env: workspaceEnv({
        // One line per request is for debugging; `LOG_LEVEL=info npm start` brings it back.
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        ...def.env,
        ...env,
        NODE_ENV: env.NODE_ENV ?? 'development',
      }),
      stdio: quiet ? ['ignore', 'ignore', 'pipe'] : ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    running.set(name, {
      child,
      stop: async () => {
        if (child.exitCode === null) {
          try {
            process.kill(-child.pid, 'SIGTERM');
          } catch {
            // already gone
          }
          const timer = setTimeout(() => {
            try {
              process.kill(-child.pid, 'SIGKILL');
            } catch {
              // already gone
            }
          }, 3000);
          await exited;
          clearTimeout(timer);
        }
      },
    });
    try {
      await waitForHttp(def.ready, { child });
    } catch (error) {
      throw new Error(`${name} não iniciou: ${error.message}\n${stderr}`, { cause: error });
    }
  }

  async function stopService(name) {
    const service = running.get(name);
    running.delete(name);
    if (service) await service.stop();
  }

  async function stop() {
    await Promise.all([...running.keys()].map(stopService));
  }

  try {
    // The CRM first (the api checks nothing at start, but journeys need both), then the rest.
    const order = ['crm-sandbox', 'api', 'host-sim'].filter((n) => wanted.includes(n));
    for (const name of order) await startService(name);
    await Promise.all(wanted.filter((n) => FRONTENDS.includes(n)).map(startService));
  } catch (error) {
    await stop();
    throw error;
  }

  const url = (name) => `http://localhost:${ports[name]}`;
  return {
    ports,
    url,
    startService,
    stopService,
    stop,
    isRunning: (name) => running.has(name),
    setupCodes,
  };
}

module.exports = {
  startStack,
  portsWithOffset,
  runtimeConfig,
  waitForHttp,
  hostSimTenants,
  setupCodeOf,
  FRONTENDS,
};
