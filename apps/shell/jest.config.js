module.exports = {
  displayName: 'shell',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'jest-fixed-jsdom',
};
