/**
 * The READMEs' results are generated from one saved run: the results file reads back with NaN for
 * what was not measured; bench/README.md's section names the machine, date, load, commit and
 * command and holds the targets and tables; the root README's Performance part holds the ratios
 * against the peers and every target; one call writes both between their markers, idempotently,
 * keeps everything outside them, and writes nothing when a file lacks its markers.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BEGIN_MARKER,
  END_MARKER,
  PERFORMANCE_BEGIN,
  PERFORMANCE_END,
  README,
  ROOT_README,
  defaultSections,
  performanceMarkdown,
  replaceResults,
  reproduce,
  resultsMarkdown,
  writeGenerated,
} from '../src/driver/markdown';
import { readResults, sourceCommit, writeResults } from '../src/driver/results';
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

  it('reads a results file back, a figure stored as null as NaN, with the machine, load and commit', () => {
    const run = readResults(file);
    expect(run.command).toBe('npm run bench -- --quick');
    expect(run.machine).toEqual({ node: process.version, os: expect.any(String), cpus: expect.any(Number), cpu: expect.any(String), memoryMB: expect.any(Number) });
    expect(run.load).toEqual({ start: [1, 2, 3], end: [4, 5, 6] });
    expect(run.commit).toEqual(sourceCommit());
    expect(run.commit?.hash).toMatch(/^[0-9a-f]{12}$/);
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
    expect(() => replaceResults('# no markers', 'new')).toThrow(/bench\/README\.md has no generated-section markers/);
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

describe('one run writes both READMEs', () => {
  const FIXTURE = join(__dirname, 'fixtures', 'bench-run.json');
  const run = readResults(FIXTURE);
  const dir = mkdtempSync(join(tmpdir(), 'bench-readmes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files = (): { bench: string; root: string } => {
    const bench = join(dir, 'bench-README.md');
    const root = join(dir, 'README.md');
    writeFileSync(bench, `# bench\n\nmethod text\n\n${BEGIN_MARKER}\n\n_Not yet generated_\n\n${END_MARKER}\n\n## Noise\n\nkept\n`);
    writeFileSync(root, `# toolwire\n\n## Performance\n\nintro\n\n${PERFORMANCE_BEGIN}\n\n_Not yet generated_\n\n${PERFORMANCE_END}\n\n## Working on toolwire\n`);
    return { bench, root };
  };

  it('renders the root table: the run facts, the ratios against the peers, every target with PASS/MISS and its ratio', () => {
    const table = performanceMarkdown(run) ?? '';
    expect(table).toContain('From one run of `npm run bench -- --rounds=2`. Run ended 2026-12-06 03:00 UTC; Node v20.20.2, Linux 6.18.0, 2 vCPUs (AMD EPYC 7B13), 23 GB;');
    expect(table).toContain('whole run 16 min 5 s; load average (1 / 5 / 15 min) 0.3 / 0.5 / 0.6 at the start, 1.1 / 1.1 / 0.9 at the end; toolwire at commit `0123456789ab`.');
    expect(table).toContain('Reproduce: `npm run bench -- --rounds=2 --markdown`');
    expect(table).toContain('| `mcpHandler` ÷ tmcp 1.20, drill (50 clients, 90 % tools/call echo + 10 % tools/list), ops/s | 19.2× | 43.2× less |');
    expect(table).toContain('| `serveStdio` ÷ the hand-written newline loop, one call at a time, round trips/s | 0.90× | 1.11× more |');
    expect(table).toMatch(/\| toolwire on node:http ≥ 3× tmcp on the drill .* \| \*\*PASS\*\* 19\.17× \(by CPU per operation: 43\.18×\) \|/);
    expect(table).toContain("| toolwire stdio ping-pong p99 ≤ 2× the hand-written loop's p99 (one call at a time) | **PASS** 1.10× |");
    expect(table).toContain('| toolwire stdio ≥ 0.6× the hand-written newline loop (msg/s) | **PASS** 0.68× (by CPU per request: 0.71×) |');
    expect(table).toMatch(/\| dispatcher: tools\/list 1,000 tools < 3× tools\/list 10 tools \(ns per call, in-process\) \| N\/A not measured \|/);
    const rows = table.split('\n').filter((line) => /^\| .* \| (\*\*PASS\*\*|\*\*MISS\*\*|N\/A) /.test(line));
    expect(rows.length).toBeGreaterThanOrEqual(25);
    expect(table).not.toContain('fastmcp, drill at MCP 2026-07-28'); // no such comparison: not measured, left out
  });

  it('writes both sections between their markers and keeps the text outside', () => {
    const { bench, root } = files();
    expect(writeGenerated(run, defaultSections(bench, root))).toEqual([bench, root]);
    const benchText = readFileSync(bench, 'utf8');
    const rootText = readFileSync(root, 'utf8');
    expect(benchText).toBe(`# bench\n\nmethod text\n\n${BEGIN_MARKER}\n\n${resultsMarkdown(run)}\n\n${END_MARKER}\n\n## Noise\n\nkept\n`);
    expect(rootText).toBe(`# toolwire\n\n## Performance\n\nintro\n\n${PERFORMANCE_BEGIN}\n\n${performanceMarkdown(run)}\n\n${PERFORMANCE_END}\n\n## Working on toolwire\n`);
    expect(benchText).not.toContain('_Not yet generated_');
    expect(benchText).toContain('toolwire stdio ping-pong ≥ 0.8×');
  });

  it('is idempotent: writing the same run again changes nothing', () => {
    const { bench, root } = files();
    writeGenerated(run, defaultSections(bench, root));
    const once = [readFileSync(bench, 'utf8'), readFileSync(root, 'utf8')];
    writeGenerated(run, defaultSections(bench, root));
    expect([readFileSync(bench, 'utf8'), readFileSync(root, 'utf8')]).toEqual(once);
  });

  it('fails naming the file and the markers when one README lacks them, and writes neither', () => {
    const { bench, root } = files();
    writeFileSync(root, '# toolwire\n\n## Performance\n\nno markers\n');
    const benchBefore = readFileSync(bench, 'utf8');
    expect(() => writeGenerated(run, defaultSections(bench, root))).toThrow(`${root} has no generated-section markers: add the line ${PERFORMANCE_BEGIN} and, after it, the line ${PERFORMANCE_END}`);
    expect(readFileSync(bench, 'utf8')).toBe(benchBefore);
    expect(readFileSync(root, 'utf8')).toBe('# toolwire\n\n## Performance\n\nno markers\n');
    writeFileSync(root, `${PERFORMANCE_END}\n${PERFORMANCE_BEGIN}\n`);
    expect(() => writeGenerated(run, defaultSections(bench, root))).toThrow(/has no generated-section markers/);
    writeFileSync(root, `${PERFORMANCE_BEGIN}\n${PERFORMANCE_END}\n${PERFORMANCE_BEGIN}\n${PERFORMANCE_END}\n`);
    expect(() => writeGenerated(run, defaultSections(bench, root))).toThrow(/more than once/);
  });

  it('finds its markers, once each, in the repository\'s two READMEs (a copy of them takes a run)', () => {
    const bench = join(dir, 'copy-bench.md');
    const root = join(dir, 'copy-root.md');
    copyFileSync(README, bench);
    copyFileSync(ROOT_README, root);
    const before = readFileSync(root, 'utf8');
    writeGenerated(run, defaultSections(bench, root));
    const after = readFileSync(root, 'utf8');
    expect(after.slice(0, after.indexOf(PERFORMANCE_BEGIN))).toBe(before.slice(0, before.indexOf(PERFORMANCE_BEGIN)));
    expect(after.slice(after.indexOf(PERFORMANCE_END))).toBe(before.slice(before.indexOf(PERFORMANCE_END)));
    expect(after).toContain('| target (issues 17–28) | result |');
    expect(readFileSync(bench, 'utf8')).toContain('**Every table of the run**');
  });
});
