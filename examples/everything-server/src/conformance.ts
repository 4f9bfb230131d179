/**
 * conformance: runs the official MCP conformance suite (`@modelcontextprotocol/conformance`,
 * server mode) against this example over HTTP — starts the server on a free port, runs each
 * scenario in its own process, and reports what passed. `npm run conformance -w
 * @toolwire/example-everything-server` (after `npm run build`) runs it from the command line.
 */
import { spawn, ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The scenarios this server passes (tool, progress, logging, resource, prompt and completion scenarios of the suite that need no sampling). */
export const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-error',
  'json-schema-2020-12',
  'tools-call-with-progress',
  'tools-call-with-logging',
  'logging-set-level',
  'dns-rebinding-protection',
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
  'completion-complete',
] as const;

/** One scenario's outcome as the suite printed it. */
export interface ScenarioResult {
  scenario: string;
  passed: number;
  total: number;
  failed: number;
  ok: boolean;
  output: string;
}

/** Starts the example's HTTP server on a free port and resolves with its URL. */
export function startServer(extraArgs: readonly string[] = []): Promise<{ url: string; child: ChildProcess }> {
  // the built server, whether this file runs from src/ (tests) or dist/
  const child = spawn(process.execPath, [join(__dirname, '..', 'dist', 'main.js'), '--port', '0', ...extraArgs], { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let log = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      log += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(log);
      if (match) resolve({ url: match[1], child });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${log}`)));
  });
}

/** Runs one scenario against `url`. */
export function runScenario(url: string, scenario: string): Promise<ScenarioResult> {
  const cli = join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist', 'index.js');
  const shim = join(__dirname, '..', 'conformance', 'node20-globsync.mjs');
  const cwd = mkdtempSync(join(tmpdir(), 'toolwire-conformance-')); // the suite writes results/ into its cwd
  const child = spawn(process.execPath, ['--import', shim, cli, 'server', '--url', url, '--scenario', scenario], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      rmSync(cwd, { recursive: true, force: true });
      const plain = output.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex
      const m = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(plain);
      const [passed, total, failed] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 1];
      resolve({ scenario, passed, total, failed, ok: code === 0 && failed === 0 && total > 0 && passed === total, output: plain });
    });
  });
}

/** Runs the scenarios against a fresh server, `parallel` at a time, and stops the server. */
export async function runConformance(scenarios: readonly string[] = SCENARIOS, parallel = 3): Promise<ScenarioResult[]> {
  const { url, child } = await startServer();
  try {
    const results: ScenarioResult[] = new Array(scenarios.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < scenarios.length) {
        const i = next++;
        results[i] = await runScenario(url, scenarios[i]);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
    return results;
  } finally {
    child.kill('SIGTERM');
  }
}

if (require.main === module) {
  runConformance().then((results) => {
    for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.scenario.padEnd(30)} ${r.passed}/${r.total} checks`);
    const failed = results.filter((r) => !r.ok);
    for (const r of failed) console.log(`\n--- ${r.scenario}\n${r.output}`);
    console.log(`\nconformance: ${results.length - failed.length} of ${results.length} scenarios passed`);
    process.exitCode = failed.length ? 1 : 0;
  });
}
