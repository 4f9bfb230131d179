/**
 * The issue's performance targets, checked against one run's samples (at concurrency 32; the drills at their 50 clients)
 * and printed as PASS / MISS lines. Every comparison is a median of per-round comparisons.
 */
import { figure, ratio, sideBySideRatio } from './aggregate';
import { httpServer, type HttpServerId } from './catalog';
import type { HttpSample } from './httpSuite';
import type { StdioSample } from './stdioSuite';
import type { PingPongSample } from './pingPongSuite';
import { DRILL_CLIENTS } from '../fixture/drill';
import type { MicroResult } from '../micro/dispatcherMicro';
import { featureWorkloads, workload, type WorkloadId } from '../fixture/workloads';
import { median } from './median';

/** One target's verdict. */
export interface TargetResult {
  /** `undefined` when the run did not measure what the target needs. */
  pass: boolean | undefined;
  /** `label: detail`, as the PASS/MISS line prints it. */
  text: string;
  /** What the target asks, e.g. `toolwire stdio ≥ 3× the SDK stdio server (msg/s)`. */
  label: string;
  /** The measured ratio with its notes, e.g. `4.41× (by CPU per request: 9.38×)`; `not measured`. */
  detail: string;
  value: number;
}

const C = 32;

function verdict(text: string, value: number, pass: (v: number) => boolean, unit: (v: number) => string): TargetResult {
  if (!Number.isFinite(value)) return { pass: undefined, text: `${text}: not measured`, label: text, detail: 'not measured', value };
  const detail = unit(value);
  return { pass: pass(value), text: `${text}: ${detail}`, label: text, detail, value };
}

const x = (v: number): string => `${v.toFixed(2)}×`;

/** list-1000 ÷ list-10 CPU per request of one server, median over rounds. */
function listCost(samples: readonly HttpSample[], server: HttpServerId): number {
  const at = (w: 'list-10' | 'list-1000', round: number): HttpSample | undefined =>
    samples.find((s) => s.server === server && s.workload === w && s.connections === C && s.round === round && !s.failure && s.alongside === undefined);
  const rounds = [...new Set(samples.map((s) => s.round))];
  return median(rounds.map((r) => (at('list-1000', r)?.cpuMicros ?? NaN) / (at('list-10', r)?.cpuMicros ?? NaN)));
}

/**
 * Workload `w`'s server CPU per request ÷ workload `baseline`'s, on one server at c=32 (a modern
 * workload against its legacy twin, a feature against the plain call): measured side by side when
 * the run did (`Workload.sideBySide`: the two in two processes at once, median of same-slice
 * ratios); else the median of per-round ratios, a feature workload measured as a pair with this
 * baseline (`HttpSample.baseline`) against that run, right before it, and otherwise against the
 * baseline workload's run of the same round.
 */
export function costRatio(samples: readonly HttpSample[], server: HttpServerId, w: WorkloadId, baseline: WorkloadId): number {
  const sideBySide = sideBySideRatio(samples, { server, workload: w }, { server, workload: baseline }, C);
  if (Number.isFinite(sideBySide)) return sideBySide;
  return inTurnCostRatio(samples, server, w, baseline);
}

/** {@link costRatio} from the runs in turn only. */
export function inTurnCostRatio(samples: readonly HttpSample[], server: HttpServerId, w: WorkloadId, baseline: WorkloadId): number {
  const at = (of: WorkloadId, round: number): HttpSample | undefined =>
    samples.find((s) => s.server === server && s.workload === of && s.connections === C && s.round === round && !s.failure && s.alongside === undefined);
  const paired = workload(w).cost?.baseline === baseline;
  const rounds = [...new Set(samples.map((s) => s.round))];
  return median(rounds.map((r) => {
    const sample = at(w, r);
    if (paired && sample?.baseline) return sample.cpuMicros / sample.baseline.cpuMicros;
    return (sample?.cpuMicros ?? NaN) / (at(baseline, r)?.cpuMicros ?? NaN);
  }));
}

/** Whether the run compared `w` with `baseline` on `server` side by side. */
export function costSideBySide(samples: readonly HttpSample[], server: HttpServerId, w: WorkloadId, baseline: WorkloadId): boolean {
  return Number.isFinite(sideBySideRatio(samples, { server, workload: w }, { server, workload: baseline }, C));
}

