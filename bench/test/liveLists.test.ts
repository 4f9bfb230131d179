/** The live-list suites' pure parts: the fan-out table and targets, the listen soak's verdicts, and their options. */
import { IN_PROCESS_DELIVERIES_PER_SECOND, REDIS_P50_OVER_FLOOR, fanoutTargets, formatFanout, type FanoutResult } from '../src/fanout/fanoutBench';
import { LISTEN_SOAK_HEAP_MB, LISTEN_SOAK_RSS_MB, listenSoakReport, type ListenSoakResult } from '../src/fanout/listenSoak';
import { parseOptions } from '../src/driver/options';

const MB = 2 ** 20;

const memory: FanoutResult = { bus: 'in-process', listeners: 1000, p50Ms: 0.4, p99Ms: 14, deliveriesPerSecond: 800_000 };
const redis: FanoutResult = { bus: 'Redis', listeners: 1000, p50Ms: 1.2, p99Ms: 40, deliveriesPerSecond: 600_000, floor: { p50Ms: 0.4, p99Ms: 1.6 } };

describe('the fan-out report', () => {
  it('prints each bus with its ratios to Redis\'s PUBLISH→message floor', () => {
    const lines = formatFanout([memory, redis]);
    expect(lines[2]).toBe('| in-process | 1,000 | 0.400 | 14.000 | 800,000 | — | — | — |');
    expect(lines[3]).toBe('| Redis | 1,000 | 1.200 | 40.000 | 600,000 | 0.400 / 1.600 | 3.0× | 25.0× |');
  });

  it('passes both targets when met', () => {
    const { lines, pass } = fanoutTargets([memory, redis]);
    expect(pass).toBe(true);
    expect(lines.map((line) => line.slice(0, 4))).toEqual(['PASS', 'PASS']);
  });

  it('misses a Redis p50 beyond its multiple of the floor, and in-process throughput below the target', () => {
    const slow = { ...redis, p50Ms: redis.floor!.p50Ms * (REDIS_P50_OVER_FLOOR + 1) };
    const starved = { ...memory, deliveriesPerSecond: IN_PROCESS_DELIVERIES_PER_SECOND - 1 };
    const { lines, pass } = fanoutTargets([starved, slow]);
    expect(pass).toBe(false);
    expect(lines[0]).toMatch(/^MISS .*in-process/);
    expect(lines[1]).toMatch(/^MISS .*Redis bus p50 ≤ 5× .*: 6\.0×$/);
  });

  it('prints N/A for a bus the run left out', () => {
    const { lines, pass } = fanoutTargets([memory]);
    expect(pass).toBe(true);
    expect(lines[1]).toMatch(/^N\/A /);
  });
});

function soak(overrides: Partial<ListenSoakResult> = {}, heapAfterMb = 12.5, rssAfterMb = 90): ListenSoakResult {
  return {
    bus: 'in-process',
    listeners: 1000,
    seconds: 60,
    changes: 1200,
    delivered: 1_200_000,
    missed: 0,
    heldAfterClose: 0,
    baseline: { at: 0, heapUsed: 12 * MB, rss: 85 * MB },
    during: [{ at: 5, heapUsed: 15 * MB, rss: 95 * MB }],
    after: { at: 60, heapUsed: heapAfterMb * MB, rss: rssAfterMb * MB },
    ...overrides,
  };
}

describe('the listen soak report', () => {
  it('passes every listener hearing every change and memory back near the baseline, with before / peak / after', () => {
    const { lines, pass } = listenSoakReport([soak()]);
    expect(pass).toBe(true);
    expect(lines.filter((line) => line.startsWith('PASS'))).toHaveLength(4);
    expect(lines).toContain('| in-process | 1,000 | 60 | 1,200 | 1,200,000 | 0 | 12.0 / 15.0 / 12.5 | 85.0 / 95.0 / 90.0 |');
  });

  it('fails a listener that missed a notification', () => {
    const { lines, pass } = listenSoakReport([soak({ missed: 1, delivered: 1_199_999 })]);
    expect(pass).toBe(false);
    expect(lines.find((line) => line.includes('every listener heard'))).toMatch(/^MISS .*1 of 1,000 missed some \(1,199,999 of 1,200,000 delivered\)/);
  });

  it('fails a heap that does not come back within its allowance after the close', () => {
    const { lines, pass } = listenSoakReport([soak({}, 12 + LISTEN_SOAK_HEAP_MB + 0.5)]);
    expect(pass).toBe(false);
    expect(lines.find((line) => line.includes('heap after GC'))).toMatch(/^MISS .*\+2\.5 MB$/);
  });

  it('fails RSS beyond its allowance, and listeners still held after the close', () => {
    expect(listenSoakReport([soak({}, 12, 85 + LISTEN_SOAK_RSS_MB + 1)]).pass).toBe(false);
    const held = listenSoakReport([soak({ heldAfterClose: 3 })]);
    expect(held.pass).toBe(false);
    expect(held.lines.find((line) => line.includes('nothing held'))).toMatch(/^MISS .*3 listeners$/);
  });
});

describe('the live-list options', () => {
  it('runs the fan-out and the listen soak by default, a minute long, and alone with --only', () => {
    expect(parseOptions([])).toMatchObject({ listenSoakSeconds: 60, fanoutChanges: 200, redisUrl: undefined, sections: { fanout: true, listenSoak: true } });
    expect(parseOptions(['--only=fanout,listen-soak'])).toMatchObject({ sections: { http: false, stdio: false, micro: false, fanout: true, listenSoak: true } });
    expect(parseOptions(['--only=listen-soak', '--quick'])).toMatchObject({ listenSoakSeconds: 10, fanoutChanges: 20, sections: { fanout: false, listenSoak: true } });
  });

  it('takes the Redis URL and the soak\'s seconds, and refuses a URL that is not Redis\'s', () => {
    expect(parseOptions(['--redis=redis://127.0.0.1:6390', '--listen-soak=30'])).toMatchObject({ redisUrl: 'redis://127.0.0.1:6390', listenSoakSeconds: 30 });
    expect(() => parseOptions(['--redis=http://x'])).toThrow(/--redis: expected a redis:\/\/ or rediss:\/\/ URL, got "http:\/\/x"/);
  });
});
