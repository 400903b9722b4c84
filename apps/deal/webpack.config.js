const { federatedConfig } = require('../../tools/webpack/federation');

module.exports = federatedConfig({
  name: 'deal',
  title: 'Negociação — página isolada',
  exposes: {
    './DealToolbar': './src/exposed/DealToolbar.tsx',
    './DealGeneralTab': './src/exposed/DealGeneralTab.tsx',
  },
});
