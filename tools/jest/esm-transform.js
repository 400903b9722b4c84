const path = require('path');

/**
 * msw 2 (and so @crm-panel/api-client/testing) pulls a few ESM-only packages, and Jest here runs
 * CommonJS on Node 20: those packages are compiled to CommonJS. Part of jest.preset.js.
 */
// msw: rettime, until-async, @open-draft/deferred-promise; Fastify's inject and swagger-ui: cookie,
// content-disposition. The router: wouter.
const ESM_ONLY = [
  'wouter',
  'rettime',
  'until-async',
  '@open-draft/deferred-promise',
  'cookie',
  'content-disposition',
  'jose',
];

module.exports = {
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  transform: {
    '^.+\\.m?js$': [
      'ts-jest',
      {
        tsconfig: {
          rootDir: path.join(__dirname, '../..'),
          allowJs: true,
          module: 'commonjs',
          target: 'es2022',
          esModuleInterop: true,
          isolatedModules: true,
        },
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
};
