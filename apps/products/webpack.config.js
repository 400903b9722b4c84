const { federatedConfig } = require('../../tools/webpack/federation');

module.exports = federatedConfig({
  name: 'products',
  title: 'Produtos e Serviços — página isolada',
  exposes: { './ProductsTab': './src/exposed/ProductsTab.tsx' },
});
