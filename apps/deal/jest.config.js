module.exports = {
  displayName: 'deal',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'jest-fixed-jsdom',
  // Form journeys click through many dropdowns; a busy shared machine needs the headroom.
  testTimeout: 30000,
};
