/** Report: the aggregated results as fixed-width text tables (one per workload and concurrency). */
import { HTTP_SERVER_IDS, httpServer, stdioServer, type StdioServerId } from './catalog';
import { figure, type HttpRow } from './aggregate';
import type { HttpSample } from './httpSuite';
import { baselineMicros, costRatio, costSideBySide, pingPongRatio } from './targets';
import type { StdioSample } from './stdioSuite';
import type { PingPongSample } from './pingPongSuite';
import { median } from './median';
import { featureWorkloads, workload, type WorkloadId } from '../fixture/workloads';

function num(value: number, digits = 0): string {
  return Number.isFinite(value) ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : '–';
}

function times(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}×` : '–';
}

const COLUMNS = ['req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'cores', 'RSS MB', '×raw', '×express'];
const WIDTHS = [9, 8, 8, 11, 6, 7, 7, 9];
const LABEL = 31;

function line(label: string, cells: string[]): string {
  return label.padEnd(LABEL) + cells.map((c, i) => c.padStart(WIDTHS[i])).join(' ');
}

/** The HTTP tables: one per workload × concurrency, servers in catalog order. */
export function httpTables(rows: readonly HttpRow[]): string[] {
  const out: string[] = [];
  const groups = [...new Set(rows.map((r) => `${r.workload}|${r.connections}`))];
  for (const group of groups) {
    const members = rows.filter((r) => `${r.workload}|${r.connections}` === group);
    members.sort((a, b) => HTTP_SERVER_IDS.indexOf(a.server) - HTTP_SERVER_IDS.indexOf(b.server));
    out.push('', `${workload(members[0].workload).title} — concurrency ${members[0].connections}`, line('server', COLUMNS));
    for (const r of members) {
      const label = httpServer(r.server).label;
      if (r.failure && r.rounds === 0) {
        out.push(`${label.padEnd(LABEL)}FAIL: ${r.failure.slice(0, 110)}`);
        continue;
      }
      out.push(line(label, [num(r.reqPerSec), num(r.p50, 2), num(r.p99, 2), num(r.cpuMicros, 1), num(r.cpuShare, 2), num(r.rssMB, 1), times(r.vsRaw), times(r.vsExpress)]));
      if (r.failure) out.push(`${''.padEnd(LABEL)}(failed in some rounds: ${r.failure.slice(0, 100)})`);
    }
  }
  return out;
}

const STDIO_LABEL = 38;

/** The stdio summary per server: median messages/s, CPU µs per message, ratios to the hand-written loop and to the SDK. */
export function stdioTable(samples: readonly StdioSample[]): string[] {
  const servers = [...new Set(samples.map((s) => s.server))];
  const good = (id: StdioServerId): StdioSample[] => samples.filter((s) => s.server === id && !s.failure);
  const sdk = median(good('sdk-stdio').map((s) => s.messagesPerSec));
  const loop = median(good('hand-stdio').map((s) => s.messagesPerSec));
  const out = [
    '',
    `stdio — ${samples[0]?.messages ?? 0} pipelined tools/call add, after initialize and three warm-up batches (cold: the first batch)`,
    `${'server'.padEnd(STDIO_LABEL)}${'msg/s'.padStart(9)} ${'CPU µs/msg'.padStart(11)} ${'RSS MB'.padStart(7)} ${'×loop'.padStart(7)} ${'×SDK'.padStart(7)} ${'cold msg/s'.padStart(11)}`,
  ];
  for (const id of servers) {
    const rows = good(id);
    const failure = samples.find((s) => s.server === id && s.failure)?.failure;
    if (!rows.length) {
      out.push(`${stdioServer(id).label.padEnd(STDIO_LABEL)}FAIL: ${(failure ?? '').slice(0, 110)}`);
      continue;
    }
    const rate = median(rows.map((s) => s.messagesPerSec));
    out.push(
      `${stdioServer(id).label.padEnd(STDIO_LABEL)}${num(rate).padStart(9)} ${num(median(rows.map((s) => s.cpuMicros)), 1).padStart(11)} ${num(median(rows.map((s) => s.rss)) / 2 ** 20, 1).padStart(7)} ${times(rate / loop).padStart(7)} ${times(rate / sdk).padStart(7)} ${num(median(rows.map((s) => s.coldMessagesPerSec ?? NaN))).padStart(11)}`,
    );
    if (failure) out.push(`${''.padEnd(STDIO_LABEL)}(failed in some rounds: ${failure.slice(0, 100)})`);
  }
  return out;
}

/** The ping-pong table per stdio server: round trips/s, p50/p99/max of one round trip, CPU per round trip (medians over rounds), ratios to the loop (as the targets take them: {@link pingPongRatio}). */
export function pingPongTable(samples: readonly PingPongSample[], warmup: number): string[] {
  const servers = [...new Set(samples.map((s) => s.server))];
  const good = (id: StdioServerId): PingPongSample[] => samples.filter((s) => s.server === id && !s.failure);
  const of = (id: StdioServerId, metric: 'perSec' | 'p50' | 'p99' | 'max' | 'cpuMicros'): number => median(good(id).map((s) => s[metric]));
  const out = [
    '',
    `stdio ping-pong — ${samples[0]?.roundTrips ?? 0} tools/call add one at a time, after initialize and ${warmup} warm-up round trips`,
    `${'server'.padEnd(STDIO_LABEL)}${'trips/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'CPU µs/trip'.padStart(12)} ${'×loop'.padStart(7)} ${'p99 ×loop'.padStart(10)}`,
  ];
  for (const id of servers) {
    const failure = samples.find((s) => s.server === id && s.failure)?.failure;
    if (!good(id).length) {
      out.push(`${stdioServer(id).label.padEnd(STDIO_LABEL)}FAIL: ${(failure ?? '').slice(0, 110)}`);
      continue;
    }
    out.push(
      `${stdioServer(id).label.padEnd(STDIO_LABEL)}${num(of(id, 'perSec')).padStart(9)} ${num(of(id, 'p50'), 3).padStart(8)} ${num(of(id, 'p99'), 3).padStart(8)} ${num(of(id, 'max'), 2).padStart(8)} ${num(of(id, 'cpuMicros'), 1).padStart(12)} ${times(pingPongRatio(samples, 'perSec', id)).padStart(7)} ${times(pingPongRatio(samples, 'p99', id)).padStart(10)}`,
    );
    if (failure) out.push(`${''.padEnd(STDIO_LABEL)}(failed in some rounds: ${failure.slice(0, 100)})`);
  }
  return out;
}

