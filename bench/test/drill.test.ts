/**
 * The drill workloads' checkers: each request of the mix is judged by its own checker, on a JSON
 * body or a one-event SSE stream (tmcp's), and a wrong id, text or tool count fails; the
 * hand-written ceiling answers the legacy mix right; the drill runs at its own 50 clients.
 */
import { DRILL_CLIENTS, DRILL_MESSAGE, DRILL_SLICES, messageOf } from '../src/fixture/drill';
import { concurrenciesOf, slicesOf, workload } from '../src/fixture/workloads';
import { aggregate, ratio, sideBySideRatio } from '../src/driver/aggregate';
import { evaluateTargets } from '../src/driver/targets';
import { cpuTimes } from '../src/driver/cpuStat';
import { runHttpSuite, type HttpSample } from '../src/driver/httpSuite';
import { createHandRpc } from '../src/servers/handRpc';
import { parseOptions } from '../src/driver/options';
import { overlapOf } from '../src/driver/overlap';

const result = (id: unknown, value: unknown): string => JSON.stringify({ jsonrpc: '2.0', id, result: value });
const sse = (json: string): string => `event: message\ndata: ${json}\n\n`;
const echo = (id: number, message = DRILL_MESSAGE, extra: object = {}): string => result(id, { content: [{ type: 'text', text: message }], ...extra });
const tools = (n: number): object[] => Array.from({ length: n }, (_, i) => ({ name: ['add', 'echo'][i] ?? `t${i}`, inputSchema: { type: 'object', properties: { a: {}, b: {} } } }));
const modern = { resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } } };

describe('messageOf', () => {
  it('takes a JSON body as it is and the data of the first event of an SSE stream', () => {
    expect(messageOf('{"a":1}')).toBe('{"a":1}');
    expect(messageOf(sse('{"a":1}'))).toBe('{"a":1}');
    expect(messageOf('data:{"a":1}\r\n\r\ndata: {"b":2}\n\n')).toBe('{"a":1}');
  });
});

