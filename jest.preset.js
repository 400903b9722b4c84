const path = require('path');
const { pathsToModuleNameMapper } = require('ts-jest');
const { compilerOptions } = require('./tsconfig.base.json');
const esm = require('./tools/jest/esm-transform');

/**
 * Shared Jest preset. A project's jest.config.js:
 *   module.exports = { displayName: 'notes', preset: '../../jest.preset.js', rootDir: __dirname };
 * Projects that run in Node (api, tools) set testEnvironment: 'node'.
 */
module.exports = {
  testEnvironment: 'jest-fixed-jsdom',
  cacheDirectory: path.join(__dirname, '.jest-cache'),
  setupFiles: [require.resolve('./jest.setup.js')],
  setupFilesAfterEnv: [require.resolve('./jest.setup-after-env.js')],
  transform: {
    '^.+\\.tsx?$': ['@swc/jest', esm.swcOptions({ syntax: 'typescript', tsx: true })],
    ...esm.transform,
  },
  transformIgnorePatterns: esm.transformIgnorePatterns,
  moduleNameMapper: {
    ...pathsToModuleNameMapper(compilerOptions.paths, { prefix: path.join(__dirname, '/') }),
    // Jest ignores package.json "browser" fields; styled-components' default build never injects
    // createGlobalStyle rules outside server rendering, so tests use the browser build that
    // webpack picks for the real panel.
    '^styled-components$':
      require.resolve('styled-components/dist/styled-components.browser.cjs.js'),
  },
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
  // A test's time limit guards against a hang, not for speed (times live in the benches): a form
  // test that types a whole form took over Jest's 5 s on a loaded 2-core CI machine.
  testTimeout: 30000,
  moduleFileExtensions: esm.moduleFileExtensions,
  reporters: ['default', path.join(__dirname, 'tools/jest/summary-reporter.js')],
};
