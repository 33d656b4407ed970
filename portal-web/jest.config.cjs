// @ts-check
/**
 * The portal's unit tests on their own (`npm test -w @ems/portal-web`), without the root unit
 * project's database setup. The same files run in the root `jest` once its unit project matches
 * portal-web/{src,scripts}/**\/*.test.ts.
 */
/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/{src,scripts}/**/*.test.ts'],
  transform: {
    '^.+\\.(ts|tsx|js|mjs)$': [
      'ts-jest',
      { tsconfig: { isolatedModules: true, allowJs: true, module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true } },
    ],
  },
};
