/** Results file: everything one run measured, as JSON in `bench/results/` (gitignored). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, type as osType, release } from 'node:os';
import { join } from 'node:path';

/** Writes `results` with run metadata to `<dir>/bench-<timestamp>.json` and returns the path. */
export function writeResults(dir: string, argv: readonly string[], results: Record<string, unknown>): string {
  mkdirSync(dir, { recursive: true });
  const date = new Date();
  const file = join(dir, `bench-${date.toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { node: process.version, os: `${osType()} ${release()}`, cpus: cpus().length, cpu: cpus()[0]?.model, memoryMB: Math.round(totalmem() / 2 ** 20) };
  const numbers = (_key: string, value: unknown): unknown => (typeof value === 'number' && !Number.isFinite(value) ? null : value);
  writeFileSync(file, `${JSON.stringify({ date: date.toISOString(), command: ['npm run bench', ...(argv.length ? ['--', ...argv] : [])].join(' '), machine, ...results }, numbers, 2)}\n`);
  return file;
}
