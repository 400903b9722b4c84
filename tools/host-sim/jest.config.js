module.exports = {
  displayName: 'host-sim',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'node',
  // The browser test starts Chromium and three servers.
  testTimeout: 60000,
};
