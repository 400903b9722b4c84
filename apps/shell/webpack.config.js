const { federatedConfig } = require('../../tools/webpack/federation');

module.exports = federatedConfig({
  name: 'shell',
  title: 'RD Station CRM',
  copy: ['runtime-config.json'],
});
