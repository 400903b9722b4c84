const { federatedConfig } = require('../../tools/webpack/federation');

module.exports = federatedConfig({
  name: 'tasks',
  title: 'Tarefas — página isolada',
  exposes: {
    './TasksTab': './src/exposed/TasksTab.tsx',
    './TaskForm': './src/exposed/TaskForm.tsx',
  },
  // The MSW worker the standalone page's mock api runs in.
  copy: [require.resolve('msw/mockServiceWorker.js')],
});
