// Live updates' propagation latency, as two attendants live it, in headless
// Chromium through host-sim on one deal:
//  - panel→panel: from Ana's choice of a stage in her panel until Bruno's panel shows it;
//  - CRM→panel: from a change made straight in the CRM sandbox (it applies it and fires its
//    webhook, as RD does) until each panel shows it; this includes the api's
//    WEBHOOK_ECHO_SETTLE_MS (300 ms) hold of every CRM signal.
// The journey apps/e2e/src/journeys/live-updates.test.ts does one round of each in `npm test`
// (each under 2 s); this bench runs it with LIVE_PROPAGATION_SAMPLES rounds and shows p50/p95.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { root, workspaceEnv } = require('../tools/scripts/env');

const JOURNEY = 'apps/e2e/src/journeys/live-updates.test.ts';
const SAMPLES = Number(process.env.BENCH_LIVE_SAMPLES ?? 20);

/** Nearest-rank percentile. */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function run() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-propagation-'));
  const out = path.join(dir, 'samples.json');
  const result = spawnSync(
    process.execPath,
    [require.resolve('jest/bin/jest'), '-c', 'apps/e2e/jest.config.js', JOURNEY],
    {
      cwd: root,
      stdio: 'inherit',
      env: workspaceEnv({
        LIVE_PROPAGATION_OUT: out,
        LIVE_PROPAGATION_SAMPLES: String(SAMPLES),
        E2E_WORKERS: '1',
      }),
    },
  );
  if (result.status !== 0 || !fs.existsSync(out))
    throw new Error(`a jornada ${JOURNEY} falhou: sem amostras`);
  const samples = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(dir, { recursive: true, force: true });
  const paths = {
    panelToPanel: 'panel→panel',
    crmToPanel: 'CRM→panel',
  };
  const figures = Object.fromEntries(
    Object.keys(paths).map((key) => {
      const values = samples[key];
      if (!Array.isArray(values) || !values.length) throw new Error(`sem amostras de '${key}'`);
      return [
        key,
        {
          n: values.length,
          p50: percentile(values, 50),
          p95: percentile(values, 95),
          max: Math.max(...values),
          samples: values,
        },
      ];
    }),
  );
  const rows = Object.entries(paths).map(([key, label]) => {
    const { n, p50, p95, max } = figures[key];
    return [`${label} p50 / p95 / max`, `${p50} / ${p95} / ${max} ms  (n=${n})`];
  });
  return { name: 'live-propagation', unit: 'ms', ...figures, rows };
}

module.exports = { run };
