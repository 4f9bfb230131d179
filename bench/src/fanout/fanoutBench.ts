/**
 * fanoutBench: how fast a change published through instance A reaches the listeners held by
 * instance B — 2026-07-28 listens (each with its own subscription id, as on the wire) on B's
 * dispatcher, the change made on A's declaration (`decl.resourceUpdated`) — over a bus: the
 * in-process one (A and B share it) or Redis (each its own `RedisNotificationBus`). Reports the
 * latency of every delivery (p50/p99, from the change to the listener's sink) and the throughput
 * to all listeners (deliveries per second while changes are published back to back). With Redis,
 * Redis's own PUBLISH→message latency is measured in the same run, as the floor.
 */
import { createClient } from '@redis/client';
import { Dispatcher, MemoryNotificationBus, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { NotificationBus } from '@toolwire/core';
import { RedisNotificationBus } from '@toolwire/redis';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const URI = 'bench://watched';

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

function instance(bus: NotificationBus, listeners: number) {
  const decl = new ToolDeclaration('fanout', '1');
  decl.addResource(URI, 'watched').setContents('x');
  decl.addTool('noop');
  const dispatcher = new Dispatcher(new ServiceDefinition().registerProcedure('noop', () => 'ok'), decl, { notificationBus: bus, maxSubscriptions: listeners, maxSubscriptionsPerPrincipal: listeners });
  return { decl, dispatcher };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Holds `listeners` listens on B, then makes `changes` changes on A: latency one change at a time, throughput back to back. */
async function measure(name: string, busA: NotificationBus, busB: NotificationBus, listeners: number, changes: number): Promise<FanoutResult> {
  const a = instance(busA, listeners);
  const b = instance(busB, listeners);
  let sentAt = 0;
  let delivered = 0;
  let wake: (() => void) | undefined;
  let expected = 0;
  const latencies: number[] = [];
  const controllers = Array.from({ length: listeners }, () => new AbortController());
  let acknowledged = 0;
  const done = controllers.map((controller, i) =>
    b.dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id: i, method: 'subscriptions/listen', params: { _meta: META, notifications: { resourceSubscriptions: [URI] } } }), {
      protocolVersion: '2026-07-28',
      signal: controller.signal,
      notify: (json) => {
        if (json.includes('acknowledged')) return void acknowledged++;
        if (sentAt) latencies.push(performance.now() - sentAt);
        if (++delivered === expected) wake?.();
      },
    }),
  );
  if (acknowledged !== listeners) throw new Error(`only ${acknowledged} of ${listeners} listens were acknowledged`);
  const until = (count: number): Promise<void> => (delivered >= count ? Promise.resolve() : new Promise((resolve) => ((expected = count), (wake = resolve))));
  for (let i = 0; i < changes; i++) {
    sentAt = performance.now();
    a.decl.resourceUpdated(URI);
    await until((i + 1) * listeners);
  }
  sentAt = 0;
  const start = performance.now();
  for (let i = 0; i < changes; i++) a.decl.resourceUpdated(URI);
  await until(2 * changes * listeners);
  const seconds = (performance.now() - start) / 1000;
  for (const controller of controllers) controller.abort();
  await Promise.all(done);
  latencies.sort((x, y) => x - y);
  return { bus: name, listeners, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), deliveriesPerSecond: Math.round((changes * listeners) / seconds) };
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
  const memory = new MemoryNotificationBus();
  const results = [await measure('in-process', memory, memory, options.listeners, options.changes)];
  if (options.redisUrl) {
    const channel = `toolwire:bench:${process.pid}`;
    const [busA, busB] = await Promise.all([RedisNotificationBus.connect({ url: options.redisUrl, channel }), RedisNotificationBus.connect({ url: options.redisUrl, channel })]);
    try {
      const floor = await redisFloor(options.redisUrl, options.changes);
      results.push({ ...(await measure('Redis', busA, busB, options.listeners, options.changes)), floor });
    } finally {
      await Promise.allSettled([busA.close(), busB.close()]);
    }
  }
  return results;
}

/** The results as lines of a Markdown table. */
export function formatFanout(results: readonly FanoutResult[]): string[] {
  const ms = (n: number): string => n.toFixed(3);
  const lines = ['| bus | listeners | p50 ms | p99 ms | deliveries/s | Redis PUBLISH→message p50 / p99 ms (floor) | p50 / floor |', '|---|---:|---:|---:|---:|---:|---:|'];
  for (const r of results) {
    const floor = r.floor ? `${ms(r.floor.p50Ms)} / ${ms(r.floor.p99Ms)}` : '—';
    const ratio = r.floor ? `${(r.p50Ms / r.floor.p50Ms).toFixed(1)}×` : '—';
    lines.push(`| ${r.bus} | ${r.listeners.toLocaleString('en-US')} | ${ms(r.p50Ms)} | ${ms(r.p99Ms)} | ${r.deliveriesPerSecond.toLocaleString('en-US')} | ${floor} | ${ratio} |`);
  }
  return lines;
}
