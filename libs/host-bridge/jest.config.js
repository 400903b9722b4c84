module.exports = {
  displayName: 'host-bridge',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'jest-fixed-jsdom',
  setupFilesAfterEnv: [require.resolve('../../jest.setup-after-env.js')],
};
