// One Jest run for the whole suite: shared code, every remote, and the server twice
// (against PGlite and against a real PostgreSQL server).
const { frontendProject } = require('./jest.frontend.cjs');

module.exports = {
  projects: [
    frontendProject('shared'),
    frontendProject('host'),
    ...require('./shared/src/contract/remotes.json').map(frontendProject),
    ...require('./server/jest.projects.cjs'),
  ],
  // A global option (Jest ignores it per project): PGlite and PostgreSQL set-ups take seconds on 2 cores.
  testTimeout: 30_000,
};
