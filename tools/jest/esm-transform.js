/**
 * msw 2 (and so @crm-panel/api-client/testing) pulls a few ESM-only packages, and Jest here runs
 * CommonJS on Node 20: those packages are compiled to CommonJS. Part of jest.preset.js.
 */
// msw: rettime, until-async, @open-draft/deferred-promise; Fastify's inject and swagger-ui: cookie,
// content-disposition.
const ESM_ONLY = [
  'rettime',
  'until-async',
  '@open-draft/deferred-promise',
  'cookie',
  'content-disposition',
  'jose',
];

/**
 * SWC's options for Jest: CommonJS for Node 20, ES2022 as tsconfig.base.json, React's automatic
 * JSX runtime ("jsx": "react-jsx"). Types are only stripped (isolatedModules): `npm test`'s
 * typecheck step checks them, not the tests.
 */
function swcOptions(parser) {
  return {
    jsc: {
      parser,
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  };
}

module.exports = {
  swcOptions,
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  transform: {
    '^.+\\.m?js$': ['@swc/jest', swcOptions({ syntax: 'ecmascript' })],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
};
