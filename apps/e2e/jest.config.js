module.exports = {
  displayName: 'e2e',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'node',
  testTimeout: 90000,
  maxWorkers: 1,
};