/** The hand-written server on `server`'s layer: what no MCP library costs there. */
function floorOf(server: HttpServerId): HttpServerId {
  return httpServer(server).layer === 'express' ? 'hand-express' : 'raw-http';
}

/**
 * `; the hand-written floor's own: R×` — the same two workloads' cost ratio on the hand-written
 * server of `server`'s layer in the same run (a 2026-07-28 call carries more bytes each way, so no
 * server answers it at the legacy call's cost), or `''` when the run did not measure it.
 */
export function floorNote(samples: readonly HttpSample[], server: HttpServerId, w: WorkloadId, baseline: WorkloadId): string {
  const floor = costRatio(samples, floorOf(server), w, baseline);
  return Number.isFinite(floor) ? `; the hand-written floor's own: ${floor.toFixed(2)}×` : '';
}

/**
 * The baseline's server CPU per request a feature workload was compared with on one server, median
 * over rounds: its paired runs, or (runs without pairs) the baseline workload's own runs.
 */
export function baselineMicros(samples: readonly HttpSample[], server: HttpServerId, w: WorkloadId): number {
  const baseline = workload(w).cost?.baseline as WorkloadId | undefined;
  if (baseline === undefined) return NaN;
  const paired = samples.filter((s) => s.server === server && s.workload === w && s.connections === C && !s.failure && s.baseline).map((s) => s.baseline?.cpuMicros ?? NaN);
  return paired.length ? median(paired) : figure(samples, server, baseline, C, 'cpuMicros');
}

/** The toolwire servers the feature targets are checked on, with the names the target lines give them. */
const TOOLWIRE_LAYERS: readonly [HttpServerId, string][] = [['toolwire-http', 'toolwire/node:http'], ['toolwire-express', 'toolwire/Express']];

/**
 * The targets of the workloads whose `cost` has one: per toolwire server that ran the feature,
 * its CPU per request ÷ the baseline workload's (the µs of both beside it, and the dispatcher's
 * in-process ratio when the micro-benchmark has both cases).
 */
