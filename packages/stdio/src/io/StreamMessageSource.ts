/**
 * StreamMessageSource: reads messages from a Node Readable (such as process.stdin) without
 * taking it over — it pulls with `read()` and listens only while it waits (or, once
 * {@link StreamMessageSource.waitForInput} was used, until it is released), so a released stream
 * is left paused and can let the process exit. Errors are held and reported by the next read, so
 * an 'error' between reads cannot crash the process.
 */
import type { Readable } from 'node:stream';
import { MessageReader } from '../framing/MessageReader';
import type { FramedMessage } from '../framing/Framing';

/** What {@link StreamMessageSource.poll} returns when no message can be had without waiting. */
export const WAIT = Symbol('wait');

/** One Readable and the reader holding its unconsumed bytes. */
export class StreamMessageSource {
  private readonly reader: MessageReader;
  private failure: { error: unknown } | undefined;
  private released = false;
  private turn: Promise<unknown> = Promise.resolve(); // reads take turns: one at a time
  private wake: (() => void) | undefined;
  private readonly onError = (error: unknown): void => {
    this.failure ??= { error };
    this.wake?.();
  };
  /** {@link waitForInput}'s listeners are on the stream (they stay until {@link release}). */
  private listening = false;
  /** Made once: {@link waitForInput} allocates only its Promise, no closure, no listener. */
  private readonly onInput = (): void => {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  };
  private readonly parkWaiter = (resolve: () => void): void => {
    this.wake = resolve;
  };

  /** @param maxMessageBytes - the reader's message size limit. */
  constructor(
    private readonly stream: Readable,
    maxMessageBytes?: number,
  ) {
    this.reader = new MessageReader(maxMessageBytes);
    stream.on('error', this.onError);
  }

  /**
   * The next message; `undefined` at the end of the stream or once released. Rejects on a
   * stream error. Overlapping calls are served in order.
   */
  next(): Promise<FramedMessage | undefined> {
    const result = this.turn.then(() => this.read());
    this.turn = result.catch(() => undefined);
    return result;
  }

  /**
   * The next message if it can be had without waiting: one already buffered, or one in what the
   * stream has buffered. {@link WAIT} when none is there yet; `undefined` at the end of the
   * stream or once released. Throws the stream's error. Call it only while no {@link next} is
   * pending (serveStdio reads this way, waiting with `next` only when it must).
   */
  poll(): FramedMessage | undefined | typeof WAIT {
    for (;;) {
      const message = this.reader.next();
      if (message || this.reader.ended || this.released) return this.released ? undefined : message;
      if (this.failure) throw this.failure.error;
      const chunk: unknown = this.stream.read();
      if (chunk !== null) {
        this.reader.push(typeof chunk === 'string' ? chunk : (chunk as Uint8Array));
      } else if (this.stream.readableEnded || this.stream.destroyed) {
        if (this.stream.errored) this.onError(this.stream.errored);
        else this.reader.finish();
      } else {
        return WAIT;
      }
    }
  }

  /**
   * Resolves when the stream has something new — data, its end, an error — or the source is
   * released: then {@link poll} again. For a reader that polls (serveStdio, once per round trip
   * when requests come one at a time), this is the cheap way to wait: the listeners go on the
   * stream at the first call and stay until {@link release}, and a wait allocates one Promise. Call
   * it only after {@link poll} returned {@link WAIT}, and not while a {@link next} is pending.
   */
  waitForInput(): Promise<void> {
    if (this.released) return Promise.resolve();
    if (!this.listening) {
      this.listening = true;
      this.stream.on('readable', this.onInput);
      this.stream.on('end', this.onInput);
      this.stream.on('close', this.onInput);
    }
    return new Promise(this.parkWaiter);
  }

  private async read(): Promise<FramedMessage | undefined> {
    for (let message = this.poll(); ; message = this.poll()) {
      if (message !== WAIT) return message;
      await this.waitForData();
    }
  }

  /**
   * Stops reading: a pending {@link next} resolves `undefined`, listeners are removed and the
   * stream is paused (paused stdin stops holding the process open).
   */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.stream.off('error', this.onError);
    if (this.listening) {
      this.stream.off('readable', this.onInput);
      this.stream.off('end', this.onInput);
      this.stream.off('close', this.onInput);
    }
    // a destroyed stream may still emit the error this source already reported; keep it handled
    if (this.stream.errored) this.stream.once('error', () => undefined);
    this.wake?.();
    // after the tick in which Node notices the 'readable' listener is gone, pause() takes effect
    process.nextTick(() => this.stream.pause());
  }

  private waitForData(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.stream.off('readable', done);
        this.stream.off('end', done);
        this.stream.off('close', done);
        this.wake = undefined;
        resolve();
      };
      this.wake = done;
      this.stream.on('readable', done);
      this.stream.on('end', done);
      this.stream.on('close', done);
    });
  }
}