describe('the drill mix', () => {
  const mix = workload('drill').mix ?? [];
  const modernMix = workload('modern-drill').mix ?? [];

  it('is nine echo calls and one tools/list, ids 1 to 10, at 50 clients whatever --concurrency says', () => {
    expect(mix.map((m) => (JSON.parse(m.body) as { method: string }).method)).toEqual([...Array(9).fill('tools/call'), 'tools/list']);
    expect(mix.map((m) => (JSON.parse(m.body) as { id: number }).id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(concurrenciesOf('drill', [32, 1])).toEqual([DRILL_CLIENTS]);
    expect(concurrenciesOf('call-add', [32, 1])).toEqual([32, 1]);
    expect(workload('drill').sessions).toBe(true);
    expect(modernMix[0].headers).toMatchObject({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'echo' });
  });

  it('accepts right answers as JSON or SSE, and rejects a wrong id, a wrong text and a short list', () => {
    expect(mix[2].check(echo(3))).toBeUndefined();
    expect(mix[2].check(sse(echo(3)))).toBeUndefined();
    expect(mix[9].check(sse(result(10, { tools: tools(10) })))).toBeUndefined();
    expect(mix[2].check(echo(4))).toMatch(/expected id 3/);
    expect(mix[2].check(sse(echo(3, 'something else')))).toMatch(/expected text/);
    expect(mix[9].check(result(10, { tools: tools(9) }))).toMatch(/expected 10 tools/);
  });

  it('at 2026-07-28 also wants resultType and the serverInfo _meta, and cache hints on the list', () => {
    expect(modernMix[0].check(echo(1))).toMatch(/resultType/);
    expect(modernMix[0].check(sse(echo(1, DRILL_MESSAGE, modern)))).toBeUndefined();
    expect(modernMix[9].check(result(10, { tools: tools(10), ...modern }))).toMatch(/ttlMs/);
    expect(modernMix[9].check(result(10, { tools: tools(10), ...modern, ttlMs: 0, cacheScope: 'public' }))).toBeUndefined();
  });

  it('is answered right by the hand-written ceiling, every request', () => {
    const answer = createHandRpc(10);
    for (const m of mix) expect(m.check(answer(JSON.parse(m.body)) ?? '')).toBeUndefined();
  });
});

describe('the drills are measured in interleaved slices', () => {
  it('of a quarter of --duration each, eight per server and round; other workloads in one run', () => {
    expect(slicesOf('drill', 1)).toEqual({ slices: DRILL_SLICES, seconds: 0.25 });
    expect(slicesOf('modern-drill', 0.4)).toEqual({ slices: DRILL_SLICES, seconds: 0.1 });
    expect(slicesOf('call-add', 1)).toEqual({ slices: 1, seconds: 1 });
  });

  it('and a ratio pairs samples of the same round and slice (not the first of the round)', () => {
    const sample = (server: 'raw-http' | 'toolwire-http', slice: number, cpuMicros: number): HttpSample =>
      ({ round: 1, slice, server, workload: 'drill', connections: DRILL_CLIENTS, reqPerSec: 1e6 / cpuMicros, p50: 1, p99: 1, cpuMicros, rss: 1, cpuShare: 1, ok: 1, bad: 0, errors: 0 });
    // the host makes every server twice as slow in slices 1 and 2: each pair is still 1.1×
    const samples = [0, 1, 2].flatMap((k) => [sample('raw-http', k, k ? 40 : 20), sample('toolwire-http', k, k ? 44 : 22)]);
    expect(ratio(samples, 'toolwire-http', 'raw-http', 'drill', DRILL_CLIENTS, 'cpuMicros')).toBeCloseTo(1.1, 10);
  });

  it('a side-by-side ratio pairs the runs that shared the CPU, which the ratios of runs in turn leave out', () => {
    const sample = (server: 'raw-http' | 'toolwire-http', slice: number, cpuMicros: number, partner?: 'raw-http' | 'toolwire-http'): HttpSample =>
      ({ round: 1, slice, server, alongside: partner && { server: partner, workload: 'drill' }, workload: 'drill', connections: DRILL_CLIENTS, reqPerSec: 1e6 / cpuMicros, p50: 1, p99: 1, cpuMicros, rss: 1, cpuShare: 1, ok: 1, bad: 0, errors: 0 });
    // in turn 1.5× (two moments of a drifting host); side by side 1.1× and 1.2×, slice by slice
    const samples = [
      sample('raw-http', 0, 20), sample('toolwire-http', 0, 30),
      sample('toolwire-http', 0, 44, 'raw-http'), sample('raw-http', 0, 40, 'toolwire-http'),
      sample('toolwire-http', 1, 24, 'raw-http'), sample('raw-http', 1, 20, 'toolwire-http'),
    ];
    expect(ratio(samples, 'toolwire-http', 'raw-http', 'drill', DRILL_CLIENTS, 'cpuMicros')).toBeCloseTo(1.5, 10);
    const [tw, raw] = [{ server: 'toolwire-http', workload: 'drill' }, { server: 'raw-http', workload: 'drill' }] as const;
    expect(sideBySideRatio(samples, tw, raw, DRILL_CLIENTS)).toBeCloseTo(1.15, 10);
    expect(sideBySideRatio(samples, tw, { server: 'raw-http', workload: 'call-add' }, DRILL_CLIENTS)).toBeNaN();
    expect(sideBySideRatio(samples.filter((s) => !s.alongside), tw, raw, DRILL_CLIENTS)).toBeNaN();
    expect(aggregate(samples).map((r) => [r.server, r.cpuMicros, r.rounds])).toEqual([['raw-http', 20, 1], ['toolwire-http', 30, 1]]);
    // a run without side-by-side samples (saved before they existed): the target falls back to the turns
    const target = (of: HttpSample[]): number | undefined => evaluateTargets(of, [], [], []).find((t) => t.label.includes("raw node:http's CPU per operation on the drill"))?.value;
    expect(target(samples)).toBeCloseTo(1.15, 10);
    expect(target(samples.filter((s) => !s.alongside))).toBeCloseTo(1.5, 10);
  });

  it("reads a CPU's busy and steal time from /proc/stat (Linux), and nothing for a CPU that is not there", () => {
    const now = cpuTimes(0);
    if (process.platform === 'linux') {
      expect(now?.busy).toBeGreaterThan(0);
      expect(now?.steal).toBeGreaterThanOrEqual(0);
    } else expect(now).toBeUndefined();
    expect(cpuTimes(100_000)).toBeUndefined();
  });

  it('the servers take turns slice by slice, forward then backward, every slice a sample of its own; then the pair runs side by side', async () => {
    const lines: string[] = [];
    const samples = await runHttpSuite({ rounds: 1, duration: 0.4, warmup: 0, concurrencies: [32], servers: ['raw-http', 'toolwire-http'], workloads: ['drill'], execArgv: () => [], log: (line) => lines.push(line) });
    const inTurn = samples.filter((s) => s.alongside === undefined);
    const sideBySide = samples.filter((s) => s.alongside !== undefined);
    expect(inTurn.map((s) => [s.slice, s.server, s.failure])).toEqual(
      Array.from({ length: DRILL_SLICES }, (_, k) => (k % 2 === 0 ? ['raw-http', 'toolwire-http'] : ['toolwire-http', 'raw-http']).map((server) => [k, server, undefined])).flat(),
    );
    // the pair of workload('drill').sideBySide, twice a slice's length, both at once
    expect(workload('drill').sideBySide).toEqual([{ server: 'toolwire-http', against: 'raw-http' }]);
    expect(sideBySide.map((s) => [s.slice, s.server, s.alongside?.server, s.alongside?.workload, s.failure])).toEqual(
      Array.from({ length: DRILL_SLICES }, (_, k) => [[k, 'toolwire-http', 'raw-http', 'drill', undefined], [k, 'raw-http', 'toolwire-http', 'drill', undefined]]).flat(),
    );
    // how much the legs shared the CPU is the bench's to report (a busy machine starts one late), not this test's:
    // both samples of a slice carry the same overlap, computed from their spans
    for (let k = 0; k < DRILL_SLICES; k++) {
      const [a, b] = sideBySide.filter((s) => s.slice === k);
      expect([a.overlap, b.overlap]).toEqual([overlapOf(a, b), overlapOf(a, b)]);
    }
    expect(samples.every((s) => s.connections === DRILL_CLIENTS)).toBe(true);
    for (const server of ['raw-http', 'toolwire-http']) expect(samples.some((s) => s.server === server && s.ok > 0)).toBe(true);
    // what explains each run's CPU time adds up to it
    for (const s of samples.filter((x) => x.ok > 0)) expect((s.detail?.userMicros ?? NaN) + (s.detail?.systemMicros ?? NaN)).toBeCloseTo(s.cpuMicros, 6);
    expect(lines).toEqual([
      expect.stringMatching(/^round 1\/1 {2}drill c=50, 8 slices of 0\.1 s: raw-http \d+, toolwire-http \d+ \(medians\)$/),
      expect.stringMatching(/^round 1\/1 {2}drill c=50, side by side, 8 slices of 0\.2 s: toolwire-http [\d.]+, raw-http [\d.]+ µs CPU per operation \(medians; (legs at once for ≥ 80% of each slice|NOT side by side in slice \d.*)\)$/),
    ]);
    // the tables show the runs in turn only; the CPU target takes the side-by-side ones
    const rows = aggregate(samples);
    expect(rows.map((r) => [r.server, r.rounds])).toEqual([['raw-http', DRILL_SLICES], ['toolwire-http', DRILL_SLICES]]);
    const target = evaluateTargets(samples, [], [], []).find((t) => t.label.includes("raw node:http's CPU per operation on the drill"));
    expect(target?.value).toBeCloseTo(sideBySideRatio(samples, { server: 'toolwire-http', workload: 'drill' }, { server: 'raw-http', workload: 'drill' }, DRILL_CLIENTS), 10);
    expect(target?.detail).toMatch(/^\d+\.\d\d× side by side \(in turn: \d+\.\d\d×; ops\/s in turn: \d+\.\d\d×\)$/);
  }, 60_000);
});

describe('parseOptions', () => {
  it('takes --pingpong=N and pingpong as a section of --only', () => {
    expect(parseOptions(['--pingpong=3000', '--only=pingpong'])).toMatchObject({ pingPongTrips: 3000, sections: { http: false, stdio: false, pingpong: true, micro: false, progress: false } });
    expect(parseOptions([])).toMatchObject({ pingPongTrips: 5000, pingPongWarmup: 5000 });
    expect(() => parseOptions(['--pingpong=0'])).toThrow(/positive/);
  });
});
