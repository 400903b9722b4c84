const { federatedConfig } = require('../../tools/webpack/federation');

module.exports = federatedConfig({
  name: 'contacts',
  title: 'Contatos — página isolada',
  exposes: {
    './ContactHeader': './src/exposed/ContactHeader.tsx',
    './ContactLinkingPage': './src/exposed/ContactLinkingPage.tsx',
    './ContactEditForm': './src/exposed/ContactEditForm.tsx',
  },
  // The standalone page answers api calls with the mock world through this service worker.
  copy: [require.resolve('msw/mockServiceWorker.js')],
});
