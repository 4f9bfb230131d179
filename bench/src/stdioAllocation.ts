/**
 * Entry: `node --expose-gc --min-semi-space-size=256 --max-semi-space-size=256 bench/dist/stdioAllocation.js [--trips=N]` —
 * the heap bytes `serveStdio` allocates per ping-pong round trip, in-process: serveStdio on
 * PassThrough streams, one `tools/call add` at a time (the next written when the reply is out),
 * 10,000 round trips of warm-up, then N (default 5,000) measured twice. With a young generation
 * that large from the start no scavenge runs inside the measured stretch (the program checks), so
 * the heap's growth over it ÷ N is what one round trip allocates — the client's side (its Promise,
 * the PassThrough streams' work) included, so compare figures of this program with each other.
 * Garbage per round trip is what turns into the scavenges that show in the ping-pong suite's tail.
 */
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { getHeapStatistics } from 'node:v8';
import { serveStdio } from '@toolwire/stdio';
import { toolwireService } from './servers/toolwireDefinition';
import { PROTOCOL_VERSION } from './fixture/workloads';

const WARMUP = 10_000;

function requests(count: number): Buffer[] {
  return Array.from({ length: count }, (_, k) => Buffer.from(`${JSON.stringify({ jsonrpc: '2.0', id: k + 2, method: 'tools/call', params: { name: 'add', arguments: { a: k, b: 1 } } })}\n`));
}

async function main(argv: readonly string[]): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error(FLAGS);
  const collections: number[] = []; // start times of the collections seen
  const observer = new PerformanceObserver((list) => void collections.push(...list.getEntries().map((e) => e.startTime)));
  observer.observe({ entryTypes: ['gc'] });
  const trips = Number(argv.find((a) => a.startsWith('--trips='))?.slice('--trips='.length) ?? 5000);
  const { decl, defs } = toolwireService(10);
  const input = new PassThrough();
  const output = new PassThrough();
  const served = serveStdio(defs, decl, { input, output });
  let replied: () => void = () => undefined;
  output.on('data', () => replied());
  const reply = (): Promise<void> => new Promise((resolve) => (replied = resolve));
  const frames = requests(2000);

  const greeting = reply();
  input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'toolwire-bench', version: '1.0.0' } } })}\n`);
  await greeting;
  let k = 0;
  const roundTrip = async (): Promise<void> => {
    const answered = reply();
    input.write(frames[k++ % frames.length]);
    await answered;
  };
  for (let i = 0; i < WARMUP; i++) await roundTrip();
  for (let run = 1; run <= 2; run++) {
    gc();
    const from = performance.now();
    const before = getHeapStatistics().used_heap_size;
    const started = process.hrtime.bigint();
    for (let i = 0; i < trips; i++) await roundTrip();
    const micros = Number(process.hrtime.bigint() - started) / 1e3 / trips;
    const bytes = (getHeapStatistics().used_heap_size - before) / trips;
    const to = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 100)); // the observer hears of collections late
    const inside = collections.filter((t) => t >= from && t <= to).length;
    if (inside > 0) throw new Error(`${inside} collection(s) ran inside the measured round trips: ${FLAGS}`);
    // process.stdout, not console.log: serveStdio sends console output to stderr while it serves
    process.stdout.write(`run ${run}: ${(bytes / 1024).toFixed(2)} KB allocated per round trip, ${micros.toFixed(1)} µs per round trip (${trips} round trips, in-process)\n`);
  }
  observer.disconnect();
  input.end();
  await served;
}

const FLAGS = 'run with node --expose-gc --min-semi-space-size=256 --max-semi-space-size=256 (no scavenge may run inside the measured round trips)';

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
