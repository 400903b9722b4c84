#!/usr/bin/env node
// `npm start`: builds what is not built yet (Nx cache), then runs the whole product on fixed
// local ports and prints the one URL to open: each app's deployed release (releases/, npm run
// deploy), or its dist build when none is deployed. Ctrl-C stops all of it.
const fs = require('fs');
const path = require('path');
const { root } = require('./env');
const { buildWithNx, runUntilSignal } = require('./command');
const { startStack, FRONTENDS } = require('./stack');
const { releasesDir } = require('./releases');

async function main() {
  const started = Date.now();
  buildWithNx(FRONTENDS);
  // What is deployed (npm run deploy); an app never deployed runs from its dist build.
  const stack = await startStack({ releasesDir: releasesDir() });
  const hasHostSim = fs.existsSync(path.join(root, 'tools/host-sim/src/main.ts'));
  const open = hasHostSim ? stack.url('host-sim') : stack.url('shell');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\n  Pronto em ${seconds} s. Abra: ${open}\n  (Ctrl-C encerra tudo)\n`);
  // Shown once, here: the host of tenant-beta signs nothing, so only whoever has this code
  // configures its integration (a new one at every start; the one before no longer works).
  const betaCode = stack.setupCodes['tenant-beta'];
  if (betaCode)
    console.log(
      `  Código de configuração de Beta Serviços (tenant-beta): ${betaCode}\n` +
        '  Digite-o em "Código de configuração" ao configurar a integração desse tenant; vale uma vez.\n',
    );

  return async () => {
    console.log('\nEncerrando...');
    await stack.stop();
  };
}

runUntilSignal(main);
