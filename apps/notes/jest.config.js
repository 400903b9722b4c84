module.exports = {
  displayName: 'notes',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  // jsdom plus the fetch/stream globals msw (api-client/testing) needs.
  testEnvironment: 'jest-fixed-jsdom',
};
