module.exports = {
  displayName: 'dev-harness',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
};
