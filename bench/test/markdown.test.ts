/**
 * The README's results section is generated from a saved run: the results file reads back with
 * NaN for what was not measured, the section names the machine, date, load and command and holds
 * the targets and tables, and it replaces exactly the text between the README's markers.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BEGIN_MARKER, END_MARKER, README, replaceResults, reproduce, resultsMarkdown } from '../src/driver/markdown';
import { readResults, writeResults } from '../src/driver/results';
import { parseOptions } from '../src/driver/options';
import type { HttpSample } from '../src/driver/httpSuite';

function sample(server: HttpSample['server'], workload: HttpSample['workload'], cpuMicros: number, baseline?: number): HttpSample {
  const s: HttpSample = { round: 1, server, workload, connections: 32, reqPerSec: 1e6 / cpuMicros, p50: 1, p99: 2, cpuMicros, rss: 60 * 2 ** 20, cpuShare: 1, ok: 1000, bad: 0, errors: 0 };
  if (baseline !== undefined) s.baseline = { reqPerSec: 1e6 / baseline, cpuMicros: baseline };
  return s;
}

describe('the results section', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-markdown-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const http = [sample('toolwire-http', 'call-add', 40), sample('toolwire-http', 'resources-read', 42, 40), { ...sample('raw-http', 'call-add', 35), p99: NaN }];
  const file = writeResults(dir, ['--quick'], { options: parseOptions(['--quick']), seconds: 125, load: { start: [1, 2, 3], end: [4, 5, 6] }, http: { samples: http }, stdio: [], pingPong: [], progress: [], micro: [] });

  it('reads a results file back, a figure stored as null as NaN', () => {
    const run = readResults(file);
    expect(run.command).toBe('npm run bench -- --quick');
    expect(run.http).toHaveLength(3);
    expect(run.http[2].p99).toBeNaN();
    expect(run.settings.pingPongWarmup).toBe(5000);
  });

  it('names the run and holds its targets, feature costs and tables', () => {
    const section = resultsMarkdown(readResults(file));
    expect(section).toMatch(/^### \d{4}-\d\d-\d\d: `npm run bench -- --quick`/);
    expect(section).toMatch(/Node v\d+/);
    expect(section).toContain('whole run 2 min 5 s; load average (1 / 5 / 15 min) 1.0 / 2.0 / 3.0 at the start, 4.0 / 5.0 / 6.0 at the end');
    expect(section).toContain('Reproduce: `npm run bench -- --quick --markdown`');
    expect(section).toMatch(/PASS {2}toolwire\/node:http: resources\/read of a static text resource ≤ 1\.10× tools\/call add .*: 1\.05× \(42\.0 vs 40\.0 µs\)/);
    expect(section).toMatch(/toolwire mcpHandler\/node:http +resources\/read of a static text resource +42\.0 +tools\/call add +40\.0 +1\.05× +≤ 1\.10×/);
    expect(section).toContain('tools/call add — concurrency 32');
  });

  it('replaces only the text between the markers, and refuses a README without them', () => {
    const readme = `# title\n\n${BEGIN_MARKER}\n\nold\n\n${END_MARKER}\n\n### kept\n`;
    expect(replaceResults(readme, 'new')).toBe(`# title\n\n${BEGIN_MARKER}\n\nnew\n\n${END_MARKER}\n\n### kept\n`);
    expect(() => replaceResults('# no markers', 'new')).toThrow(/no results markers/);
    expect(() => replaceResults(readFileSync(README, 'utf8'), 'new')).not.toThrow();
  });

  it('reproduces a run with --markdown after the -- npm needs', () => {
    expect(reproduce('npm run bench')).toBe('npm run bench -- --markdown');
    expect(reproduce('npm run bench -- --rounds=5')).toBe('npm run bench -- --rounds=5 --markdown');
    expect(reproduce('npm run bench -- --markdown')).toBe('npm run bench -- --markdown');
    expect(parseOptions(['--markdown']).markdown).toBe(true);
    expect(parseOptions([]).markdown).toBe(false);
  });
});
