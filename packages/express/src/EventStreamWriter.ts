/**
 * EventStreamWriter: writes the events of one SSE response to a `ServerResponse` at the pace the
 * client reads them. Events go to the socket as they come (those of one tick in one write) until
 * `write` returns false; from then on they wait in core's {@link EventQueue} — where a progress
 * notification replaces the one still waiting for its token — and go out on `drain`. The bytes
 * held for the client (queued plus the response's own `writableLength`) are capped: past the
 * cap the writer calls `overflow` (the context aborts the call) and cuts the response off, so a
 * client that never reads costs the server at most about the cap.
 */
import type { ServerResponse } from 'node:http';
import { EventQueue, eventStreamFrame } from '@toolwire/core';
import type { EventFraming } from '@toolwire/core';

const FRAMING: EventFraming<string> = { frame: eventStreamFrame, size: (frame) => Buffer.byteLength(frame) };

/** The SSE writer of one response (its head already written). */
export class EventStreamWriter {
  private readonly queue = new EventQueue(FRAMING);
  private waiting = false;
  private readonly flush = (): void => this.onDrain();

  /**
   * @param maxBufferedBytes - the cap on the bytes held for the client (`maxSseBufferBytes`).
   * @param overflow - called once, when the cap is passed, before the response is destroyed.
   */
  constructor(
    private readonly res: ServerResponse,
    private readonly maxBufferedBytes: number,
    private readonly overflow: () => void,
  ) {}

  /** Writes one message as an event, or queues it while the client pushes back; nothing once the response is over. */
  write(json: string): void {
    const res = this.res;
    if (res.destroyed || res.writableEnded) return;
    if (this.waiting) {
      this.queue.push(json);
    } else {
      if (res.writableCorked === 0) {
        res.cork();
        process.nextTick(uncork, res);
      }
      if (!res.write(eventStreamFrame(json))) {
        this.waiting = true;
        res.once('drain', this.flush);
      }
    }
    if (this.queue.bytes + res.writableLength > this.maxBufferedBytes) this.cutOff();
  }

  /** Ends the stream: what is queued, then the last message (the JSON-RPC response; `''` for none). */
  end(json: string): void {
    const res = this.res;
    if (res.destroyed || res.writableEnded) return;
    if (this.waiting) {
      res.off('drain', this.flush);
      this.waiting = false;
      // the queue is within the cap: hand it over with the response, dropping nothing
      for (let frame = this.queue.shift(); frame !== undefined; frame = this.queue.shift()) res.write(frame);
    }
    if (json === '') res.end();
    else res.end(eventStreamFrame(json));
  }

  private onDrain(): void {
    const res = this.res;
    this.waiting = false;
    if (res.destroyed || res.writableEnded) return;
    res.cork();
    for (let frame = this.queue.shift(); frame !== undefined; frame = this.queue.shift()) {
      if (!res.write(frame)) {
        this.waiting = true;
        res.once('drain', this.flush);
        break;
      }
    }
    res.uncork();
  }

  private cutOff(): void {
    this.overflow();
    while (this.queue.shift() !== undefined); // let the frames go now, not with the response
    this.res.destroy();
  }
}

function uncork(res: ServerResponse): void {
  res.uncork();
}
