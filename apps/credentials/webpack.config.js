const { federatedConfig } = require('../../tools/webpack/federation');

module.exports = federatedConfig({
  name: 'credentials',
  title: 'Credenciais — página isolada',
  exposes: {
    './CredentialsNeeded': './src/exposed/CredentialsNeeded.tsx',
    './TermsPage': './src/exposed/TermsPage.tsx',
    './CredentialsSetupPage': './src/exposed/CredentialsSetupPage.tsx',
    './CredentialsManagerPage': './src/exposed/CredentialsManagerPage.tsx',
    './RemoveIntegrationPage': './src/exposed/RemoveIntegrationPage.tsx',
    './LoginPromptPage': './src/exposed/LoginPromptPage.tsx',
    './LoginPage': './src/exposed/LoginPage.tsx',
    './AuthPopupPage': './src/exposed/AuthPopupPage.tsx',
  },
  // The standalone page's mock api runs in an MSW service worker served beside the build.
  copy: [require.resolve('msw/mockServiceWorker.js')],
});
