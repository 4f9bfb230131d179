/**
 * The side channel between the driver and a server program (Node IPC): the server says which
 * port it listens on, answers usage requests with its own `process.cpuUsage()` and RSS, and exits
 * cleanly when asked (so `--cpu-prof` can write its profile) or when the driver goes away.
 */
import type { Server } from 'node:net';

/** Driver → server. */
export type DriverMessage = { type: 'usage'; seq: number; gc?: boolean } | { type: 'exit' };

/** Server → driver. */
export type ServerMessage =
  | { type: 'ready'; port: number }
  | { type: 'usage'; seq: number; cpuMicros: number; rss: number; heapUsed: number }
  | { type: 'failed'; error: string };

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
  process.on('message', (message: unknown) => {
    if (!isDriverMessage(message)) return;
    if (message.type === 'exit') process.exit(0);
    if (message.type === 'usage') {
      // with gc (the soak, which starts servers with --expose-gc): heapUsed is what survives a full collection
      const gc = (globalThis as { gc?: () => void }).gc;
      if (message.gc && gc) gc();
      const cpu = process.cpuUsage();
      const memory = process.memoryUsage();
      send({ type: 'usage', seq: message.seq, cpuMicros: cpu.user + cpu.system, rss: memory.rss, heapUsed: memory.heapUsed });
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
