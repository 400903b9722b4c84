module.exports = {
  displayName: 'products',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
};
