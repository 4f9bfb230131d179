/** Results file: everything one run measured, as JSON in `bench/results/` (gitignored), and reading one back. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, type as osType, release } from 'node:os';
import { join } from 'node:path';
import type { HttpSample } from './httpSuite';
import type { StdioSample } from './stdioSuite';
import type { PingPongSample } from './pingPongSuite';
import type { ProgressSample } from './progressSuite';
import type { MicroResult } from '../micro/dispatcherMicro';
import type { ColdStartRun } from './coldStartSuite';
import type { BundleSample } from './bundleSuite';

/** The commit of the measured code, and whether tracked files differ from it; undefined outside a git checkout. */
export function sourceCommit(cwd = __dirname): SavedRun['commit'] {
  try {
    const git = (...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 }).trim();
    return { hash: git('rev-parse', '--short=12', 'HEAD'), dirty: git('status', '--porcelain', '--untracked-files=no') !== '' };
  } catch {
    return undefined;
  }
}

/**
 * Writes `results` with the run's metadata — when it ended, the command, the machine (Node
 * version, OS, CPU model and count, memory) and the commit measured — to
 * `<dir>/bench-<timestamp>.json` and returns the path. `results` adds the rest (the seconds the run
 * took, the load averages at its start and end, the samples).
 */
export function writeResults(dir: string, argv: readonly string[], results: Record<string, unknown>): string {
  mkdirSync(dir, { recursive: true });
  const date = new Date();
  const file = join(dir, `bench-${date.toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { node: process.version, os: `${osType()} ${release()}`, cpus: cpus().length, cpu: cpus()[0]?.model, memoryMB: Math.round(totalmem() / 2 ** 20) };
  const numbers = (_key: string, value: unknown): unknown => (typeof value === 'number' && !Number.isFinite(value) ? null : value);
  const command = ['npm run bench', ...(argv.length ? ['--', ...argv] : [])].join(' ');
  writeFileSync(file, `${JSON.stringify({ date: date.toISOString(), command, machine, commit: sourceCommit(), ...results }, numbers, 2)}\n`);
  return file;
}

/** A results file as {@link readResults} returns it (the parts a run left out are empty). */
export interface SavedRun {
  /** When the run ended (ISO). */
  date: string;
  command: string;
  machine: { node: string; os: string; cpus: number; cpu?: string; memoryMB: number };
  /** The commit measured (runs before 2026-12-06, or outside a git checkout, have none). */
  commit?: { hash: string; dirty: boolean };
  /** Seconds the whole run took. */
  seconds: number;
  /** The 1/5/15-minute load averages at the start and at the end (runs before 2026-12-04 have none). */
  load?: { start: number[]; end: number[] };
  settings: { pingPongWarmup: number; progressCalls: number; progressConcurrency: number };
  http: HttpSample[];
  stdio: StdioSample[];
  pingPong: PingPongSample[];
  progress: ProgressSample[];
  micro: MicroResult[];
  /** The cold-start suite (runs before 2026-12-06, or without it, have none). */
  coldStart: ColdStartRun;
  /** The bundle-size suite (likewise). */
  bundles: BundleSample[];
}

/** Reads a results file back; figures the file stores as `null` (not measured) become NaN again. */
export function readResults(file: string): SavedRun {
  const raw = JSON.parse(readFileSync(file, 'utf8'), (_key, value: unknown) => (value === null ? NaN : value)) as Record<string, unknown>;
  const options = (raw.options ?? {}) as { pingPongWarmup?: number; progressCalls?: number };
  const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
  return {
    date: String(raw.date),
    command: String(raw.command),
    machine: raw.machine as SavedRun['machine'],
    commit: raw.commit as SavedRun['commit'],
    seconds: Number(raw.seconds),
    load: raw.load as SavedRun['load'],
    settings: (raw.settings as SavedRun['settings'] | undefined) ?? { pingPongWarmup: options.pingPongWarmup ?? 5000, progressCalls: options.progressCalls ?? 2000, progressConcurrency: 8 },
    http: list<HttpSample>((raw.http as { samples?: unknown } | undefined)?.samples),
    stdio: list<StdioSample>(raw.stdio),
    pingPong: list<PingPongSample>(raw.pingPong),
    progress: list<ProgressSample>(raw.progress),
    micro: list<MicroResult>(raw.micro),
    coldStart: { samples: list((raw.coldStart as ColdStartRun | undefined)?.samples), footprints: list((raw.coldStart as ColdStartRun | undefined)?.footprints) },
    bundles: list<BundleSample>(raw.bundles),
  };
}
