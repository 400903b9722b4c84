import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import crmPanel from './tools/eslint/module-boundaries.mjs';
import crmPanelStyle from './tools/eslint/style-rules.mjs';
import crmPanelCache from './tools/eslint/cache-rules.mjs';
import crmPanelCycles from './tools/eslint/import-cycles.mjs';

const PANEL_APPS = '{shell,deal,notes,tasks,products,contacts,credentials}';

const ROUTER_IMPORTS = ['react-router', 'react-router-dom', 'react-router/dom'].map((name) => ({
  name,
  message: "Import the router from '@crm-panel/contracts/router' (one shared router).",
}));
const HTTP_IMPORTS = ['axios'].map((name) => ({
  name,
  message:
    "Call the api through '@crm-panel/api-client' (axios lives in its transport, src/client/http.ts).",
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.nx/**',
      'coverage/**',
      'bench/results/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    plugins: { 'crm-panel': crmPanel, 'crm-panel-style': crmPanelStyle, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'crm-panel/enforce-module-boundaries': 'error',
      'crm-panel/no-feature-climbing': 'error',
      'crm-panel-style/styled-prefix': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      // `interface Deal extends DealRecord {}` names a type derived from a wire schema, so the
      // compiler (and a lib's recorded public surface) reads it by that name.
      '@typescript-eslint/no-empty-object-type': [
        'error',
        { allowInterfaces: 'with-single-extends' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]",
          message: 'Focused tests are not allowed.',
        },
        {
          selector:
            "CallExpression[callee.property.name='skip'][callee.object.name=/^(it|test|describe)$/]",
          message: 'Skipped tests are not allowed.',
        },
      ],
    },
  },
  {
    // One router per page, shared as one module (libs/contracts/src/router.ts), the one place
    // that imports the package; one HTTP client, axios, behind the api-client's one transport
    // module (libs/api-client/src/client/http.ts), the one place that imports axios.
    files: ['**/*.{ts,tsx,mts,js,cjs,mjs}'],
    rules: { 'no-restricted-imports': ['error', { paths: [...ROUTER_IMPORTS, ...HTTP_IMPORTS] }] },
  },
  {
    // No import cycles anywhere in the workspace, type imports included (tools/eslint/import-cycles.mjs).
    files: ['**/*.{ts,tsx,mts,js,cjs,mjs}'],
    plugins: { 'crm-panel-cycles': crmPanelCycles },
    rules: { 'crm-panel-cycles/no-import-cycle': 'error' },
  },
  {
    files: ['libs/contracts/src/router.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: HTTP_IMPORTS }] },
  },
  {
    files: ['libs/api-client/src/client/http.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ROUTER_IMPORTS }] },
  },
  {
    // The panel's apps take colours and sizes from the theme (libs/ui), tests included.
    files: [`apps/${PANEL_APPS}/src/**/*.{ts,tsx}`],
    rules: { 'crm-panel-style/no-raw-style-values': 'error' },
  },
  {
    // Writes and cache rules live in api-client (libs/api-client/src/writes); tests may set a
    // cache up by hand.
    files: [`apps/${PANEL_APPS}/src/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', '**/test-utils.tsx'],
    plugins: { 'crm-panel-cache': crmPanelCache },
    rules: { 'crm-panel-cache/no-cache-api-in-apps': 'error' },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    plugins: { 'crm-panel': crmPanel },
    languageOptions: { globals: { ...globals.node }, sourceType: 'commonjs' },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      'crm-panel/enforce-module-boundaries': 'error',
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
);
