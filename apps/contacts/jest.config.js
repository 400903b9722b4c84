module.exports = {
  displayName: 'contacts',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  // jsdom plus the fetch/stream globals msw needs (api-client/testing).
  testEnvironment: 'jest-fixed-jsdom',
};
