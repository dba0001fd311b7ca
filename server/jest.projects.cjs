// The server's Jest projects, spread into the root jest.config.cjs. The whole suite runs against a real
// PostgreSQL server (TEST_DATABASE_URL, or one the global setup starts): production's engine. PGlite (the
// embedded default of `npm start`) runs again only the files whose behaviour depends on the engine
// (docs/decisions.md, "Issue 34: which engine runs which tests").
const path = require('node:path');

const repoRoot = path.join(__dirname, '..');

/** TypeScript (not TSX: generic arrows must parse) to CommonJS; SWC rewrites import.meta for CJS. */
const swcTransform = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

/**
 * Dependencies Jest must transform: content-disposition, cookie 2 and marked are ESM-only, and the CommonJS
 * builds of @fastify/cookie and PGlite load modules with import(), which Jest's module sandbox refuses
 * without --experimental-vm-modules (SWC turns those into require).
 */
const transformedPackages = ['content-disposition', 'cookie', 'marked', '@fastify/cookie', '@electric-sql/pglite'];

/**
 * The files run on PGlite as well: the database layer itself, everything whose correctness rests on how
 * the engine serialises concurrent transactions (one connection in PGlite, a pool and row locks in
 * PostgreSQL), the socket adapter chosen per engine, the demo `npm start` seeds into PGlite, big reads
 * that take PGlite's JSON path, and one whole life cycle as a smoke test of the default install.
 */
const ENGINE_SENSITIVE = [
  'db/migrate.test.ts',
  'db/errors.test.ts',
  'db/auto-analyze.test.ts',
  'modules/money/concurrency.test.ts',
  'modules/money/crash.test.ts',
  'modules/ops/payout-race.test.ts',
  'modules/auth/limits-parallel.test.ts',
  'infra/realtime/adapter.test.ts',
  'seed/demo.test.ts',
  'modules/tasks/board-answers.test.ts',
  'modules/workflow/life-cycle.test.ts',
  // pg_trgm is an extension PGlite loads itself (connection.ts): search must work on both engines.
  'modules/search/search.test.ts',
  // An import is one transaction of thousands of rows, and its 2,000-card figure holds on the default install too.
  'modules/portability/import/import.test.ts',
  // A project's export reads in pages behind a row-value cursor and streams a zip: on the default install's engine too.
  'modules/portability/export.test.ts',
];

// A renamed file would silently drop out of the PGlite run: say so instead.
for (const file of ENGINE_SENSITIVE) {
  if (!require('node:fs').existsSync(path.join(__dirname, 'src', file)))
    throw new Error(`server/jest.projects.cjs: ${file} is listed to run on PGlite but does not exist`);
}

function serverProject(engine) {
  return {
    displayName: `server:${engine}`,
    rootDir: __dirname,
    testEnvironment: 'node',
    testMatch: engine === 'pg' ? ['<rootDir>/src/**/*.test.ts'] : ENGINE_SENSITIVE.map((file) => `<rootDir>/src/${file}`),
    transform: { '^.+\\.(c?js|ts)$': swcTransform },
    transformIgnorePatterns: [`node_modules/(?!(\\.pnpm/)?(${transformedPackages.map((name) => name.replace('/', '[+/]')).join('|')})[@/])`],
    moduleNameMapper: {
      '^@negayno/shared/contract$': path.join(repoRoot, 'shared/src/contract/index.ts'),
      '^@negayno/shared/contract/([a-z-]+)$': path.join(repoRoot, 'shared/src/contract/$1.ts'),
      '^@negayno/shared/live-rooms$': path.join(repoRoot, 'shared/src/api/live-rooms.ts'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    setupFiles: [path.join(__dirname, `src/test/jest/use-${engine}.ts`)],
    ...(engine === 'pg'
      ? {
          globalSetup: path.join(__dirname, 'src/test/jest/postgres-global-setup.ts'),
          globalTeardown: path.join(__dirname, 'src/test/jest/postgres-global-teardown.ts'),
        }
      : {}),
  };
}

module.exports = [serverProject('pglite'), serverProject('pg')];
module.exports.ENGINE_SENSITIVE = ENGINE_SENSITIVE;
