// Lint configuration: typescript-eslint's recommended rules over every package, example and benchmark.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', 'docs/api/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly', console: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly',
        setImmediate: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', URL: 'readonly',
        __dirname: 'readonly', require: 'readonly', module: 'writable', globalThis: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'express', 'http', 'stream', 'fs', 'net'] }],
    },
  },
  {
    files: ['packages/express/src/**/*.ts', 'packages/stdio/src/**/*.ts', 'packages/fastify/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@toolwire/core/*', '!@toolwire/core/transport', '!@toolwire/core/http', '!@toolwire/core/task-store', '../../core/*', '../../../core/*'] }],
    },
  },
  {
    // @toolwire/testing: core's public entries and node: built-ins; never Express or supertest (a target is any shape that fits)
    files: ['packages/testing/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@toolwire/core/*', '!@toolwire/core/transport', '!@toolwire/core/http', '!@toolwire/core/task-store', '../../core/*', '../../../core/*', 'express', 'supertest', '@toolwire/express', '@toolwire/express/*'] }],
    },
  },
  {
    // @toolwire/fetch runs on Web-standard runtimes (Workers have no node: modules)
    files: ['packages/fetch/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', '@toolwire/core/*', '../../core/*', '../../../core/*', 'express', 'http', 'stream', 'fs', 'net', '!@toolwire/core/transport', '!@toolwire/core/http', '!@toolwire/core/task-store'] }],
    },
  },
  {
    // @toolwire/jwt: core's public entry and jose only; Web-standard APIs (fetch, URL), no node:
    files: ['packages/jwt/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', '@toolwire/core/*', '../../core/*', '../../../core/*', 'express', 'http', 'stream', 'fs', 'net', '!@toolwire/core/transport', '!@toolwire/core/http', '!@toolwire/core/task-store'] }],
    },
  },
  {
    // type-aware promise rules on every package's source: no Promise left unhandled, none passed
    // where a void callback is expected (the rule chain and the transports may go asynchronous)
    files: ['packages/*/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
