module.exports = {
  displayName: 'notes',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
};
