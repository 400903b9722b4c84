const { federatedConfig } = require('../../tools/webpack/federation');

module.exports = federatedConfig({
  name: 'tasks',
  title: 'Tarefas — página isolada',
  exposes: { './TasksTab': './src/exposed/TasksTab.tsx' },
});
