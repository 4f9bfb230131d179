/**
 * listenSoak: issue 41's soak of live lists — 1,000 2026-07-28 listens held on instance B for a
 * minute (`--quick`: 10 s) while instance A updates the resource they watch at a steady rate, over
 * the in-process bus and over Redis. Every listener's deliveries are counted; the heap after a
 * full collection and RSS are read before the listens open (after a warm-up cycle: code compiled),
 * every few seconds while they are held, and after they closed. It passes when every listener
 * heard every change, the hub holds nothing after the close, and memory is back within
 * {@link LISTEN_SOAK_HEAP_MB} (heap) / {@link LISTEN_SOAK_RSS_MB} (RSS) of the baseline.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { WATCHED_URI, liveInstance, openListens } from './liveInstance';
import type { BusPair } from './liveInstance';

/** How far above the baseline the heap after a full collection may end once the listens closed. */
export const LISTEN_SOAK_HEAP_MB = 2;
/** How far above the baseline RSS may end (the allocator keeps some pages; V8 returns them lazily). */
export const LISTEN_SOAK_RSS_MB = 32;

/** What to run. */
export interface ListenSoakOptions {
  readonly listeners: number;
  /** Seconds the listens are held with changes flowing. */
  readonly seconds: number;
  /** Changes published per second (each one delivered to every listener). */
  readonly changesPerSecond: number;
  /** Seconds between memory samples while held. */
  readonly sampleSeconds: number;
  readonly log: (line: string) => void;
}

/** Memory at one moment: heap after a full collection, and RSS. */
export interface MemorySample {
  /** Seconds since the listens opened (negative: before). */
  readonly at: number;
  readonly heapUsed: number;
  readonly rss: number;
}

/** One bus's soak. */
export interface ListenSoakResult {
  readonly bus: string;
  readonly listeners: number;
  readonly seconds: number;
  /** Changes published on A. */
  readonly changes: number;
  /** Deliveries counted, in all. */
  readonly delivered: number;
  /** How many listeners heard fewer than `changes` (or more). */
  readonly missed: number;
  /** Listeners the hub still held after every listen closed (must be 0). */
  readonly heldAfterClose: number;
  readonly baseline: MemorySample;
  readonly during: readonly MemorySample[];
  readonly after: MemorySample;
}

let collect: (() => void) | undefined;

/** The heap after two full collections, and RSS. */
function memory(at: number): MemorySample {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
  collect();
  const usage = process.memoryUsage();
  return { at, heapUsed: usage.heapUsed, rss: usage.rss };
}

/** One cycle of `listeners` listens on B hearing `changes` changes made on A at `perSecond`; samples memory every `sampleSeconds` when asked. */
async function cycle(pair: BusPair, options: ListenSoakOptions, seconds: number, sample?: (at: number) => void) {
  const a = liveInstance(pair.a, options.listeners);
  const b = liveInstance(pair.b, options.listeners);
  const heard = new Array<number>(options.listeners).fill(0);
  let delivered = 0;
  let target = Infinity;
  let wake: (() => void) | undefined;
  const held = openListens(b.dispatcher, options.listeners, { resourceSubscriptions: [WATCHED_URI] }, (i) => {
    heard[i]++;
    if (++delivered >= target) wake?.();
  });
  if (held.acknowledged !== options.listeners) throw new Error(`only ${held.acknowledged} of ${options.listeners} listens were acknowledged`);
  const began = performance.now();
  const total = Math.round(seconds * options.changesPerSecond);
  let nextSample = options.sampleSeconds;
  for (let k = 0; k < total; k++) {
    const due = began + (k * 1000) / options.changesPerSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    a.decl.resourceUpdated(WATCHED_URI);
    const at = (performance.now() - began) / 1000;
    if (sample && at >= nextSample) {
      sample(at);
      nextSample += options.sampleSeconds;
    }
  }
  // what is still on its way arrives (within a few seconds, or it was lost)
  target = total * options.listeners;
  if (delivered < target) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await new Promise<void>((resolve) => ((wake = resolve), (timer = setTimeout(resolve, 10_000))));
    clearTimeout(timer);
  }
  await held.close();
  return { changes: total, delivered, missed: heard.filter((n) => n !== total).length, heldAfterClose: b.dispatcher.notifications.size };
}

