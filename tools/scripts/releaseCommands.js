#!/usr/bin/env node
// `npm run release -- <app>`, `npm run deploy -- <app> <version>`, `npm run rollback -- <app>`
// (tools/scripts/releases.js; docs/recipes/deploy-a-remote.md).
const { release, deploy, rollback, runCommand, APPS } = require('./releases');

const [command, app, version] = process.argv.slice(2);
const usage = {
  release: `npm run release -- <${APPS.join('|')}>`,
  deploy: 'npm run deploy -- <app> <versão>',
  rollback: 'npm run rollback -- <app>',
};

if (!app || (command === 'deploy' && !version)) {
  console.error(`Uso: ${usage[command] ?? Object.values(usage).join('\n     ')}`);
  process.exit(2);
}

if (command === 'release') {
  runCommand(
    () => release(app),
    (made) => `Release ${made.app} ${made.version} em ${made.path} (commit ${made.record.commit}).`,
  );
} else if (command === 'deploy') {
  runCommand(
    () => deploy(app, version),
    (done) =>
      `Em uso: ${done.app} ${done.version}. O painel a carrega na próxima vez que abrir ${done.app}.`,
  );
} else if (command === 'rollback') {
  runCommand(
    () => rollback(app),
    (done) => `De volta a ${done.app} ${done.version}.`,
  );
} else {
  console.error(`Comando desconhecido: ${command}`);
  process.exit(2);
}
