module.exports = {
  displayName: 'products',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  // jsdom plus the fetch/stream globals msw needs.
  testEnvironment: 'jest-fixed-jsdom',
};
