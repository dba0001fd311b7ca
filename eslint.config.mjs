// One lint setup for the whole workspace: TypeScript rules, React hooks rules, no dead imports.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * The boundaries between the parts, as `no-restricted-imports` patterns on the import's text (each
 * part's files get the workspace-wide restrictions plus their own, since a later block's options
 * replace an earlier one's). lint/boundaries.test.cjs breaks each on purpose and expects the failure.
 */
const WORKSPACE_PATHS = [
  {
    name: '@fluentui/react-components',
    message: "Import Fluent UI from '@negayno/shared/fluent' (the shared kit), adding the component there if it is missing.",
  },
  {
    name: 'react-i18next',
    message: "Import useTranslation from '@negayno/shared/i18n': react-i18next lives inside that shared module, one copy a page.",
  },
];
const WORKSPACE_PATTERNS = [{ group: ['@negayno/shared/src/*', '**/shared/src/*'], message: 'Import @negayno/shared through its exports map.' }];

/** The host and the remotes are separate builds joined at run time by Module Federation: no static import between them. */
const OTHER_APPS = [
  {
    regex: '^@negayno/(host|mf-[\\w-]+)(/|$)',
    message: 'The host and the remotes never import each other: share code through @negayno/shared, talk through the bus.',
  },
  {
    regex: '^(\\.\\./)+(host|mf-[\\w-]+)(/|$)',
    message: 'The host and the remotes never import each other: share code through @negayno/shared, talk through the bus.',
  },
  { regex: '^(host|mf_\\w+)(/|$)', message: 'Federated modules are loaded at run time by the host (remotes.json), never imported.' },
];
const CONTRACT_ONLY = [
  { regex: '^(?!zod$|\\./)', message: 'shared/src/contract is read by the browser and the server alike: it imports only zod and its own files.' },
];
// The contract's index, and its files kept out of the index so the first screen's bundle (which shares
// the index whole) does not carry what only the server and one remote read (`@negayno/shared/contract/search`…).
const SERVER_SHARED = [
  {
    regex: '^@negayno/shared(?!/contract(/[\\w-]+)?$)(/|$)',
    message: 'The server imports only @negayno/shared/contract (and its files) of the shared package.',
  },
];
/** Besides the contract, the browser's catch-up on live events (plain TypeScript over socket.io-client), for the fault harness's clients. */
const SERVER_SHARED_OR_LIVE_ROOMS = [
  { regex: '^@negayno/shared(?!/(contract|live-rooms)$)(/|$)', message: 'The fault harness imports only the contract and live-rooms of the shared package.' },
];
const FRONT_DOOR_MESSAGE = 'Reach another server module only through its front door, modules/<name>/index.ts (export what is needed there).';
/** From inside a module: a sibling module's file other than index.js. */
const SIBLING_SIDE_DOOR = [{ regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.js$)', message: FRONT_DOOR_MESSAGE }];
/** From anywhere: a path through modules/<name>/ to a file other than index.js. */
const MODULES_SIDE_DOOR = [{ regex: '^\\.\\.?/(.*/)?modules/[^/]+/(?!index\\.js$)', message: FRONT_DOOR_MESSAGE }];
const INFRA_CLEAN = [
  {
    regex: '^\\.\\.?/(.*/)?modules(/|$)',
    message: 'Infrastructure (mail, rate limits, realtime) serves the modules and never imports one: take what it needs as a parameter.',
  },
];

function restrictImports(...patterns) {
  return ['error', { paths: WORKSPACE_PATHS, patterns: [...WORKSPACE_PATTERNS, ...patterns.flat()] }];
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist.next/**',
      '**/dist.old/**',
      '**/node_modules/**',
      '.tools/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'coverage/**',
      'lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['warn', { allow: ['warn', 'error'] }],
      'no-restricted-imports': restrictImports(),
    },
  },
  {
    files: ['shared/src/fluent/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // The one module that holds react-i18next (its comment says why).
  {
    files: ['shared/src/i18n/index.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: WORKSPACE_PATHS.filter((path) => path.name !== 'react-i18next'), patterns: WORKSPACE_PATTERNS }] },
  },
  { files: ['host/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrictImports(OTHER_APPS) } },
  { files: ['shared/src/contract/**/*.ts'], ignores: ['**/*.test.ts'], rules: { 'no-restricted-imports': restrictImports(CONTRACT_ONLY) } },
  { files: ['server/**/*.ts'], rules: { 'no-restricted-imports': restrictImports(SERVER_SHARED, MODULES_SIDE_DOOR) } },
  { files: ['server/src/modules/**/*.ts'], rules: { 'no-restricted-imports': restrictImports(SERVER_SHARED, MODULES_SIDE_DOOR, SIBLING_SIDE_DOOR) } },
  { files: ['server/src/infra/**/*.ts'], rules: { 'no-restricted-imports': restrictImports(SERVER_SHARED, INFRA_CLEAN) } },
  // The fault harness's simulated people catch up on live events as the browser does (issue 18).
  {
    files: ['server/src/test/fault-harness/**/*.ts'],
    rules: { 'no-restricted-imports': restrictImports(SERVER_SHARED_OR_LIVE_ROOMS, MODULES_SIDE_DOOR) },
  },
  {
    files: ['**/*.{cjs,mjs,js}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-console': 'off' },
  },
  {
    files: ['**/*.test.{cjs,mjs,js}'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'e2e/**', 'server/src/cli.ts', 'server/src/release-cli.ts', 'server/src/main.ts', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
