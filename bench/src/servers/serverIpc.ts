/**
 * The side channel between the driver and a server program (Node IPC): the server says which
 * port it listens on, answers usage requests with its own CPU time, RSS and the counters that
 * explain a CPU figure (user/system split, page faults, context switches, time in GC), and exits
 * cleanly when asked (so `--cpu-prof` can write its profile) or when the driver goes away.
 */
import type { Server } from 'node:net';
import { PerformanceObserver } from 'node:perf_hooks';

/** Driver → server. */
export type DriverMessage = { type: 'usage'; seq: number; gc?: boolean } | { type: 'exit' };

/** Server → driver. */
export type ServerMessage =
  | { type: 'ready'; port: number }
  | ({ type: 'usage'; seq: number; cpuMicros: number; rss: number; heapUsed: number } & UsageDetail)
  | { type: 'failed'; error: string };

/** Counters of a server process since it started, to explain its CPU time. */
export interface UsageDetail {
  /** CPU time in user and in system mode, µs. */
  userMicros: number;
  systemMicros: number;
  /** Page faults served without I/O (minor) and with it (major). */
  minorFaults: number;
  majorFaults: number;
  /** Context switches: the process waited (voluntary) or was preempted (involuntary). */
  voluntarySwitches: number;
  involuntarySwitches: number;
  /** Time the main thread spent in garbage-collection pauses, µs. */
  gcMicros: number;
}

function isDriverMessage(value: unknown): value is DriverMessage {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function send(message: ServerMessage): void {
  process.send?.(message);
}

/**
 * Runs a server program: answers usage and exit requests, starts the server with `start`
 * (which resolves to the port, or 0 for a stdio server) and reports it to the driver.
 */
export function runServerProgram(start: () => Promise<number>): void {
  let gcMicros = 0;
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) gcMicros += entry.duration * 1000;
  }).observe({ entryTypes: ['gc'] });
  process.on('message', (message: unknown) => {
    if (!isDriverMessage(message)) return;
    if (message.type === 'exit') process.exit(0);
    if (message.type === 'usage') {
      // with gc (the soak, which starts servers with --expose-gc): heapUsed is what survives a full collection
      const gc = (globalThis as { gc?: () => void }).gc;
      if (message.gc && gc) gc();
      const used = process.resourceUsage();
      const memory = process.memoryUsage();
      send({
        type: 'usage',
        seq: message.seq,
        cpuMicros: used.userCPUTime + used.systemCPUTime,
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        userMicros: used.userCPUTime,
        systemMicros: used.systemCPUTime,
        minorFaults: used.minorPageFault,
        majorFaults: used.majorPageFault,
        voluntarySwitches: used.voluntaryContextSwitches,
        involuntarySwitches: used.involuntaryContextSwitches,
        gcMicros: Math.round(gcMicros),
      });
    }
  });
  process.on('disconnect', () => process.exit(0));
  start().then(
    (port) => send({ type: 'ready', port }),
    (error: unknown) => {
      send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      process.exit(1);
    },
  );
}

/** Resolves with the port once `server` listens on 127.0.0.1 (port 0: the OS picks one). */
export function listenOnLoopback(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('no TCP address'));
      else resolve(address.port);
    });
  });
}
