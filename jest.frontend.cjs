// Jest project for a browser package: jsdom, TypeScript through SWC, @negayno/shared from source.
const path = require('node:path');

const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** ESM-only packages that Jest must transform (STACK.md). */
const esmPackages = ['quill', 'parchment', 'idb', 'lodash-es', 'linkify-it', 'uc.micro', 'mdurl'];

function frontendProject(dir) {
  return {
    displayName: dir,
    rootDir: path.join(__dirname, dir),
    testEnvironment: path.join(__dirname, 'shared/test/jsdom-environment.cjs'),
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    transform: { '^.+\\.(t|j)sx?$': swcTransform },
    transformIgnorePatterns: [`node_modules/(?!(\\.pnpm/)?(${esmPackages.join('|')}))`],
    moduleNameMapper: {
      '^@negayno/shared/(contract|api|bus|stores|i18n|ui|lib|fluent)$': path.join(__dirname, 'shared/src/$1/index.ts'),
      // The host's deferred parts read the whole kit through the share (shared/webpack/index.cjs).
      '^@negayno/shared/contract/([a-z-]+)$': path.join(__dirname, 'shared/src/contract/$1.ts'),
      '^@negayno/shared/fluent-kit$': path.join(__dirname, 'shared/src/fluent/index.ts'),
      '^@negayno/shared/fluent-drawers$': path.join(__dirname, 'shared/src/fluent/drawers.ts'),
      '^@negayno/shared/fluent-panels$': path.join(__dirname, 'shared/src/fluent/panels.ts'),
      '^@negayno/shared/fluent-base$': path.join(__dirname, 'shared/src/fluent/base.ts'),
      '^@negayno/shared/work-stores$': path.join(__dirname, 'shared/src/stores/work.ts'),
      '^@negayno/shared/testing$': path.join(__dirname, 'shared/src/testing/index.tsx'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
      '\\.(css)$': path.join(__dirname, 'shared/test/style-stub.cjs'),
    },
    setupFilesAfterEnv: [path.join(__dirname, 'shared/test/setup-dom.ts')],
  };
}

module.exports = { frontendProject, swcTransform };
