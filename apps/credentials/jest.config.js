module.exports = {
  displayName: 'credentials',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'jest-fixed-jsdom',
};
