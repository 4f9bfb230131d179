/** Side-by-side pairs outside the drills: tools/call add's CPU target against the raw ceiling, at c=32 only. */
import { runHttpSuite } from '../src/driver/httpSuite';
import { evaluateTargets } from '../src/driver/targets';
import { sideBySideRatio } from '../src/driver/aggregate';
import { SIDE_BY_SIDE_CONNECTIONS, SIDE_BY_SIDE_SLICES, sideBySideOf, workload } from '../src/fixture/workloads';

const LABEL = "raw node:http's CPU per request (tools/call add, c=32)";

describe('tools/call add side by side', () => {
  it('runs at c=32 (its targets), in slices of half of --duration, after its runs in turn', () => {
    expect(workload('call-add').sideBySide).toEqual([['toolwire-http', 'raw-http']]);
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
    expect(sideBySide.map((s) => [s.slice, s.connections, s.server, s.alongside, s.failure])).toEqual(
      Array.from({ length: SIDE_BY_SIDE_SLICES }, (_, k) => [[k, 32, 'toolwire-http', 'raw-http', undefined], [k, 32, 'raw-http', 'toolwire-http', undefined]]).flat(),
    );
    for (let k = 0; k < SIDE_BY_SIDE_SLICES; k++) {
      const [a, b] = sideBySide.filter((s) => s.slice === k);
      const overlap = Math.min(a.endedAt ?? 0, b.endedAt ?? 0) - Math.max(a.startedAt ?? 0, b.startedAt ?? 0);
      expect(overlap).toBeGreaterThan(0.8 * ((a.endedAt ?? 0) - (a.startedAt ?? 0)));
    }
    expect(lines[lines.length - 1]).toMatch(/^round 1\/1 {2}call-add c=32, side by side, 8 slices of 0\.15 s: toolwire-http [\d.]+, raw-http [\d.]+ µs CPU per operation \(medians\)$/);
    const target = evaluateTargets(samples, [], [], []).find((t) => t.label.includes(LABEL));
    expect(target?.value).toBeCloseTo(sideBySideRatio(samples, 'toolwire-http', 'raw-http', 'call-add', 32), 10);
    expect(target?.detail).toMatch(/^\d+\.\d\d× side by side \(in turn: \d+\.\d\d×; req\/s in turn: \d+\.\d\d×\)$/);
  }, 60_000);

  it('a run without c=32 has no side-by-side pair (and the target falls back to nothing measured)', async () => {
    const samples = await runHttpSuite({ rounds: 1, duration: 0.2, warmup: 0, concurrencies: [1], servers: ['raw-http', 'toolwire-http'], workloads: ['call-add'], execArgv: () => [], log: () => undefined });
    expect(samples.map((s) => [s.connections, s.server, s.alongside])).toEqual([[1, 'raw-http', undefined], [1, 'toolwire-http', undefined]]);
    expect(evaluateTargets(samples, [], [], []).find((t) => t.label.includes(LABEL))?.pass).toBeUndefined();
  }, 60_000);
});
