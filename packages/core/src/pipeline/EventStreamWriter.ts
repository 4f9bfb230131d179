/**
 * EventStreamWriter: writes the events of one SSE response to an {@link HttpExchange} at the
 * pace the client reads them. Events go to the exchange as they come until `write` returns
 * false; from then on they wait in core's {@link EventQueue} — where a progress notification
 * replaces the one still waiting for its token — and go out on drain. The bytes held for the
 * client (queued plus the exchange's own `pending`) are capped: past the cap the writer calls
 * `overflow` (the context aborts the call) and cuts the response off, so a client that never
 * reads costs the server at most about the cap.
 */
import { EventQueue } from '../httpRules/EventQueue';
import type { EventFraming } from '../httpRules/EventQueue';
import { eventStreamFrame } from '../httpRules/eventStream';
import type { HttpExchange } from './HttpExchange';
import { utf8Length } from './utf8';

const FRAMING: EventFraming<string> = { frame: eventStreamFrame, size: utf8Length };

/** The SSE comment written on an idle stream, so proxies and clients do not time it out. */
const KEEP_ALIVE = ': keep-alive\n\n';

/** The SSE writer of one response (its head already written). */
export class EventStreamWriter {
  private readonly queue = new EventQueue(FRAMING);
  private waiting = false;
  private over = false;
  private readonly flush = (): void => this.onDrain();

  /**
   * @param maxBufferedBytes - the cap on the bytes held for the client (`maxSseBufferBytes`).
   * @param overflow - called once, when the cap is passed, with the reason the response is cut off.
   */
  constructor(
    private readonly exchange: HttpExchange,
    private readonly maxBufferedBytes: number,
    private readonly overflow: (reason: Error) => void,
  ) {}

  /** Writes one message as an event, or queues it while the client pushes back; nothing once the response is over. */
  write(json: string): void {
    if (this.over) return;
    if (this.waiting) {
      this.queue.push(json);
    } else if (!this.exchange.write(eventStreamFrame(json))) {
      this.waiting = true;
      this.exchange.onDrain(this.flush);
    }
    if (this.queue.bytes + this.exchange.pending > this.maxBufferedBytes) this.cutOff();
  }

  /** Writes a keep-alive comment (`: keep-alive`), unless the client is pushing back (then it is not idle) or the stream is over. */
  comment(): void {
    if (this.over || this.waiting) return;
    if (!this.exchange.write(KEEP_ALIVE)) {
      this.waiting = true;
      this.exchange.onDrain(this.flush);
    }
  }

  /** Ends the stream: what is queued, then the last message (the JSON-RPC response), if any. */
  end(json: string | undefined): void {
    if (this.over) return;
    this.over = true;
    if (this.waiting) {
      this.waiting = false;
      // the queue is within the cap: hand it over with the response, dropping nothing
      for (let frame = this.queue.shift(); frame !== undefined; frame = this.queue.shift()) this.exchange.write(frame);
    }
    this.exchange.end(json === undefined ? undefined : eventStreamFrame(json));
  }

  private onDrain(): void {
    this.waiting = false;
    if (this.over) return;
    for (let frame = this.queue.shift(); frame !== undefined; frame = this.queue.shift()) {
      if (!this.exchange.write(frame)) {
        this.waiting = true;
        this.exchange.onDrain(this.flush);
        break;
      }
    }
  }

  private cutOff(): void {
    const reason = new Error(`the HTTP client fell more than ${this.maxBufferedBytes} bytes behind the event stream`);
    this.over = true;
    this.overflow(reason);
    while (this.queue.shift() !== undefined); // let the frames go now, not with the response
    this.exchange.abort(reason);
  }
}
