// The server's Jest projects, spread into the root jest.config.cjs: the same tests twice, once against
// PGlite and once against a real PostgreSQL server (TEST_DATABASE_URL, or one the global setup starts).
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
 * Dependencies Jest must transform: content-disposition and cookie 2 are ESM-only, and the CommonJS
 * builds of @fastify/cookie and PGlite load modules with import(), which Jest's module sandbox refuses
 * without --experimental-vm-modules (SWC turns those into require).
 */
const transformedPackages = ['content-disposition', 'cookie', '@fastify/cookie', '@electric-sql/pglite'];

function serverProject(engine) {
  return {
    displayName: `server:${engine}`,
    rootDir: __dirname,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/src/**/*.test.ts'],
    transform: { '^.+\\.(c?js|ts)$': swcTransform },
    transformIgnorePatterns: [`node_modules/(?!(\\.pnpm/)?(${transformedPackages.map((name) => name.replace('/', '[+/]')).join('|')})[@/])`],
    moduleNameMapper: {
      '^@negayno/shared/contract$': path.join(repoRoot, 'shared/src/contract/index.ts'),
      '^@negayno/shared/live-rooms$': path.join(repoRoot, 'shared/src/api/live-rooms.ts'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    // `*.pg.test.ts`: tests that only make sense on a PostgreSQL server (several server processes on
    // one database, issue 18); the PGlite project leaves them out, by name rather than by a skip.
    ...(engine === 'pglite' ? { testPathIgnorePatterns: ['\\.pg\\.test\\.ts$'] } : {}),
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
