// `npm start` / `npm run start:deno`: runs dist/main.js under Bun (or, with the argument `deno`,
// Deno) — the binary the repository's optionalDependencies installed for this machine
// (`@oven/bun-*`, `@deno/*`), else `bun`/`deno` from the PATH. Exits with the runtime's status.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const runtime = process.argv[2] === 'deno' ? 'deno' : 'bun';
const PACKAGES = {
  bun: { 'linux-x64': ['@oven/bun-linux-x64', 'bin/bun'], 'linux-arm64': ['@oven/bun-linux-aarch64', 'bin/bun'], 'darwin-arm64': ['@oven/bun-darwin-aarch64', 'bin/bun'], 'darwin-x64': ['@oven/bun-darwin-x64', 'bin/bun'] },
  deno: { 'linux-x64': ['@deno/linux-x64-glibc', 'deno'], 'linux-arm64': ['@deno/linux-arm64-glibc', 'deno'], 'darwin-arm64': ['@deno/darwin-arm64', 'deno'], 'darwin-x64': ['@deno/darwin-x64', 'deno'] },
};

/** The installed binary for this platform, or the bare name (looked up on the PATH). */
function binary() {
  const entry = PACKAGES[runtime][`${process.platform}-${process.arch}`];
  if (!entry) return runtime;
  try {
    const path = join(dirname(createRequire(join(here, 'package.json')).resolve(`${entry[0]}/package.json`)), entry[1]);
    if (!existsSync(path)) return runtime;
    if ((statSync(path).mode & 0o111) === 0) chmodSync(path, 0o755);
    return path;
  } catch {
    return runtime;
  }
}

const main = join(here, 'dist', 'main.js');
const args = runtime === 'deno' ? ['run', '--allow-net=127.0.0.1', '--allow-read', '--allow-env=PORT', main] : [main];
const child = spawn(binary(), args, { stdio: 'inherit' });
child.on('error', (error) => {
  console.error(`hono-server: cannot start ${runtime}: ${error.message} (install it, or run npm install at the repository root)`);
  process.exit(2);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
