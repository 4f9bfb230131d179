/**
 * ReplyWriter: writes serveStdio's replies and notifications. Every frame that becomes ready in
 * the same turn of the event loop goes out in one `write()` — one pipe write for a burst of
 * pipelined calls instead of one per reply.
 *
 * Notifications (progress, log messages) are written as soon as their turn ends. A response is
 * never written after a notification until the client has shown it read that notification:
 * clients such as the official 1.x SDK handle a notification a microtask after reading it but a
 * response at once, so a progress notification that arrives in the same read as its response
 * finds its handler gone and is dropped — and separate writes do not help, because a client that
 * is a little late reads both at once. So after notifications, the writer sends a `ping` (a
 * {@link Barrier}) and holds the responses that are ready until the client answers it; by then
 * it has handled everything written before the ping. A client that never answers pings is given
 * {@link BARRIER_TIMEOUT_MS} once; after that its responses only get a write of their own.
 */
import type { Writable } from 'node:stream';

/** How long the writer waits for the client to answer a ping before it stops asking that client. */
export const BARRIER_TIMEOUT_MS = 250;

/** How the writer asks the client to confirm it has read what was written. */
export interface Barrier {
  /** A framed request (a ping) to write; `onAnswer` is to be called when the client answers it. */
  request(onAnswer: () => void): string;
}

/** Batches framed replies and notifications onto one output stream. */
export class ReplyWriter {
  /** Framed responses queued, concatenated (V8 joins such strings lazily, once, when written). */
  private responses = '';
  private notifications = '';
  /** Notifications were written since the last ping went out: a response now needs a new one. */
  private notified = false;
  /** The ping out and the responses its answer releases. */
  private waiting: { readonly released: string; readonly timer: ReturnType<typeof setTimeout> } | undefined;
  private pings: boolean;
  /**
   * A queued notification may be followed by a ping. Not for a 2026-07-28 request: that era has
   * no ping, and its server must not send requests on stdio; its notifications only get writes.
   */
  private pingable = false;
  private scheduled: ReturnType<typeof setImmediate> | undefined;
  /** Writes handed to the stream whose callback has not come yet. */
  private unconfirmed = 0;
  /** Resolves {@link whenWritten}'s Promise once {@link unconfirmed} is back to 0. */
  private onAllWritten: (() => void) | undefined;
  /** One write callback for every write (not a closure and a Promise per reply). */
  private readonly written = (error?: Error | null): void => {
    if (error) this.onError(error);
    if (--this.unconfirmed === 0 && this.onAllWritten) {
      const resolve = this.onAllWritten;
      this.onAllWritten = undefined;
      resolve();
    }
  };

  /**
   * @param onError - called when the output fails a write (the client went away).
   * @param barrier - how to ping the client; without it, a response after notifications only gets a write of its own.
   */
  constructor(
    private readonly output: Writable,
    private readonly onError: (error: unknown) => void,
    private readonly barrier?: Barrier,
  ) {
    this.pings = barrier !== undefined;
  }

  /** Queues one framed response; it is written at the end of this turn of the event loop (after notifications: once the client answered a ping). */
  write(frame: string): void {
    if (frame === '') return;
    this.responses += frame;
    this.schedule();
  }

  /**
   * Queues one framed response without scheduling a write: the caller promises to call
   * {@link flushNow} before it yields to the event loop (serveStdio's loop, for the replies it
   * makes on the spot — no timer set and cleared per reply).
   */
  queue(frame: string): void {
    this.responses += frame;
  }

  /**
   * Queues one framed notification; it is written at the end of this turn.
   * @param pingable - false for a notification of a 2026-07-28 request (no ping may follow it).
   */
  notify(frame: string, pingable = true): void {
    if (frame === '') return;
    this.notifications += frame;
    if (pingable) this.pingable = true;
    this.schedule();
  }

  /**
   * Writes what is queued now instead of at the end of this turn (serveStdio calls it when it has
   * read every buffered message and is about to wait for input: deferring the write to the end of
   * the turn would then batch nothing, and a client sending one request at a time would wait for
   * the extra hop). The ordering rules are those of the deferred write: after notifications,
   * responses still wait for the ping's answer.
   */
  flushNow(): void {
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    else if (this.responses === '' && this.notifications === '') return;
    this.flush();
  }

  /**
   * Writes everything queued — without waiting for a ping's answer any more (the input has
   * ended, so none can come) — and resolves once the stream has taken it.
   */
  async settle(): Promise<void> {
    this.pings = false;
    if (this.waiting) this.release(this.waiting);
    this.flush();
    await this.whenWritten();
    if (this.responses !== '' && !this.output.destroyed) {
      this.flush(); // responses that followed notifications in the same turn
      await this.whenWritten();
    }
  }

  /** Resolves once the stream has called back for every write handed to it so far. */
  private whenWritten(): Promise<void> {
    if (this.unconfirmed === 0) return Promise.resolve();
    return new Promise((resolve) => (this.onAllWritten = resolve));
  }

  private schedule(): void {
    this.scheduled ??= setImmediate(this.flush);
  }

  private readonly flush = (): void => {
    this.scheduled = undefined;
    if (this.output.destroyed) return;
    let chunk = '';
    if (this.notifications !== '') {
      chunk = this.notifications;
      this.notifications = '';
      if (this.pingable) this.notified = true;
      this.pingable = false;
    }
    if (this.responses !== '' && !this.waiting) {
      if (!this.notified) {
        chunk += this.responses;
        this.responses = '';
      } else if (this.pings && this.barrier) {
        const waiting = { released: this.responses, timer: setTimeout(() => this.timedOut(waiting), BARRIER_TIMEOUT_MS) };
        chunk += this.barrier.request(() => this.release(waiting));
        this.waiting = waiting;
        this.responses = '';
        this.notified = false;
      } else if (chunk === '') {
        chunk = this.responses; // the notifications went in an earlier write
        this.responses = '';
        this.notified = false;
      } else {
        this.schedule(); // a write of their own, next turn
      }
    }
    if (chunk !== '') this.send(chunk);
  };

  /** The client answered the ping (or will not): the responses it held go out. */
  private release(waiting: NonNullable<ReplyWriter['waiting']>): void {
    if (this.waiting !== waiting) return;
    clearTimeout(waiting.timer);
    this.waiting = undefined;
    if (!this.output.destroyed) this.send(waiting.released);
    if (this.responses !== '') this.schedule();
  }

  private timedOut(waiting: NonNullable<ReplyWriter['waiting']>): void {
    this.pings = false; // this client does not answer pings; do not make it wait again
    this.release(waiting);
  }

  private send(chunk: string): void {
    this.unconfirmed++;
    this.output.write(chunk, this.written);
  }
}
