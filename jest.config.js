/**
 * Jest runs every package's tests from the root; TypeScript is type-checked by `npm run lint`.
 *
 * Four projects, which together run every test file (`npx jest`, `npm run test:all`, `.ci/run`):
 * - `default` — every test not named below: what `npm test` runs (`--selectProjects default`),
 *   the fast inner loop;
 * - `interop` — software nobody here wrote, run once: the official conformance suite, the
 *   official clients in all their versions and modes, MCP Inspector on Node 24, Bun and Deno,
 *   Chromium with ext-apps, TypeScript 7 on the packed packages ({@link INTEROP});
 * - `bench` — the benchmark's own tests (real bench runs, CPU pinning);
 * - `express-4` — @toolwire/express's and @toolwire/testing's tests again with the module
 *   `express` mapped to the `express-4` devDependency (an npm alias of Express 4), so the router —
 *   and the test client against a real Express app — are exercised against both majors of the
 *   peer dependency.
 * `default` is every file minus the other projects' files, so no file falls between the sets; a
 * listed file that does not exist stops Jest here (a renamed test must not leave `interop`).
 * `.ci/testSets.js` prints, after a run of some projects, which ones were not run.
 */
const { existsSync } = require('node:fs');
const { join } = require('node:path');

/** The `interop` project's files (each a path from the repository root). */
const INTEROP = [
  'examples/everything-server/test/conformance.test.ts',
  'examples/everything-server/test/conformance2026.test.ts',
  'examples/everything-server/test/client2.test.ts',
  'examples/everything-server/test/promptsInterop.test.ts',
  'examples/everything-server/test/resourcesInterop.test.ts',
  'examples/everything-server/test/sdkTasks.test.ts',
  'examples/everything-server/test/extTasksInterop.test.ts',
  'examples/everything-server/test/inspectorStrict.test.ts',
  'examples/everything-server/test/notesBoard.browser.test.ts',
  'examples/apps-server/test/browser.test.ts',
  'examples/http-server/test/sdkClientEras.test.ts',
  'examples/hono-server/test/app.test.ts',
  'packages/fetch/test/e2e/runtimes.test.ts',
  'packages/core/test/types/packedTypes.test.ts',
];

for (const file of INTEROP) {
  if (!existsSync(join(__dirname, file))) throw new Error(`jest.config.js: the interop test ${file} does not exist`);
}

/** A testPathIgnorePatterns entry (a regular expression) matching exactly `path` (from the root). */
const exactly = (path) => `<rootDir>/${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;

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
};

module.exports = {
  reporters: ['default', '<rootDir>/.ci/testSets.js'],
  // a hang guard, not a timing assertion (a global option: projects ignore it): tests that spawn
  // servers and clients must pass on a loaded machine (jest's 5 s default failed them at a load of 14)
  testTimeout: 30_000,
  // two workers even on a 2-core machine (Jest's default there is one): most test time is spent
  // waiting on spawned servers, clients, Redis and sockets, not on the CPU (measured: the default
  // project used 220 s of CPU in 181 s of wall time with one worker)
  maxWorkers: Math.max(2, require('node:os').availableParallelism() - 1),
  projects: [
    {
      ...common,
      displayName: 'default',
      roots: ['<rootDir>/packages', '<rootDir>/examples', '<rootDir>/test'],
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, ...INTEROP.map(exactly)],
    },
    {
      ...common,
      displayName: 'interop',
      roots: [...new Set(INTEROP.map((file) => `<rootDir>/${file.split('/').slice(0, 2).join('/')}`))],
      testMatch: INTEROP.map((file) => `<rootDir>/${file}`), // globs: these paths hold no glob characters
    },
    {
      ...common,
      displayName: 'bench',
      roots: ['<rootDir>/bench'],
    },
    {
      ...common,
      displayName: 'express-4',
      roots: ['<rootDir>/packages/express', '<rootDir>/packages/testing'],
      moduleNameMapper: { '^express$': 'express-4' },
    },
  ],
};