function featureTargets(http: readonly HttpSample[], micro: readonly MicroResult[]): TargetResult[] {
  const results: TargetResult[] = [];
  for (const w of featureWorkloads()) {
    const cost = w.cost;
    if (!cost?.target) continue;
    const baseline = workload(cost.baseline as WorkloadId);
    const max = cost.target.max;
    for (const [id, label] of TOOLWIRE_LAYERS.filter(([server]) => w.servers === undefined || w.servers.includes(server))) {
      const inProcess = microRatio(micro, w.id as MicroResult['workload'], baseline.id as MicroResult['workload']);
      const note = (v: number): string =>
        `${x(v)}${costSideBySide(http, id, w.id, baseline.id) ? ` side by side (in turn: ${x(inTurnCostRatio(http, id, w.id, baseline.id))}, ` : ' ('}${figure(http, id, w.id, C, 'cpuMicros').toFixed(1)} vs ${baselineMicros(http, id, w.id).toFixed(1)} µs${Number.isFinite(inProcess) ? `; dispatcher alone: ${x(inProcess)}` : ''})`;
      results.push(verdict(`${label}: ${cost.feature} ≤ ${max.toFixed(2)}× ${baseline.title} (server CPU µs per request, c=32, same run; ${cost.target.source})`, costRatio(http, id, w.id, baseline.id), (v) => v <= max, note));
    }
  }
  return results;
}

/** RSS difference (MB) of two servers after tools/call add, median over rounds. */
function rssDelta(samples: readonly HttpSample[], a: HttpServerId, b: HttpServerId): number {
  const at = (server: HttpServerId, round: number): HttpSample | undefined =>
    samples.find((s) => s.server === server && s.workload === 'call-add' && s.connections === C && s.round === round && !s.failure && s.alongside === undefined);
  const rounds = [...new Set(samples.map((s) => s.round))];
  return median(rounds.map((r) => ((at(a, r)?.rss ?? NaN) - (at(b, r)?.rss ?? NaN)) / 2 ** 20));
}

/** `a` ÷ `b` on one stdio metric, median of per-round ratios. */
export function stdioRatio(samples: readonly StdioSample[], metric: 'messagesPerSec' | 'cpuMicros', a: StdioSample['server'] = 'toolwire-stdio', b: StdioSample['server'] = 'sdk-stdio'): number {
  const rounds = [...new Set(samples.map((s) => s.round))];
  const at = (server: StdioSample['server'], round: number): number =>
    samples.find((s) => s.server === server && s.round === round && !s.failure)?.[metric] ?? NaN;
  return median(rounds.map((r) => at(a, r) / at(b, r)));
}

/** The same comparison by server CPU per request (baseline ÷ server), which noise from other processes barely moves. */
function cpuNote(value: number): string {
  return Number.isFinite(value) ? ` (by CPU per request: ${x(1 / value)})` : '';
}

function microRatio(micro: readonly MicroResult[], id: MicroResult['workload'] = 'list-1000', baseline: MicroResult['workload'] = 'list-10'): number {
  const ns = (of: MicroResult['workload']): number => micro.find((m) => m.workload === of)?.nsPerOp ?? NaN;
  return ns(id) / ns(baseline);
}

/**
 * `a` ÷ `b` on one ping-pong metric. Round trips/s and CPU: the median of per-block ratios, each
 * block of `a` against `b`'s block of the same turn (the machine's noise changes within a round;
 * two blocks of one turn ran within a few hundred ms of each other). p99, and saved runs without
 * blocks: the median of per-round ratios.
 */
export function pingPongRatio(samples: readonly PingPongSample[], metric: 'perSec' | 'p99' | 'cpuMicros', a: PingPongSample['server'] = 'toolwire-stdio', b: PingPongSample['server'] = 'hand-stdio'): number {
  const rounds = [...new Set(samples.map((s) => s.round))];
  const of = (server: PingPongSample['server'], round: number): PingPongSample | undefined => samples.find((s) => s.server === server && s.round === round && !s.failure);
  const ratios = rounds.flatMap((r) => {
    const [x, y] = [of(a, r), of(b, r)];
    if (!x || !y) return [NaN];
    if (metric !== 'p99' && x.blocks?.length && x.blocks.length === y.blocks?.length) return x.blocks.map((block, i) => block[metric] / y.blocks![i][metric]);
    return [x[metric] / y[metric]];
  });
  return median(ratios);
}

/**
 * `a`'s CPU per request ÷ `b`'s on workload `w`: measured side by side (both under the load at
 * once on the servers' CPU) when the run did, else from their turns (older runs).
 */
function cpuRatio(http: readonly HttpSample[], a: HttpServerId, b: HttpServerId, w: WorkloadId, connections: number): number {
  const sideBySide = sideBySideRatio(http, { server: a, workload: w }, { server: b, workload: w }, connections);
  return Number.isFinite(sideBySide) ? sideBySide : ratio(http, a, b, w, connections, 'cpuMicros');
}

/** How a CPU ratio of {@link cpuRatio} was measured, with the in-turn ratio and the rate ratio beside it: `1.13× side by side (in turn: 1.12×; req/s in turn: 0.86×)`. */
function cpuDetail(http: readonly HttpSample[], a: HttpServerId, b: HttpServerId, w: WorkloadId, connections: number, rate: string): (v: number) => string {
  return (v) => {
    const inTurn = (metric: 'cpuMicros' | 'reqPerSec'): string => x(ratio(http, a, b, w, connections, metric));
    const sideBySide = Number.isFinite(sideBySideRatio(http, { server: a, workload: w }, { server: b, workload: w }, connections));
    return `${x(v)}${sideBySide ? ` side by side (in turn: ${inTurn('cpuMicros')}` : ' (in turn'}; ${rate} in turn: ${inTurn('reqPerSec')})`;
  };
}

/** The drill targets: ops/s against tmcp (both toolwire servers), CPU per operation against the raw ceiling; the 2026-07-28 drill's ratio beside each. */
function drillTargets(http: readonly HttpSample[]): TargetResult[] {
  const at = (a: HttpServerId, b: HttpServerId, metric: 'reqPerSec' | 'cpuMicros', w: WorkloadId = 'drill'): number => ratio(http, a, b, w, DRILL_CLIENTS, metric);
  const modernNote = (a: HttpServerId): string => {
    const v = at(a, 'tmcp', 'reqPerSec', 'modern-drill');
    return Number.isFinite(v) ? `; 2026-07-28 drill: ${x(v)}` : '';
  };
  const vsTmcp = (a: HttpServerId, label: string, times: number): TargetResult =>
    verdict(`${label} ≥ ${times}× tmcp on the drill (90 % tools/call echo + 10 % tools/list, ${DRILL_CLIENTS} clients, ops/s)`, at(a, 'tmcp', 'reqPerSec'), (v) => v >= times, (v) => `${x(v)} (by CPU per operation: ${x(1 / at(a, 'tmcp', 'cpuMicros'))}${modernNote(a)})`);
  return [
    vsTmcp('toolwire-http', 'toolwire on node:http', 3),
    vsTmcp('toolwire-express', 'toolwire on Express', 2),
    verdict(
      `toolwire on node:http ≤ 1.2× raw node:http's CPU per operation on the drill (${DRILL_CLIENTS} clients)`,
      cpuRatio(http, 'toolwire-http', 'raw-http', 'drill', DRILL_CLIENTS),
      (v) => v <= 1.2,
      cpuDetail(http, 'toolwire-http', 'raw-http', 'drill', DRILL_CLIENTS, 'ops/s'),
    ),
  ];
}

/** Evaluates every target. */
export function evaluateTargets(http: readonly HttpSample[], stdio: readonly StdioSample[], micro: readonly MicroResult[], pingPong: readonly PingPongSample[] = []): TargetResult[] {
  const vs = (a: HttpServerId, b: HttpServerId, metric: 'reqPerSec' | 'cpuMicros' = 'reqPerSec', w: WorkloadId = 'call-add'): number => ratio(http, a, b, w, C, metric);
  const vsSdk2 = (w: WorkloadId): TargetResult =>
    verdict(`toolwire on node:http ≥ 4× SDK v2 at 2026-07-28 (${w === 'modern-call-add' ? 'tools/call add' : 'tools/list 10 tools'}, c=32, req/s)`, vs('toolwire-http', 'sdk2', 'reqPerSec', w), (v) => v >= 4, (v) => x(v) + cpuNote(vs('toolwire-http', 'sdk2', 'cpuMicros', w)));
  const ceiling = listCost(http, 'raw-http');
  const ceilingNote = Number.isFinite(ceiling) ? ` (raw node:http, same bytes: ${x(ceiling)})` : '';
  return [
    verdict('toolwire on Express ≥ 1.0× hand-written Express (tools/call add, c=32, req/s)', vs('toolwire-express', 'hand-express'), (v) => v >= 1.0, (v) => x(v) + cpuNote(vs('toolwire-express', 'hand-express', 'cpuMicros'))),
    verdict('toolwire on Express ≥ 4× the SDK (tools/call add, c=32, req/s)', vs('toolwire-express', 'sdk'), (v) => v >= 4, (v) => x(v) + cpuNote(vs('toolwire-express', 'sdk', 'cpuMicros'))),
    verdict("toolwire on node:http ≤ 1.15× raw node:http's CPU per request (tools/call add, c=32)", cpuRatio(http, 'toolwire-http', 'raw-http', 'call-add', C), (v) => v <= 1.15, cpuDetail(http, 'toolwire-http', 'raw-http', 'call-add', C, 'req/s')),
    verdict('toolwire on node:http ≥ 0.7× raw node:http (tools/call add, c=32, req/s)', vs('toolwire-http', 'raw-http'), (v) => v >= 0.7, (v) => x(v) + cpuNote(vs('toolwire-http', 'raw-http', 'cpuMicros'))),
    verdict('toolwire/Express: tools/list 1,000 tools < 3× tools/list 10 tools (server CPU µs per request, c=32)', listCost(http, 'toolwire-express'), (v) => v < 3, (v) => x(v) + ceilingNote),
    verdict('toolwire/node:http: tools/list 1,000 tools < 3× tools/list 10 tools (server CPU µs per request, c=32)', listCost(http, 'toolwire-http'), (v) => v < 3, (v) => x(v) + ceilingNote),
    verdict('dispatcher: tools/list 1,000 tools < 3× tools/list 10 tools (ns per call, in-process)', microRatio(micro), (v) => v < 3, x),
    verdict('dispatcher: tools/call of a structured-output tool ≤ 1.10× tools/call add (ns per call, in-process)', microRatio(micro, 'call-structured', 'call-add'), (v) => v <= 1.1, x),
    verdict('dispatcher: tools/list 10 tools with metadata ≤ 1.10× tools/list 10 plain tools (ns per call, in-process)', microRatio(micro, 'list-10-metadata', 'list-10'), (v) => v <= 1.1, x),
    ...(
      [
        ['toolwire-http', 'toolwire/node:http', 'modern-call-add', 'call-add', 'tools/call add'],
        ['toolwire-http', 'toolwire/node:http', 'modern-list-10', 'list-10', 'tools/list 10 tools'],
        ['toolwire-express', 'toolwire/Express', 'modern-call-add', 'call-add', 'tools/call add'],
        ['toolwire-express', 'toolwire/Express', 'modern-list-10', 'list-10', 'tools/list 10 tools'],
      ] as const
    ).map(([id, layer, w, legacy, title]) =>
      verdict(`${layer}: 2026-07-28 ${title} ≤ 1.10× the legacy era's (server CPU µs per request, c=32, same run)`, costRatio(http, id, w, legacy), (v) => v <= 1.1, (v) =>
        (costSideBySide(http, id, w, legacy) ? `${x(v)} side by side (in turn: ${x(inTurnCostRatio(http, id, w, legacy))})` : x(v)) + floorNote(http, id, w, legacy),
      ),
    ),
    verdict(
      'toolwire/node:http: 2026-07-28 tools/call add ≤ 1.05× the legacy era\'s (server CPU µs per request, c=32, side by side; issue 36)',
      costRatio(http, 'toolwire-http', 'modern-call-add', 'call-add'),
      (v) => v <= 1.05,
      (v) => x(v) + floorNote(http, 'toolwire-http', 'modern-call-add', 'call-add'),
    ),
    vsSdk2('modern-call-add'),
    vsSdk2('modern-list-10'),
    verdict(
      'toolwire on node:http + zod ≥ 3× SDK v2 + zod at 2026-07-28 (tools/call add declared with zod, c=32, req/s)',
      vs('toolwire-http', 'sdk2', 'reqPerSec', 'modern-call-add-zod'),
      (v) => v >= 3,
      (v) => x(v) + cpuNote(cpuRatio(http, 'toolwire-http', 'sdk2', 'modern-call-add-zod', C)),
    ),
    verdict('toolwire stdio ≥ 3× the SDK stdio server (msg/s)', stdioRatio(stdio, 'messagesPerSec'), (v) => v >= 3, (v) => x(v) + cpuNote(stdioRatio(stdio, 'cpuMicros'))),
    verdict('toolwire stdio ≥ 0.6× the hand-written newline loop (msg/s)', stdioRatio(stdio, 'messagesPerSec', 'toolwire-stdio', 'hand-stdio'), (v) => v >= 0.6, (v) => x(v) + cpuNote(stdioRatio(stdio, 'cpuMicros', 'toolwire-stdio', 'hand-stdio'))),
    verdict('toolwire stdio ≤ 2× the hand-written newline loop\'s CPU per message', stdioRatio(stdio, 'cpuMicros', 'toolwire-stdio', 'hand-stdio'), (v) => v <= 2, x),
    verdict('toolwire stdio with Content-Length framing within 10 % of newline framing: ≥ 0.90× its msg/s', stdioRatio(stdio, 'messagesPerSec', 'toolwire-stdio-cl', 'toolwire-stdio'), (v) => v >= 0.9, (v) => x(v) + cpuNote(stdioRatio(stdio, 'cpuMicros', 'toolwire-stdio-cl', 'toolwire-stdio'))),
    verdict('toolwire stdio ping-pong ≥ 0.8× the hand-written loop\'s round trips per second (one call at a time)', pingPongRatio(pingPong, 'perSec'), (v) => v >= 0.8, (v) => `${x(v)} (CPU per round trip: ${x(pingPongRatio(pingPong, 'cpuMicros'))})`),
    verdict('toolwire stdio ping-pong p99 ≤ 2× the hand-written loop\'s p99 (one call at a time)', pingPongRatio(pingPong, 'p99'), (v) => v <= 2, x),
    ...drillTargets(http),
    ...featureTargets(http, micro),
    verdict('toolwire/Express RSS within 15 MB of hand-written Express (after tools/call add, c=32)', rssDelta(http, 'toolwire-express', 'hand-express'), (v) => v <= 15, (v) => `${v >= 0 ? '+' : ''}${v.toFixed(1)} MB`),
  ];
}

/** PASS / MISS / N/A lines. */
export function formatTargets(results: readonly TargetResult[]): string[] {
  return results.map((r) => `${r.pass === undefined ? 'N/A ' : r.pass ? 'PASS' : 'MISS'}  ${r.text}`);
}
