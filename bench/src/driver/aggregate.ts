/**
 * Aggregation: the per-round HTTP samples reduced to one row per workload × concurrency × server
 * — the median of each figure over the rounds — and ratios to the baselines, taken as the median
 * of per-round ratios (a server is compared with the baseline measured minutes, not rounds, apart).
 */
import type { HttpServerId } from './catalog';
import type { HttpSample, Leg } from './httpSuite';
import type { WorkloadId } from '../fixture/workloads';
import { median } from './median';

/** One line of a result table. */
export interface HttpRow {
  server: HttpServerId;
  workload: WorkloadId;
  connections: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  cpuMicros: number;
  /** Cores the server used during the run (1.0 = one core busy all the time). */
  cpuShare: number;
  rssMB: number;
  /** req/s relative to raw node:http (the ceiling). */
  vsRaw: number;
  /** req/s relative to the hand-written Express handler (the framework's ceiling). */
  vsExpress: number;
  /** Rounds measured without failure. */
  rounds: number;
  /** Set when any round failed: the first failure. */
  failure?: string;
}

type Metric = 'reqPerSec' | 'p50' | 'p99' | 'cpuMicros' | 'rss' | 'cpuShare';

/** The right samples of one server, workload and concurrency, measured on its own (not side by side: those shared the CPU). */
function good(samples: readonly HttpSample[], server: HttpServerId, w: WorkloadId, connections: number): HttpSample[] {
  return samples.filter((s) => s.server === server && s.workload === w && s.connections === connections && !s.failure && s.alongside === undefined);
}

/**
 * The median over rounds and slices of `metric(a) / metric(b)` from the runs in which legs `a` and
 * `b` (a server under a workload) were measured side by side (`HttpSample.alongside`); NaN when
 * there were none.
 */
export function sideBySideRatio(samples: readonly HttpSample[], a: Leg, b: Leg, connections: number, metric: 'cpuMicros' | 'reqPerSec' = 'cpuMicros'): number {
  const of = (leg: Leg, partner: Leg): HttpSample[] =>
    samples.filter(
      (s) => s.server === leg.server && s.workload === leg.workload && s.alongside?.server === partner.server && s.alongside.workload === partner.workload && s.connections === connections && !s.failure,
    );
  const bs = of(b, a);
  return median(of(a, b).map((s) => {
    const other = bs.find((x) => x.round === s.round && x.slice === s.slice);
    return other ? s[metric] / other[metric] : NaN;
  }));
}

/** The median over rounds (and slices) of `metric(a) / metric(b)`, both from the same round and slice; NaN when none. */
export function ratio(samples: readonly HttpSample[], a: HttpServerId, b: HttpServerId, w: WorkloadId, connections: number, metric: Metric = 'reqPerSec'): number {
  const bs = good(samples, b, w, connections);
  return median(good(samples, a, w, connections).map((s) => {
    const other = bs.find((x) => x.round === s.round && x.slice === s.slice);
    return other ? s[metric] / other[metric] : NaN;
  }));
}

/** The median over rounds of one figure of one server. */
export function figure(samples: readonly HttpSample[], server: HttpServerId, w: WorkloadId, connections: number, metric: Metric): number {
  return median(good(samples, server, w, connections).map((s) => s[metric]));
}

/** One row per workload × concurrency × server, in the order the samples came. */
export function aggregate(samples: readonly HttpSample[]): HttpRow[] {
  const rows: HttpRow[] = [];
  const seen = new Set<string>();
  const apart = samples.filter((s) => s.alongside === undefined);
  for (const s of apart) {
    const id = `${s.workload}|${s.connections}|${s.server}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const all = apart.filter((x) => x.server === s.server && x.workload === s.workload && x.connections === s.connections);
    const at = (metric: Metric): number => figure(samples, s.server, s.workload, s.connections, metric);
    rows.push({
      server: s.server,
      workload: s.workload,
      connections: s.connections,
      reqPerSec: at('reqPerSec'),
      p50: at('p50'),
      p99: at('p99'),
      cpuMicros: at('cpuMicros'),
      cpuShare: at('cpuShare'),
      rssMB: at('rss') / 2 ** 20,
      vsRaw: ratio(samples, s.server, 'raw-http', s.workload, s.connections),
      vsExpress: ratio(samples, s.server, 'hand-express', s.workload, s.connections),
      rounds: all.filter((x) => !x.failure).length,
      failure: all.find((x) => x.failure)?.failure,
    });
  }
  return rows;
}
