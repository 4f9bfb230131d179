/** Side-by-side pairs outside the drills: tools/call add's CPU target against the raw ceiling (at c=32 only), a feature against its baseline. */
import { runHttpSuite } from '../src/driver/httpSuite';
import { evaluateTargets } from '../src/driver/targets';
import { sideBySideRatio } from '../src/driver/aggregate';
import { SIDE_BY_SIDE_CONNECTIONS, SIDE_BY_SIDE_SLICES, sideBySideOf, workload, WORKLOAD_LIST } from '../src/fixture/workloads';
import { pairsOf, type HttpSample } from '../src/driver/httpSuite';
import { costRatio, costSideBySide } from '../src/driver/targets';
import { featureCostTable } from '../src/driver/report';
import { HTTP_SERVER_IDS, httpServer } from '../src/driver/catalog';
import { overlapOf } from '../src/driver/overlap';

const LABEL = "raw node:http's CPU per request (tools/call add, c=32)";

describe('tools/call add side by side', () => {
  it('runs at c=32 (its targets), in slices of half of --duration, after its runs in turn', () => {
    expect(workload('call-add').sideBySide).toEqual([{ server: 'toolwire-http', against: 'raw-http' }]);
    expect(sideBySideOf('call-add', 1)).toEqual({ connections: SIDE_BY_SIDE_CONNECTIONS, slices: SIDE_BY_SIDE_SLICES, seconds: 0.5 });
    expect(sideBySideOf('drill', 1).connections).toBe(50);
  });

  it('a real run: the pair shares the CPU at c=32 only, and the CPU target reads it', async () => {
    const lines: string[] = [];
    const samples = await runHttpSuite({ rounds: 1, duration: 0.3, warmup: 0, concurrencies: [32, 1], servers: ['raw-http', 'toolwire-http'], workloads: ['call-add'], execArgv: () => [], log: (line) => lines.push(line) });
    const inTurn = samples.filter((s) => s.alongside === undefined);
    const sideBySide = samples.filter((s) => s.alongside !== undefined);
    expect(inTurn.map((s) => [s.connections, s.server, s.failure])).toEqual([
      [32, 'raw-http', undefined], [32, 'toolwire-http', undefined], [1, 'raw-http', undefined], [1, 'toolwire-http', undefined],
    ]);
    expect(sideBySide.map((s) => [s.slice, s.connections, s.server, s.alongside?.server, s.failure])).toEqual(
      Array.from({ length: SIDE_BY_SIDE_SLICES }, (_, k) => [[k, 32, 'toolwire-http', 'raw-http', undefined], [k, 32, 'raw-http', 'toolwire-http', undefined]]).flat(),
    );
    // the bench computes and reports how much each slice's legs overlapped (not a test's to judge on a busy machine)
    for (let k = 0; k < SIDE_BY_SIDE_SLICES; k++) {
      const [a, b] = sideBySide.filter((s) => s.slice === k);
      expect([a.overlap, b.overlap]).toEqual([overlapOf(a, b), overlapOf(a, b)]);
    }
    expect(lines[lines.length - 1]).toMatch(/^round 1\/1 {2}call-add c=32, side by side, 8 slices of 0\.15 s: toolwire-http [\d.]+, raw-http [\d.]+ µs CPU per operation \(medians; (legs at once for ≥ 80% of each slice|NOT side by side in slice \d.*)\)$/);
    const target = evaluateTargets(samples, [], [], []).find((t) => t.label.includes(LABEL));
    expect(target?.value).toBeCloseTo(sideBySideRatio(samples, { server: 'toolwire-http', workload: 'call-add' }, { server: 'raw-http', workload: 'call-add' }, 32), 10);
    expect(target?.detail).toMatch(/^\d+\.\d\d× side by side \(in turn: \d+\.\d\d×; req\/s in turn: \d+\.\d\d×\)$/);
  }, 60_000);

  it('a run without c=32 has no side-by-side pair (and the target falls back to nothing measured)', async () => {
    const samples = await runHttpSuite({ rounds: 1, duration: 0.2, warmup: 0, concurrencies: [1], servers: ['raw-http', 'toolwire-http'], workloads: ['call-add'], execArgv: () => [], log: () => undefined });
    expect(samples.map((s) => [s.connections, s.server, s.alongside])).toEqual([[1, 'raw-http', undefined], [1, 'toolwire-http', undefined]]);
  }, 60_000);
});

describe('overlapOf', () => {
  it('is the share of the shorter run during which both ran', () => {
    expect(overlapOf({ startedAt: 0, endedAt: 100 }, { startedAt: 0, endedAt: 100 })).toBe(1);
    expect(overlapOf({ startedAt: 0, endedAt: 100 }, { startedAt: 20, endedAt: 60 })).toBe(1);
    expect(overlapOf({ startedAt: 0, endedAt: 100 }, { startedAt: 50, endedAt: 150 })).toBe(0.5);
    expect(overlapOf({ startedAt: 0, endedAt: 100 }, { startedAt: 100, endedAt: 200 })).toBe(0);
    expect(overlapOf({ startedAt: 0, endedAt: 100 }, { startedAt: 300, endedAt: 400 })).toBe(0);
    expect(overlapOf({ startedAt: 5, endedAt: 5 }, { startedAt: 5, endedAt: 5 })).toBe(1);
    expect(overlapOf({}, { startedAt: 0, endedAt: 1 })).toBe(0);
  });
});

