/**
 * The built package as users get it: `require()` and `import` both give the same
 * RedisTaskStore, types ship beside the code, and the only dependencies are core and
 * @redis/client.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

describe('@toolwire/redis package entry', () => {
  it('ships type declarations for its entry', () => {
    expect(readFileSync(join(root, pkg.types), 'utf8')).toContain('RedisTaskStore');
    expect(existsSync(join(root, 'README.md')) && existsSync(join(root, 'LICENSE'))).toBe(true);
  });

  it('gives require() and import the same RedisTaskStore', () => {
    const out = execFileSync(process.execPath, [
      '--input-type=module',
      '-e',
      `import { createRequire } from 'node:module';
       import { RedisTaskStore, DEFAULT_KEY_PREFIX } from '@toolwire/redis';
       const cjs = createRequire(import.meta.url)('@toolwire/redis');
       process.stdout.write(JSON.stringify([cjs.RedisTaskStore === RedisTaskStore, typeof RedisTaskStore.connect, DEFAULT_KEY_PREFIX]));`,
    ], { cwd: root, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual([true, 'function', 'toolwire:tasks:']);
  });
});
