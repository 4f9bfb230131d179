/**
 * conformance2026: the official MCP conformance suite at its 2026-07-28 release
 * (`@modelcontextprotocol/conformance@0.2.0-alpha.12`, installed under its real name in the
 * private workspace `examples/conformance-2026` beside 0.1.16 at the root) against this example
 * over HTTP. One run of the frozen 2026-07-28 requirement set with the expected-failures file
 * `conformance/baseline-2026.yml` (the suite fails it on an unexpected failure, a WARNING or a
 * stale entry), plus the scenarios that set leaves unscored (pending) run one by one, each of
 * which must pass. The ten `tasks-*` scenarios of the tasks extension run in the requirement run
 * unscored; {@link TASK_SCENARIOS} names them and the test requires each to pass.
 * `node dist/conformance2026.js` (after `npm run build`) runs it by hand and marks each scenario
 * pass, xfail (in the baseline) or FAIL.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startServer } from './conformance';

/** The spec revision this leg tests. */
export const SPEC_VERSION = '2026-07-28';

/** The suite's version this leg pins. */
export const SUITE_VERSION = '0.2.0-alpha.12';

/** Scenarios the 2026-07-28 requirement set does not score (pending) that this server must pass all the same. */
export const PENDING_SCENARIOS = ['json-schema-2020-12', 'http-header-validation', 'http-custom-header-server-validation'] as const;

/**
 * The scenarios of the `io.modelcontextprotocol/tasks` extension, which the requirement run
 * includes without scoring them; this server must pass each (`tasks-status-notifications` has
 * no check yet: the suite reports it SKIPPED, pending its subscriptions/listen rewrite).
 */
export const TASK_SCENARIOS = [
  'tasks-lifecycle',
  'tasks-capability-negotiation',
  'tasks-wire-fields',
  'tasks-request-state-removal',
  'tasks-mrtr-input',
  'tasks-request-headers',
  'tasks-dispatch-and-envelope',
  'tasks-status-notifications',
  'tasks-required-task-error',
  'tasks-mrtr-composition',
] as const;

/** The expected-failures file of the requirement run. */
export const BASELINE = join(__dirname, '..', 'conformance', 'baseline-2026.yml');

/** One scenario's line in the suite's summary. */
export interface ScenarioLine {
  scenario: string;
  passed: number;
  failed: number;
}

/** The outcome of one suite process. */
export interface SuiteRun {
  /** What was run: `requirements` or a scenario name. */
  label: string;
  /** The suite exited 0 (with a baseline: every failure expected, no stale entry). */
  ok: boolean;
  /** The scenarios of the summary, in its order. */
  scenarios: ScenarioLine[];
  /** The suite's output, colours stripped. */
  output: string;
}

/** The alpha.12 CLI, resolved from its own workspace (never the root's 0.1.16). */
export function suiteCli(): string {
  const manifest = require.resolve('@modelcontextprotocol/conformance/package.json', { paths: [join(__dirname, '..', '..', 'conformance-2026')] });
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  if (version !== SUITE_VERSION) throw new Error(`expected @modelcontextprotocol/conformance ${SUITE_VERSION} in examples/conformance-2026, found ${version} (${manifest})`);
  return join(dirname(manifest), 'dist', 'index.js');
}

/** Entries of the baseline file (`- scenario` or `- scenario:check-id`), comments left out. */
export function baselineEntries(file = BASELINE): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => /^\s*-\s*(\S+)\s*(?:#.*)?$/.exec(line)?.[1])
    .filter((entry): entry is string => entry !== undefined);
}

/** The scenario lines of a multi-scenario summary, or the one result of a single scenario (its warnings count as failures). */
function parseSummary(plain: string, label: string): ScenarioLine[] {
  const at = plain.indexOf('=== SUMMARY ===');
  if (at < 0) {
    const single = /^Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings$/m.exec(plain);
    return single ? [{ scenario: label, passed: Number(single[1]), failed: Number(single[3]) + Number(single[4]) }] : [];
  }
  return [...plain.slice(at).matchAll(/^[✓✗] (\S+): (\d+) passed, (\d+) failed$/gmu)].map((m) => ({ scenario: m[1], passed: Number(m[2]), failed: Number(m[3]) }));
}

/** Runs the suite once against `url` with `args` after `server --url URL`. */
export function runSuite(url: string, label: string, args: readonly string[]): Promise<SuiteRun> {
  const shim = join(__dirname, '..', 'conformance', 'node20-globsync.mjs');
  const cwd = mkdtempSync(join(tmpdir(), 'toolwire-conformance-2026-')); // the suite may write results/ into its cwd
  const child = spawn(process.execPath, ['--import', shim, suiteCli(), 'server', '--url', url, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      rmSync(cwd, { recursive: true, force: true });
      const plain = output.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex
      const scenarios = parseSummary(plain, label);
      resolve({ label, ok: code === 0 && scenarios.length > 0, scenarios, output: plain });
    });
  });
}

/** The requirement run with the baseline, and each pending scenario on its own, in parallel against one fresh server. */
export async function runConformance2026(): Promise<SuiteRun[]> {
  const { url, child } = await startServer();
  try {
    return await Promise.all([
      runSuite(url, 'requirements', ['--requirements', SPEC_VERSION, '--expected-failures', BASELINE]),
      ...PENDING_SCENARIOS.map((scenario) => runSuite(url, scenario, ['--spec-version', SPEC_VERSION, '--scenario', scenario])),
    ]);
  } finally {
    child.kill('SIGTERM');
  }
}

if (require.main === module) {
  runConformance2026().then((runs) => {
    const expected = new Set(baselineEntries().map((entry) => entry.split(':')[0]));
    for (const run of runs) {
      for (const s of run.scenarios) {
        const mark = !s.failed ? 'pass ' : expected.has(s.scenario) ? 'xfail' : 'FAIL ';
        console.log(`${mark}  ${s.scenario.padEnd(48)} ${s.passed} passed, ${s.failed} failed`);
      }
      console.log(`${run.ok ? 'OK  ' : 'FAIL'}  ${run.label}\n`);
    }
    const failed = runs.filter((r) => !r.ok);
    for (const r of failed) console.log(`\n--- ${r.label}\n${r.output}`);
    console.log(`conformance ${SUITE_VERSION} at ${SPEC_VERSION}: ${failed.length ? 'FAILED' : 'passed'} (baseline ${baselineEntries().length} entries)`);
    process.exitCode = failed.length ? 1 : 0;
  });
}
