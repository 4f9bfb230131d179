/**
 * lingeringClose: how the endpoint refuses a request whose body it will not read (413). Closing
 * at once while the client is still sending makes the kernel reset the connection, and a client
 * that writes its whole body before reading (most do) gets EPIPE/ECONNRESET instead of the 413.
 * So the answer goes out whole at once, then the rest of the body is read and discarded — a
 * bounded amount, for a bounded time, like a web server's lingering close — and only then is the
 * connection closed (`Connection: close`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Refusal, answerable } from '../replies';

/** How long and how much a refused request is drained before its connection is closed. */
export interface LingerBounds {
  /** Most body bytes read and discarded after the answer. */
  readonly maxBytes: number;
  /** Longest time the draining may take, in ms. */
  readonly maxMs: number;
  /** Longest wait for the next chunk, in ms: a client that stops sending is not waited for. */
  readonly idleMs: number;
}

/** The bounds: 64 MiB, 30 s in all, 5 s without data (nginx's lingering_time and lingering_timeout). */
export const LINGER_BOUNDS: LingerBounds = Object.freeze({ maxBytes: 64 * 1024 * 1024, maxMs: 30_000, idleMs: 5_000 });

/**
 * Writes `refusal` (whose headers carry `Connection: close`) at once, then drains `req` within
 * `bounds` before ending the response, which closes the connection.
 */
export function refuseWithLingeringClose(req: IncomingMessage, res: ServerResponse, refusal: Refusal, bounds: LingerBounds = LINGER_BOUNDS): void {
  if (!answerable(res)) return;
  res.writeHead(refusal.status, refusal.headers);
  if (req.complete || req.destroyed) {
    res.end(refusal.body);
    return;
  }
  res.write(refusal.body); // the client can read the whole answer while it is still sending
  let drained = 0;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const close = (): void => {
    clearTimeout(overall);
    clearTimeout(idle);
    req.off('data', onData);
    req.off('end', close);
    req.off('error', close);
    req.off('close', close);
    res.end();
  };
  const onData = (chunk: Buffer): void => {
    drained += chunk.length;
    if (drained > bounds.maxBytes) return close();
    clearTimeout(idle);
    idle = setTimeout(close, bounds.idleMs);
  };
  const overall = setTimeout(close, bounds.maxMs);
  idle = setTimeout(close, bounds.idleMs);
  req.on('data', onData);
  req.on('end', close);
  req.on('error', close);
  req.on('close', close);
  req.resume();
}
