/**
 * McpSubscription: what `listen()` returns — the notifications of one open subscription as an
 * async iterator (`for await (const n of sub)`), the filter the server acknowledged (2026-07-28),
 * how it ended (the listen's final result or error; nothing when it was closed or cut off), and
 * `close()`, which cancels it the way a client does (closes the stream; on stdio sends
 * `notifications/cancelled`). Notifications wait in order until they are read.
 */
import type { McpNotification } from './results';

/** How a subscription ended. */
export interface ListenEnd {
  /** The listen's final JSON-RPC result (a graceful end by the server), when one came. */
  readonly result?: Record<string, unknown>;
  /** The listen's JSON-RPC error (e.g. the notification bus went down), when one came. */
  readonly error?: { readonly code: number; readonly message: string };
}

/** One open subscription; see {@link McpTestClient.listen}. */
export class McpSubscription implements AsyncIterableIterator<McpNotification> {
  private readonly queue: McpNotification[] = [];
  private waiting: ((result: IteratorResult<McpNotification>) => void) | undefined;
  private finished: ListenEnd | undefined;
  private settleEnded!: (end: ListenEnd) => void;
  /** Resolves when the subscription ends: by the server (with its final result or error), by `close()`, or when the stream is cut. */
  readonly ended: Promise<ListenEnd> = new Promise((resolve) => (this.settleEnded = resolve));
  /** 2026-07-28: the `notifications` the server acknowledged it honours; legacy: what was asked. */
  acknowledged: Record<string, unknown> = {};

  /** @param cancel - closes the transport's stream (and tells the server, where that takes a message). */
  constructor(private readonly cancel: () => void) {}

  /** @internal Delivers one notification. */
  push(notification: McpNotification): void {
    if (this.finished) return;
    if (this.waiting) {
      const wake = this.waiting;
      this.waiting = undefined;
      wake({ value: notification, done: false });
    } else {
      this.queue.push(notification);
    }
  }

  /** @internal The stream ended (`end`: the final result or error, when one came). */
  finish(end: ListenEnd = {}): void {
    if (this.finished) return;
    this.finished = end;
    this.settleEnded(end);
    if (this.waiting && this.queue.length === 0) {
      const wake = this.waiting;
      this.waiting = undefined;
      wake({ value: undefined, done: true });
    }
  }

  /** The next notification; `done` once the subscription ended and every notification was read. */
  next(): Promise<IteratorResult<McpNotification>> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve({ value: queued, done: false });
    if (this.finished) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** Closes the subscription (a `break` out of `for await` does too). */
  return(): Promise<IteratorResult<McpNotification>> {
    this.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<McpNotification> {
    return this;
  }

  /** Cancels the subscription as a client does; what was queued can still be read. Idempotent. */
  close(): void {
    if (this.finished) return;
    this.cancel();
    this.finish();
  }
}
