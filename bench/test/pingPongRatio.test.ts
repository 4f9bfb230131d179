/**
 * pingPongRatio: round trips/s and CPU are compared block by block (each block against the other
 * server's block of the same turn, median over every block of every round); p99, and saved runs
 * without blocks, round by round.
 */
import { pingPongRatio } from '../src/driver/targets';
import type { PingPongBlock, PingPongSample } from '../src/driver/pingPongSuite';

function sample(round: number, server: PingPongSample['server'], perSec: number, blocks?: PingPongBlock[]): PingPongSample {
  return { round, server, roundTrips: 1000, perSec, p50: 0.05, p99: server === 'hand-stdio' ? 0.1 : 0.15, max: 1, cpuMicros: 30, ...(blocks && { blocks }) };
}

const block = (perSec: number, cpuMicros = 30): PingPongBlock => ({ perSec, cpuMicros });

describe('pingPongRatio', () => {
  it('takes the median of per-block ratios: a noisy block of the loop moves one ratio, not the verdict', () => {
    const samples = [
      // round 1: the loop's second block was hit by noise (5,000/s), toolwire's blocks were not
      sample(1, 'hand-stdio', 10_000, [block(20_000), block(5_000), block(20_000)]),
      sample(1, 'toolwire-stdio', 18_000, [block(18_000), block(18_000), block(18_000, 36)]),
      sample(2, 'hand-stdio', 20_000, [block(20_000), block(20_000), block(20_000)]),
      sample(2, 'toolwire-stdio', 9_000, [block(18_000), block(4_000), block(18_000)]),
    ];
    // per-block ratios: 0.9, 3.6, 0.9, 0.9, 0.2, 0.9 → median 0.9 (per round it would be 1.8 and 0.45)
    expect(pingPongRatio(samples, 'perSec')).toBeCloseTo(0.9, 5);
    expect(pingPongRatio(samples, 'cpuMicros')).toBeCloseTo(1, 5);
    expect(pingPongRatio(samples, 'p99')).toBeCloseTo(1.5, 5);
  });

  it('falls back to per-round ratios for samples without blocks (saved runs before blocks were recorded)', () => {
    const samples = [sample(1, 'hand-stdio', 20_000), sample(1, 'toolwire-stdio', 16_000), sample(2, 'hand-stdio', 20_000), sample(2, 'toolwire-stdio', 18_000)];
    expect(pingPongRatio(samples, 'perSec')).toBeCloseTo(0.85, 5);
  });

  it('is NaN when a server failed every round', () => {
    const samples = [sample(1, 'hand-stdio', 20_000, [block(20_000)]), { ...sample(1, 'toolwire-stdio', NaN), failure: 'crashed' }];
    expect(pingPongRatio(samples, 'perSec')).toBeNaN();
  });
});
