// One request per write: each write journey (status, field, contact, note,
// task, product) done in the panel through host-sim, with the requests the panel sent to the api
// and the api sent to the CRM from the click to the panel at rest. The journey
// apps/e2e/src/journeys/write-requests.test.ts does the writes and asserts the same counts in
// `npm test` (counts are deterministic); this bench runs it and shows them.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { root, workspaceEnv } = require('../tools/scripts/env');

const JOURNEY = 'apps/e2e/src/journeys/write-requests.test.ts';
const WRITES = ['status', 'field', 'contact', 'note', 'task', 'product'];

async function run() {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'write-requests-')), 'counts.json');
  const result = spawnSync(
    process.execPath,
    [require.resolve('jest/bin/jest'), '-c', 'apps/e2e/jest.config.js', JOURNEY],
    {
      cwd: root,
      stdio: 'inherit',
      env: workspaceEnv({ WRITE_REQUESTS_OUT: out, E2E_WORKERS: '1' }),
    },
  );
  if (result.status !== 0 || !fs.existsSync(out))
    throw new Error(`a jornada ${JOURNEY} falhou: sem contagens`);
  const counted = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  const total = (byPath) => Object.values(byPath).reduce((sum, n) => sum + n, 0);
  const writes = Object.fromEntries(
    WRITES.map((name) => {
      const one = counted[name];
      if (!one) throw new Error(`sem contagem para '${name}'`);
      return [
        name,
        { panelToApi: one.panelToApi.length, apiToCrm: total(one.apiToCrm), requests: one },
      ];
    }),
  );
  const rows = WRITES.map((name) => {
    const { panelToApi, apiToCrm, requests } = writes[name];
    return [
      `${name}: panel→api / api→CRM`,
      `${panelToApi} / ${apiToCrm}  (${requests.panelToApi.join(', ')})`,
    ];
  });
  return { name: 'write-requests', unit: 'requests per write', writes, rows };
}

module.exports = { run };
