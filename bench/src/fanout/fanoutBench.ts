/**
 * fanoutBench: how fast a change published through instance A reaches the listeners held by
 * instance B — 2026-07-28 listens (each with its own subscription id, as on the wire) on B's
 * dispatcher, the change made on A's declaration (`decl.resourceUpdated`) — over a bus: the
 * in-process one (A and B share it) or Redis (each its own `RedisNotificationBus`). Reports the
 * latency of every delivery (p50/p99, from the change to the listener's sink) and the throughput
 * to all listeners (deliveries per second while changes are published back to back). With Redis,
 * Redis's own PUBLISH→message latency is measured in the same run, as the floor, and each
 * figure's ratio to it is printed; the targets are checked (PASS/MISS).
 */
import { createClient } from '@redis/client';
import { WATCHED_URI, liveInstance, memoryPair, openListens, redisPair } from './liveInstance';
import type { BusPair } from './liveInstance';

/** What one run measured. */
export interface FanoutResult {
  readonly bus: string;
  readonly listeners: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly deliveriesPerSecond: number;
  /** Redis only: PUBLISH→message on a raw connection pair, p50/p99 (the floor). */
  readonly floor?: { readonly p50Ms: number; readonly p99Ms: number };
}

/** The fan-out targets: the Redis bus's p50 within this many times Redis's own PUBLISH→message p50 … */
export const REDIS_P50_OVER_FLOOR = 5;
/** … and the in-process bus delivering at least this many notifications per second to 1,000 listeners. */
export const IN_PROCESS_DELIVERIES_PER_SECOND = 500_000;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Holds `listeners` listens on B, then makes `changes` changes on A: latency one change at a time, throughput back to back. */
async function measure(pair: BusPair, listeners: number, changes: number): Promise<FanoutResult> {
  const a = liveInstance(pair.a, listeners);
  const b = liveInstance(pair.b, listeners);
  let sentAt = 0;
  let delivered = 0;
  let wake: (() => void) | undefined;
  let expected = 0;
  const latencies: number[] = [];
  const held = openListens(b.dispatcher, listeners, { resourceSubscriptions: [WATCHED_URI] }, () => {
    if (sentAt) latencies.push(performance.now() - sentAt);
    if (++delivered === expected) wake?.();
  });
  if (held.acknowledged !== listeners) throw new Error(`only ${held.acknowledged} of ${listeners} listens were acknowledged`);
  const until = (count: number): Promise<void> => (delivered >= count ? Promise.resolve() : new Promise((resolve) => ((expected = count), (wake = resolve))));
  for (let i = 0; i < changes; i++) {
    sentAt = performance.now();
    a.decl.resourceUpdated(WATCHED_URI);
    await until((i + 1) * listeners);
  }
  sentAt = 0;
  const start = performance.now();
  for (let i = 0; i < changes; i++) a.decl.resourceUpdated(WATCHED_URI);
  await until(2 * changes * listeners);
  const seconds = (performance.now() - start) / 1000;
  await held.close();
  latencies.sort((x, y) => x - y);
  return { bus: pair.name, listeners, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), deliveriesPerSecond: Math.round((changes * listeners) / seconds) };
}

/** Redis's own PUBLISH→message latency: the floor of any Redis fan-out. */
async function redisFloor(url: string, samples: number): Promise<{ p50Ms: number; p99Ms: number }> {
  const publisher = createClient({ url });
  const subscriber = publisher.duplicate();
  await Promise.all([publisher.connect(), subscriber.connect()]);
  let wake: (() => void) | undefined;
  await subscriber.subscribe('toolwire:bench:floor', () => wake?.());
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const at = performance.now();
    const heard = new Promise<void>((resolve) => (wake = resolve));
    await publisher.publish('toolwire:bench:floor', 'x');
    await heard;
    latencies.push(performance.now() - at);
  }
  await Promise.allSettled([subscriber.close(), publisher.close()]);
  latencies.sort((x, y) => x - y);
  return { p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
}

/** Runs the in-process bus, and with `redisUrl` the Redis bus and its floor. */
export async function runFanout(options: { listeners: number; changes: number; redisUrl?: string }): Promise<FanoutResult[]> {
  const memory = memoryPair();
  const results = [await measure(memory, options.listeners, options.changes)];
  await memory.close();
  if (options.redisUrl) {
    const pair = await redisPair(options.redisUrl, `toolwire:bench:${process.pid}`);
    try {
      const floor = await redisFloor(options.redisUrl, options.changes);
      results.push({ ...(await measure(pair, options.listeners, options.changes)), floor });
    } finally {
      await pair.close();
    }
  }
  return results;
}

/** The results as lines of a Markdown table. */
export function formatFanout(results: readonly FanoutResult[]): string[] {
  const ms = (n: number): string => n.toFixed(3);
  const lines = ['| bus | listeners | p50 ms | p99 ms | deliveries/s | Redis PUBLISH→message p50 / p99 ms (floor) | p50 / floor | p99 / floor |', '|---|---:|---:|---:|---:|---:|---:|---:|'];
  for (const r of results) {
    const floor = r.floor ? `${ms(r.floor.p50Ms)} / ${ms(r.floor.p99Ms)}` : '—';
    const ratio = (value: number, of: number | undefined): string => (of ? `${(value / of).toFixed(1)}×` : '—');
    lines.push(`| ${r.bus} | ${r.listeners.toLocaleString('en-US')} | ${ms(r.p50Ms)} | ${ms(r.p99Ms)} | ${r.deliveriesPerSecond.toLocaleString('en-US')} | ${floor} | ${ratio(r.p50Ms, r.floor?.p50Ms)} | ${ratio(r.p99Ms, r.floor?.p99Ms)} |`);
  }
  return lines;
}

/** The fan-out targets, PASS/MISS (N/A for a bus the run left out). */
export function fanoutTargets(results: readonly FanoutResult[]): { lines: string[]; pass: boolean } {
  const memory = results.find((r) => r.bus === 'in-process');
  const redis = results.find((r) => r.floor);
  const verdicts: Array<{ pass: boolean | undefined; text: string }> = [
    {
      pass: memory && memory.deliveriesPerSecond >= IN_PROCESS_DELIVERIES_PER_SECOND,
      text: `fan-out: in-process bus ≥ ${IN_PROCESS_DELIVERIES_PER_SECOND.toLocaleString('en-US')} deliveries/s to ${memory?.listeners.toLocaleString('en-US') ?? '1,000'} listeners: ${memory ? memory.deliveriesPerSecond.toLocaleString('en-US') : '—'}`,
    },
    {
      pass: redis?.floor && redis.p50Ms <= REDIS_P50_OVER_FLOOR * redis.floor.p50Ms,
      text: `fan-out: Redis bus p50 ≤ ${REDIS_P50_OVER_FLOOR}× Redis's PUBLISH→message p50: ${redis?.floor ? `${(redis.p50Ms / redis.floor.p50Ms).toFixed(1)}×` : '—'}`,
    },
  ];
  return { lines: verdicts.map((v) => `${v.pass === undefined ? 'N/A ' : v.pass ? 'PASS' : 'MISS'}  ${v.text}`), pass: verdicts.every((v) => v.pass !== false) };
}
