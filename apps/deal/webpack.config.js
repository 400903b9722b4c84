const { federatedConfig } = require('../../tools/webpack/federation');

module.exports = federatedConfig({
  name: 'deal',
  title: 'Negociação — página isolada',
  exposes: {
    './DealToolbar': './src/exposed/DealToolbar.tsx',
    './DealGeneralTab': './src/exposed/DealGeneralTab.tsx',
    './DealCreateForm': './src/exposed/DealCreateForm.tsx',
  },
  // The standalone page's mock api runs in a service worker served beside the build.
  copy: [require.resolve('msw/mockServiceWorker.js')],
});
