const { federatedConfig } = require('../../tools/webpack/federation');

module.exports = federatedConfig({
  name: 'contacts',
  title: 'Contatos — página isolada',
  exposes: { './ContactHeader': './src/exposed/ContactHeader.tsx' },
});
