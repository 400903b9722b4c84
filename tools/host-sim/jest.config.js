const esm = require('../jest/esm-transform');
const preset = require('../../jest.preset.js');

// jose (the identity issuer) is ESM-only: compiled to CommonJS like the preset's ESM-only list.
const [ignoreNodeModules] = esm.transformIgnorePatterns;
if (!ignoreNodeModules.includes('(?!(')) throw new Error('host-sim: unexpected preset pattern');

module.exports = {
  displayName: 'host-sim',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'node',
  transformIgnorePatterns: [ignoreNodeModules.replace('(?!(', '(?!(jose|')],
  // The browser client imports its modules as the bundle names them ('./frameCommands.js').
  moduleNameMapper: { ...preset.moduleNameMapper, '^(\\.{1,2}/.*)\\.js$': '$1' },
  // The browser test starts Chromium and three servers.
  testTimeout: 60000,
};
