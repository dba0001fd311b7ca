// One Jest run for the whole suite: shared code, every remote, and the server (on PostgreSQL, and its
// engine-sensitive files again on PGlite: server/jest.projects.cjs).
const { frontendProject } = require('./jest.frontend.cjs');

module.exports = {
  projects: [
    frontendProject('shared'),
    frontendProject('host'),
    ...require('./shared/src/contract/remotes.json').map(frontendProject),
    ...require('./server/jest.projects.cjs'),
    // The lint setup's own rules (boundaries between the packages and the server's parts), on fixtures.
    { displayName: 'lint', rootDir: `${__dirname}/lint`, testEnvironment: 'node', testMatch: ['<rootDir>/**/*.test.cjs'], transform: {} },
    // The scripts behind `npm start` and `npm test` (the build lock).
    { displayName: 'scripts', rootDir: `${__dirname}/scripts`, testEnvironment: 'node', testMatch: ['<rootDir>/**/*.test.cjs'], transform: {} },
    // The builds' own plugins (the chunk report the size bench reads).
    { displayName: 'webpack', rootDir: `${__dirname}/shared/webpack`, testEnvironment: 'node', testMatch: ['<rootDir>/**/*.test.cjs'], transform: {} },
  ],
  // A global option (Jest ignores it per project): PGlite and PostgreSQL set-ups take seconds on 2 cores,
  // and a set-up (a fresh database per suite) took past 30 s while other builds shared the cores.
  testTimeout: 60_000,
  // Three workers on the two cores: a server test spends much of its time waiting on PostgreSQL (another
  // process), which Jest's default of cores − 1 = one worker left idle (a sample of six files: 132 s → 110 s
  // on a loaded machine with two); the whole run took 334 s with three against 371 s with two.
  maxWorkers: 3,
};
