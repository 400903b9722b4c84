const { federatedConfig } = require('../../tools/webpack/federation');

module.exports = federatedConfig({
  name: 'products',
  title: 'Produtos e Serviços — página isolada',
  exposes: {
    './ProductsTab': './src/exposed/ProductsTab.tsx',
    './ProductForm': './src/exposed/ProductForm.tsx',
  },
  // The standalone page's mock api runs in this service worker.
  copy: [require.resolve('msw/mockServiceWorker.js')],
});