const FEATURE_C = 32;
const FEATURE = 56;
const BASELINE = 30;

/**
 * The feature costs: for every workload with a `cost` and every server that ran it and its
 * baseline at c=32 (as a pair, the baseline right before it), the server CPU µs per request of
 * both (medians over rounds), their ratio (median of per-round ratios) and the target, if any.
 */
export function featureCostTable(samples: readonly HttpSample[]): string[] {
  const rows: string[] = [];
  for (const w of featureWorkloads()) {
    const cost = w.cost;
    if (!cost) continue;
    const baseline = workload(cost.baseline as WorkloadId);
    for (const id of HTTP_SERVER_IDS) {
      const value = costRatio(samples, id, w.id, baseline.id);
      if (!Number.isFinite(value)) continue;
      const target = cost.target ? `≤ ${cost.target.max.toFixed(2)}×` : '–';
      rows.push(
        `${httpServer(id).label.padEnd(LABEL)} ${cost.feature.padEnd(FEATURE)} ${num(figure(samples, id, w.id, FEATURE_C, 'cpuMicros'), 1).padStart(8)}  ${baseline.title.padEnd(BASELINE)} ${num(baselineMicros(samples, id, w.id), 1).padStart(8)} ${(times(value) + (costSideBySide(samples, id, w.id, baseline.id) ? '*' : ' ')).padStart(8)} ${target.padStart(8)}`,
      );
    }
  }
  if (!rows.length) return [];
  return [
    '',
    `Feature costs — server CPU µs per request at c=${FEATURE_C}, against the same request without the feature, measured on the same server`,
    'right before it (µs: medians over rounds; ratio: median of per-round ratios, or * measured side by side — the two in two processes',
    'under load at once, sharing the CPU — median of same-slice ratios)',
    `${'server'.padEnd(LABEL)} ${'feature'.padEnd(FEATURE)} ${'µs/req'.padStart(8)}  ${'without it'.padEnd(BASELINE)} ${'µs/req'.padStart(8)} ${'ratio'.padStart(8)} ${'target'.padStart(8)}`,
    ...rows,
  ];
}