describe('a feature against its baseline side by side', () => {
  it('every listed pair names known servers and workloads', () => {
    for (const w of WORKLOAD_LIST) {
      for (const pair of workload(w.id).sideBySide ?? []) {
        expect(HTTP_SERVER_IDS).toContain(pair.server);
        if (pair.against !== undefined) expect(HTTP_SERVER_IDS).toContain(pair.against);
        if (pair.baseline !== undefined) expect(WORKLOAD_LIST.map((x) => x.id)).toContain(pair.baseline);
      }
    }
    expect(pairsOf('modern-call-add', HTTP_SERVER_IDS)).toEqual([
      [{ server: 'toolwire-http', workload: 'modern-call-add' }, { server: 'toolwire-http', workload: 'call-add' }],
      [{ server: 'toolwire-express', workload: 'modern-call-add' }, { server: 'toolwire-express', workload: 'call-add' }],
      [{ server: 'raw-http', workload: 'modern-call-add' }, { server: 'raw-http', workload: 'call-add' }],
      [{ server: 'hand-express', workload: 'modern-call-add' }, { server: 'hand-express', workload: 'call-add' }],
    ]);
    expect(pairsOf('modern-call-add', ['toolwire-http'])).toHaveLength(1);
    expect(pairsOf('call-telemetry', ['toolwire-express'])).toEqual([]);
  });

  it('a real run: 2026-07-28 against the legacy call in two processes of one server (a twin), telemetry against the plain call in its own variant; the targets read them', async () => {
    const lines: string[] = [];
    const samples = await runHttpSuite({
      rounds: 1, duration: 0.2, warmup: 0.2, concurrencies: [32], servers: ['toolwire-http', 'raw-http'], workloads: ['call-add', 'modern-call-add', 'call-telemetry'], execArgv: () => [], log: (line) => lines.push(line),
    });
    expect(samples.filter((s) => s.failure)).toEqual([]);
    const legs = (w: string, baseline: string): [HttpSample[], HttpSample[]] => [
      samples.filter((s) => s.workload === w && s.alongside?.workload === baseline),
      samples.filter((s) => s.workload === baseline && s.alongside?.workload === w),
    ];
    const inTurn = (w: string): HttpSample | undefined => samples.find((s) => s.server === 'toolwire-http' && s.workload === w && s.alongside === undefined);
    const [modern, legacy] = legs('modern-call-add', 'call-add').map((leg) => leg.filter((s) => s.server === 'toolwire-http'));
    expect([modern.length, legacy.length]).toEqual([SIDE_BY_SIDE_SLICES, SIDE_BY_SIDE_SLICES]);
    // the 2026-07-28 leg in the process that ran it in turn; the legacy leg in a second process of the same program
    expect(new Set(modern.map((s) => s.pid))).toEqual(new Set([inTurn('modern-call-add')?.pid]));
    expect(new Set(legacy.map((s) => s.pid)).size).toBe(1);
    expect(legacy[0].pid).not.toBe(modern[0].pid);
    expect(inTurn('modern-call-add')?.pid).toBe(inTurn('call-add')?.pid);
    // telemetry: its own variant's process against the plain one
    const [telemetry, plain] = legs('call-telemetry', 'call-add');
    expect([telemetry.length, plain.length]).toEqual([SIDE_BY_SIDE_SLICES, SIDE_BY_SIDE_SLICES]);
    expect(telemetry[0].pid).toBe(inTurn('call-telemetry')?.pid);
    expect(plain[0].pid).toBe(inTurn('call-add')?.pid);
    for (const [a, b] of [[modern, legacy], [telemetry, plain]]) {
      for (let k = 0; k < SIDE_BY_SIDE_SLICES; k++) expect([a[k].slice, b[k].slice, a[k].overlap, b[k].overlap]).toEqual([k, k, overlapOf(a[k], b[k]), overlapOf(a[k], b[k])]);
    }
    expect(lines).toContainEqual(expect.stringMatching(/^round 1\/1 {2}modern-call-add c=32, side by side, 8 slices of 0\.1 s: toolwire-http [\d.]+, toolwire-http call-add [\d.]+ µs CPU per operation \(medians; (legs at once for ≥ 80% of each slice|NOT side by side in slice \d.*)\)$/));
    // the targets and the feature-cost table take the side-by-side ratios
    expect(costSideBySide(samples, 'toolwire-http', 'modern-call-add', 'call-add')).toBe(true);
    expect(costRatio(samples, 'toolwire-http', 'modern-call-add', 'call-add')).toBeCloseTo(sideBySideRatio(samples, { server: 'toolwire-http', workload: 'modern-call-add' }, { server: 'toolwire-http', workload: 'call-add' }, 32), 10);
    const targets = evaluateTargets(samples, [], [], []);
    expect(targets.find((t) => t.label.startsWith('toolwire/node:http: 2026-07-28 tools/call add'))?.detail).toMatch(/^\d+\.\d\d× side by side \(in turn: \d+\.\d\d×\); the hand-written floor's own: \d+\.\d\d×$/);
    // the target, with what the era's bytes cost raw node:http beside it (its own two processes, side by side)
    expect(costSideBySide(samples, 'raw-http', 'modern-call-add', 'call-add')).toBe(true);
    expect(targets.find((t) => t.label.includes('≤ 1.05× the legacy era'))?.detail).toMatch(/^\d+\.\d\d×; the hand-written floor's own: \d+\.\d\d×$/);
    expect(targets.find((t) => t.label.includes('telemetry option on'))?.detail).toMatch(/^\d+\.\d\d× side by side \(in turn: \d+\.\d\d×, [\d.]+ vs [\d.]+ µs\)$/);
    expect(featureCostTable(samples).some((line) => line.startsWith(httpServer('toolwire-http').label) && /\d\.\d\d×\*/.test(line))).toBe(true);
    // raw node:http ran call-add in turn too: the CPU target against it is evaluated
    expect(typeof evaluateTargets(samples, [], [], []).find((t) => t.label.includes(LABEL))?.pass).toBe('boolean');
  }, 60_000);
});
