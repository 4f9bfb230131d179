/**
 * runtimeBinary: the Bun, Deno or Node binary of this platform, from the root package's
 * optionalDependencies (one package per OS and CPU; npm installs the ones that fit this machine
 * and skips the others). npm runs no install scripts, so a binary is used where its package puts
 * it, made executable here if need be. When none fits or the one found cannot run, the answer is
 * the reason — a test then fails with it (nothing is skipped).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The runtimes the tests run under. */
export type RuntimeName = 'bun' | 'deno' | 'node-22' | 'node-24' | 'node-26';

/** A runtime binary that runs here (`binary`, `version`), or why there is none (`unavailable`). */
export interface RuntimeBinary {
  name: RuntimeName;
  /** The package the binary comes from, when one is installed. */
  packageName?: string;
  binary?: string;
  /** The first line of `<binary> --version`. */
  version?: string;
  /** Set when no binary runs here; a test fails with this reason. */
  unavailable?: string;
}

/** The repository's root (this file is in `test-support/`). */
export const REPO = join(__dirname, '..');

/** Per runtime: `${platform}-${arch}` → the package and the binary's path inside it. */
const PACKAGES: Readonly<Record<RuntimeName, Readonly<Record<string, readonly [string, string]>>>> = {
  bun: {
    'linux-x64': ['@oven/bun-linux-x64', 'bin/bun'],
    'linux-arm64': ['@oven/bun-linux-aarch64', 'bin/bun'],
    'darwin-arm64': ['@oven/bun-darwin-aarch64', 'bin/bun'],
    'darwin-x64': ['@oven/bun-darwin-x64', 'bin/bun'],
  },
  deno: {
    'linux-x64': ['@deno/linux-x64-glibc', 'deno'],
    'linux-arm64': ['@deno/linux-arm64-glibc', 'deno'],
    'darwin-arm64': ['@deno/darwin-arm64', 'deno'],
    'darwin-x64': ['@deno/darwin-x64', 'deno'],
  },
  // node-darwin-* has none of these versions on the registry: on macOS the runs on other Node
  // versions report that
  'node-22': { 'linux-x64': ['node-22', 'bin/node'], 'linux-arm64': ['node-22-linux-arm64', 'bin/node'] },
  'node-24': { 'linux-x64': ['node-24', 'bin/node'], 'linux-arm64': ['node-24-linux-arm64', 'bin/node'] },
  'node-26': { 'linux-x64': ['node-26', 'bin/node'], 'linux-arm64': ['node-26-linux-arm64', 'bin/node'] },
};

/** Finds, and checks with `--version`, the binary of `name` for this platform. */
export function runtimeBinary(name: RuntimeName): RuntimeBinary {
  const platform = `${process.platform}-${process.arch}`;
  const entry = PACKAGES[name][platform];
  if (!entry) return { name, unavailable: `no ${name} package for ${platform} in the optionalDependencies (known: ${Object.keys(PACKAGES[name]).join(', ')})` };
  const [packageName, path] = entry;
  let root: string;
  try {
    root = dirname(require.resolve(`${packageName}/package.json`, { paths: [REPO] }));
  } catch {
    return { name, packageName, unavailable: `${packageName} is not installed (an optionalDependency: npm ci installs it on ${platform} unless --omit=optional)` };
  }
  const binary = join(root, path);
  if (!existsSync(binary)) return { name, packageName, binary, unavailable: `${binary} is missing from ${packageName}` };
  try {
    if ((statSync(binary).mode & 0o111) === 0) chmodSync(binary, 0o755);
  } catch (error) {
    return { name, packageName, binary, unavailable: `cannot make ${binary} executable: ${(error as Error).message}` };
  }
  const run = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 15_000 });
  if (run.error || run.status !== 0) return { name, packageName, binary, unavailable: `${binary} --version failed: ${run.error?.message ?? run.stderr.trim()}` };
  return { name, packageName, binary, version: run.stdout.trim().split('\n')[0] };
}
