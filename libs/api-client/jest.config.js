module.exports = {
  displayName: 'api-client',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'jest-fixed-jsdom',
};
