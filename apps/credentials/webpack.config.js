const { federatedConfig } = require('../../tools/webpack/federation');

module.exports = federatedConfig({
  name: 'credentials',
  title: 'Credenciais — página isolada',
  exposes: { './CredentialsNeeded': './src/exposed/CredentialsNeeded.tsx' },
});
