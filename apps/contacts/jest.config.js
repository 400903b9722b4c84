module.exports = {
  displayName: 'contacts',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
};
