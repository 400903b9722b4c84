module.exports = {
  displayName: 'crm-sandbox',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'node',
};
