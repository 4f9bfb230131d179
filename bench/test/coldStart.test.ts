/**
 * The cold-start and bundle-size suites: a spawned program's first answer is timed and checked
 * (toolwire and the floor, on stdio and node:http), the strace log is read into the files a
 * process opened, the targets judge rows as the issue states them, toolwire's stdio bundle is
 * measured free of core's HTTP code, and a run of these suites alone fills only their README
 * tables. Build first (`npm run build`): the programs and packages are the built ones.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coldServer, coldStartOnce, coldStartTable, openedScripts, quantile, type ColdStartRun } from '../src/driver/coldStartSuite';
import { bundleSpec, isCoreHttpCode, measureBundle, type BundleSample } from '../src/driver/bundleSuite';
import { bundleTargets, coldStartTargets } from '../src/driver/coldTargets';
import { BUNDLE_SIZE_BEGIN, BUNDLE_SIZE_END, COLD_START_BEGIN, COLD_START_END, PERFORMANCE_BEGIN, PERFORMANCE_END, defaultSections, writeGenerated } from '../src/driver/markdown';
import { readResults } from '../src/driver/results';

describe('the cold-start suite', () => {
  it.each(['node-stdio', 'toolwire-stdio', 'toolwire-http'] as const)('times %s from spawn to its checked first tools/call answer', async (id) => {
    const ms = await coldStartOnce(coldServer(id));
    expect(ms).toBeGreaterThan(0);
  }, 30_000);

  it('rejects a program that exits before answering, naming its error', async () => {
    await expect(coldStartOnce({ ...coldServer('node-stdio'), program: join(__dirname, 'no-such-program.js') })).rejects.toThrow(/exited \(1\) before answering: Error: Cannot find module/);
  }, 30_000);

  it('reads the JavaScript files a process opened from an strace log, each once, failed opens left out', () => {
    const log = [
      '101 openat(AT_FDCWD, "/app/node_modules/a/index.js", O_RDONLY|O_CLOEXEC) = 17',
      '101 openat(AT_FDCWD, "/app/node_modules/a/index.js", O_RDONLY|O_CLOEXEC) = 18',
      '101 openat(AT_FDCWD, "/app/node_modules/b/lib.mjs", O_RDONLY|O_CLOEXEC) = 19',
      '102 openat(AT_FDCWD, "/app/node_modules/c/missing.js", O_RDONLY|O_CLOEXEC) = -1 ENOENT (No such file or directory)',
      '101 openat(AT_FDCWD, "/app/package.json", O_RDONLY|O_CLOEXEC) = 20',
    ].join('\n');
    expect(openedScripts(log)).toEqual(['/app/node_modules/a/index.js', '/app/node_modules/b/lib.mjs']);
  });

  it('takes the nearest-rank quantile of the finite values', () => {
    expect(quantile([5, 1, 4, 2, 3, NaN, 6, 7, 8, 9, 10], 0.9)).toBe(9);
    expect(quantile([], 0.9)).toBeNaN();
  });

  const run = (ms: Record<string, number>): ColdStartRun => ({ samples: Object.entries(ms).map(([server, value]) => ({ server: server as never, turn: 0, ms: value })), footprints: [{ server: 'toolwire-stdio', modules: 12, bytes: 400 * 1024 }] });

  it('passes toolwire at ≤ 0.6× SDK v2 and faster than every peer, and misses it otherwise', () => {
    const fast = coldStartTargets(run({ 'node-stdio': 100, 'toolwire-stdio': 150, 'sdk2-stdio': 300, 'tmcp-stdio': 170, 'node-http': 100, 'toolwire-http': 160, 'toolwire-express': 200, 'sdk2-http': 300, 'sdk2-express': 360, 'tmcp-http': 180 }));
    expect(fast.map((t) => t.pass)).toEqual([true, true, true, true, true]);
    // Express against SDK v2 on Express (the same framework), not against SDK v2 on node:http
    expect(fast[2].text).toMatch(/toolwire mcpRouter\/Express ≤ 0\.6× MCP SDK v2 createMcpHandler\/Express .*: 0\.56× \(200 against 360 ms; above Node's 100 ms: 0\.38×\)/);
    const heavyExpress = coldStartTargets(run({ 'node-http': 100, 'toolwire-express': 230, 'sdk2-http': 300, 'sdk2-express': 360 }));
    expect(heavyExpress[2].pass).toBe(false);
    const slow = coldStartTargets(run({ 'toolwire-stdio': 190, 'sdk2-stdio': 300, 'tmcp-stdio': 170 }));
    expect(slow.map((t) => t.pass)).toEqual([false, undefined, undefined, false, undefined]);
    expect(slow[3].text).toMatch(/1\.12× the fastest peer's \(tmcp 1\.20 StdioTransport\)/);
  });

  it('prints a row per server with median, p90, the cost over Node, the ratio to SDK v2 and the footprint', () => {
    const lines = coldStartTable(run({ 'node-stdio': 100, 'toolwire-stdio': 150, 'sdk2-stdio': 300, 'node-http': 100, 'toolwire-http': 150, 'toolwire-express': 240, 'sdk2-http': 300, 'sdk2-express': 400 }));
    expect(lines.find((l) => l.startsWith('toolwire serveStdio'))).toMatch(/150\.0 +150\.0 +50\.0 +0\.50× +12 +400$/);
    // each row against SDK v2 on its own transport and framework
    expect(lines.find((l) => l.startsWith('toolwire mcpHandler/node:http'))).toMatch(/ 0\.50× /);
    expect(lines.find((l) => l.startsWith('toolwire mcpRouter/Express'))).toMatch(/ 0\.60× /);
  });
});

describe('the bundle-size suite', () => {
  it("bundles toolwire's stdio server without core's HTTP code, and its fetch server with it", async () => {
    const stdio = await measureBundle(bundleSpec('toolwire-stdio'));
    expect(stdio.failure).toBeUndefined();
    expect(stdio.gzipBytes).toBeLessThan(stdio.bytes);
    expect(stdio.inputs).toBeGreaterThan(20);
    expect(stdio.httpInputs).toEqual([]);
    const fetch = await measureBundle(bundleSpec('toolwire-fetch'));
    expect(fetch.httpInputs.length).toBeGreaterThan(0); // the check can see HTTP code where there is some
  }, 60_000);

  it('names core’s HTTP code by path, in the per-file modules and the bundled entry', () => {
    expect(isCoreHttpCode('../packages/core/dist/esm/httpRules/originRule.js')).toBe(true);
    expect(isCoreHttpCode('../packages/core/dist/esm/pipeline/HttpPipeline.js')).toBe(true);
    expect(isCoreHttpCode('../packages/core/dist/cjs/http.js')).toBe(true);
    expect(isCoreHttpCode('../packages/core/dist/esm/dispatch/Dispatcher.js')).toBe(false);
    expect(isCoreHttpCode('../packages/fetch/dist/esm/mcpFetchHandler.js')).toBe(false);
  });

  it('judges the size targets: a third of SDK v2, the smallest of all, no HTTP code in the stdio bundle', () => {
    const sample = (id: BundleSample['id'], gzipBytes: number, httpInputs: string[] = []): BundleSample => ({ id, bytes: gzipBytes * 3, gzipBytes, inputs: 100, schemaBytes: 0, httpInputs });
    const targets = bundleTargets([sample('toolwire-fetch', 20_000), sample('sdk2-fetch', 80_000), sample('tmcp-fetch', 30_000), sample('toolwire-stdio', 40_000, ['x/httpRules/a.js']), sample('sdk2-stdio', 100_000), sample('tmcp-stdio', 30_000)]);
    expect(targets.map((t) => t.pass)).toEqual([true, true, false, false, false]);
    expect(targets[4].text).toMatch(/1 files: x\/httpRules\/a\.js/);
  });
});

describe('a run of the start-up suites alone', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cold-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fills the cold-start and bundle-size tables and leaves the Performance table of the full run', () => {
    const file = join(dir, 'run.json');
    const saved = { date: '2026-12-06T13:00:00.000Z', command: 'npm run bench -- --only=cold,bundle', machine: { node: 'v20.20.2', os: 'Linux 6', cpus: 2, memoryMB: 4096 }, seconds: 60, load: { start: [9.5, 9, 9], end: [8, 8, 8] }, coldStart: run(), bundles: [{ id: 'toolwire-stdio', bytes: 3000, gzipBytes: 1024, inputs: 100, schemaBytes: 0, httpInputs: [] }] };
    writeFileSync(file, JSON.stringify(saved));
    const readme = join(dir, 'README.md');
    const bench = join(dir, 'bench-README.md');
    writeFileSync(readme, `# t\n\n${PERFORMANCE_BEGIN}\n\nfull run\n\n${PERFORMANCE_END}\n\n${COLD_START_BEGIN}\n\nold\n\n${COLD_START_END}\n\n${BUNDLE_SIZE_BEGIN}\n\nold\n\n${BUNDLE_SIZE_END}\n`);
    writeFileSync(bench, 'no markers needed: nothing is written here\n');
    writeGenerated(readResults(file), defaultSections(bench, readme));
    const text = readFileSync(readme, 'utf8');
    expect(text).toContain(`${PERFORMANCE_BEGIN}\n\nfull run\n\n${PERFORMANCE_END}`);
    expect(text).toMatch(/\| toolwire serveStdio \| stdio \| 150 \| 150 \| 50 \| 0\.50× \| 12 \| 400 \|/);
    expect(text).toMatch(/\| toolwire serveStdio \| stdio \| 2\.9 \| 1\.0 \| – \| 0\.0 \| none \|/);
    expect(text).toContain('**Measured under load** (a load average up to 9.5 on 2 vCPUs)');
    expect(text).toContain('Sizes do not depend on the load.');
    expect(readFileSync(bench, 'utf8')).toBe('no markers needed: nothing is written here\n');
  });

  function run(): ColdStartRun {
    return { samples: [{ server: 'node-stdio', turn: 0, ms: 100 }, { server: 'toolwire-stdio', turn: 0, ms: 150 }, { server: 'sdk2-stdio', turn: 0, ms: 300 }], footprints: [{ server: 'toolwire-stdio', modules: 12, bytes: 400 * 1024 }] };
  }
});
