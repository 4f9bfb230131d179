/**
 * Jest runs every package's tests from the root; TypeScript is type-checked by `npm run lint`.
 *
 * Two projects: `default` runs every test, `express-4` runs @toolwire/express's and
 * @toolwire/testing's tests again with the module `express` mapped to the `express-4`
 * devDependency (an npm alias of Express 4), so the router — and the test client against a real
 * Express app — are exercised against both majors of the peer dependency.
 */
const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['**/test/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
    // @modelcontextprotocol/sdk 1.0.x (installed as `sdk-1-0` for the interop tests) ships ES
    // modules only; Jest's CommonJS runtime needs them transpiled.
    // jose (used by @toolwire/jwt) is ES modules only as well, and so is light-my-request's cookie (fastify.inject),
    // and arktype (with @ark/* and arkregex), one of the Standard Schema libraries the tests declare tools with.
    '/node_modules/(sdk-1-0|jose|cookie|arktype|@ark|arkregex)/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022', esModuleInterop: true, isolatedModules: true } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(sdk-1-0|jose|cookie|arktype|@ark|arkregex)/)(?!.*/node_modules/cookie/)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // a hang guard, not a timing assertion: tests that spawn servers and clients must pass on a
  // loaded machine (jest's 5 s default failed them at a load average of 14)
  testTimeout: 30_000,
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'default',
      roots: ['<rootDir>/packages', '<rootDir>/examples', '<rootDir>/bench', '<rootDir>/test'],
    },
    {
      ...common,
      displayName: 'express-4',
      roots: ['<rootDir>/packages/express', '<rootDir>/packages/testing'],
      moduleNameMapper: { '^express$': 'express-4' },
    },
  ],
};
