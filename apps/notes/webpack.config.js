const { federatedConfig } = require('../../tools/webpack/federation');

module.exports = federatedConfig({
  name: 'notes',
  title: 'Notas — página isolada',
  exposes: {
    './NotesTab': './src/exposed/NotesTab.tsx',
    './NoteCreateForm': './src/exposed/NoteCreateForm.tsx',
    './NoteViewForm': './src/exposed/NoteViewForm.tsx',
  },
  // The standalone page's mock api (MSW) needs its service worker beside the build.
  copy: [require.resolve('msw/mockServiceWorker.js')],
});
