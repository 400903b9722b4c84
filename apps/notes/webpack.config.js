const { federatedConfig } = require('../../tools/webpack/federation');

module.exports = federatedConfig({
  name: 'notes',
  title: 'Notas — página isolada',
  exposes: { './NotesTab': './src/exposed/NotesTab.tsx' },
});