/** Soaks one pair of buses: a warm-up cycle, the baseline, the held minute, the close. */
export async function runListenSoak(pair: BusPair, options: ListenSoakOptions): Promise<ListenSoakResult> {
  await cycle(pair, options, Math.min(2, options.seconds)); // code compiled, pools filled
  const baseline = memory(0);
  const during: MemorySample[] = [];
  options.log(`listen soak (${pair.name}): ${options.listeners} listens for ${options.seconds} s at ${options.changesPerSecond} changes/s; baseline heap ${mb(baseline.heapUsed)} MB, RSS ${mb(baseline.rss)} MB`);
  const outcome = await cycle(pair, options, options.seconds, (at) => {
    const sample = memory(at);
    during.push(sample);
    options.log(`listen soak (${pair.name}) ${Math.round(at)}/${options.seconds} s: heap ${mb(sample.heapUsed)} MB, RSS ${mb(sample.rss)} MB`);
  });
  const after = memory(options.seconds);
  return { bus: pair.name, listeners: options.listeners, seconds: options.seconds, ...outcome, baseline, during, after };
}

function mb(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(1);
}

function signed(bytes: number): string {
  const value = bytes / 2 ** 20;
  return `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;
}

/** The soak's report: memory before, during (the peak) and after per bus, deliveries, and its PASS/MISS lines. */
export function listenSoakReport(results: readonly ListenSoakResult[]): { lines: string[]; pass: boolean } {
  const lines = ['', 'Listen soak — 2026-07-28 listens on B, a resource updated on A at a steady rate (heap: after a full GC)', '| bus | listeners | s | changes | deliveries | missed | heap MB before / peak / after | RSS MB before / peak / after |', '|---|---:|---:|---:|---:|---:|---:|---:|'];
  const verdicts: Array<{ pass: boolean; text: string }> = [];
  for (const r of results) {
    const peak = (key: 'heapUsed' | 'rss'): number => Math.max(r.baseline[key], ...r.during.map((s) => s[key]));
    lines.push(
      `| ${r.bus} | ${r.listeners.toLocaleString('en-US')} | ${r.seconds} | ${r.changes.toLocaleString('en-US')} | ${r.delivered.toLocaleString('en-US')} | ${r.missed} | ${mb(r.baseline.heapUsed)} / ${mb(peak('heapUsed'))} / ${mb(r.after.heapUsed)} | ${mb(r.baseline.rss)} / ${mb(peak('rss'))} / ${mb(r.after.rss)} |`,
    );
    const heapGrowth = r.after.heapUsed - r.baseline.heapUsed;
    const rssGrowth = r.after.rss - r.baseline.rss;
    verdicts.push(
      { pass: r.missed === 0 && r.delivered === r.changes * r.listeners, text: `listen soak (${r.bus}): every listener heard every change: ${r.missed} of ${r.listeners.toLocaleString('en-US')} missed some (${r.delivered.toLocaleString('en-US')} of ${(r.changes * r.listeners).toLocaleString('en-US')} delivered)` },
      { pass: r.heldAfterClose === 0, text: `listen soak (${r.bus}): nothing held after the close: ${r.heldAfterClose} listeners` },
      { pass: heapGrowth <= LISTEN_SOAK_HEAP_MB * 2 ** 20, text: `listen soak (${r.bus}): heap after GC back within ${LISTEN_SOAK_HEAP_MB} MB of the baseline: ${signed(heapGrowth)} MB` },
      { pass: rssGrowth <= LISTEN_SOAK_RSS_MB * 2 ** 20, text: `listen soak (${r.bus}): RSS back within ${LISTEN_SOAK_RSS_MB} MB of the baseline: ${signed(rssGrowth)} MB` },
    );
  }
  lines.push('', ...verdicts.map((v) => `${v.pass ? 'PASS' : 'MISS'}  ${v.text}`));
  return { lines, pass: verdicts.every((v) => v.pass) };
}
