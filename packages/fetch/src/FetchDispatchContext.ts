/**
 * FetchDispatchContext: what the dispatcher learns about one Web `Request` — its
 * `MCP-Protocol-Version` header, the request itself (procedures see it as `context.request`), a
 * signal that aborts when the runtime sees the client go away, the client cancels the event
 * stream or falls too far behind it, and the sink for the notifications of its tool calls. The first notification, when
 * the client accepts `text/event-stream`, hands the runtime a streaming Response at once (the
 * events follow as they come, the JSON-RPC response is the last one); otherwise notifications are
 * dropped and the answer stays one JSON Response. The stream is pull-based: events are handed
 * to it only while it has demand (its byte high-water mark), and wait in core's `EventQueue`
 * otherwise — where a progress notification replaces the one still waiting for its token; a
 * client that falls more than `maxSseBufferBytes` behind aborts the signal and the stream errors.
 * Web-standard only: no `node:` modules.
 */
import { DEFAULT_MAX_SSE_BUFFER_BYTES, EVENT_STREAM_HEADERS, EventQueue, acceptsEventStream, eventStreamFrame } from '@toolwire/core';
import type { Access, DispatchContext, EventFraming, PeerInfo } from '@toolwire/core';

const encoder = new TextEncoder();

/** How many bytes the event stream takes before it stops asking for more (like a Node socket's). */
const HIGH_WATER_MARK = 16 * 1024;
const STRATEGY: QueuingStrategy<Uint8Array> = { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength };
const FRAMING: EventFraming<Uint8Array> = { frame: (json) => encoder.encode(eventStreamFrame(json)), size: (frame) => frame.byteLength };

/** A Web `Request` says nothing of its socket: HTTP over TCP, address unknown. */
const FETCH_PEER: PeerInfo = Object.freeze({ transport: 'tcp', protocol: 'http' });

/** Where the answer stands: JSON until a notification decides, then streaming (or dropping), then over. */
type Mode = 'json' | 'dropping' | 'streaming' | 'over';

/** The {@link DispatchContext} of one fetch request. */
export class FetchDispatchContext implements DispatchContext {
  /** The `MCP-Protocol-Version` header as sent; absent → the dispatcher assumes 2025-03-26. */
  readonly protocolVersion: string | undefined;
  private controller: AbortController | undefined;
  private events: ReadableStreamDefaultController<Uint8Array> | undefined;
  private mode: Mode = 'json';
  /** The events the stream had no demand for yet. */
  private readonly queue = new EventQueue(FRAMING);
  /** The response arrived while events were queued: close once they are taken. */
  private closing = false;

  /**
   * @param request - handed to procedures as `context.request`.
   * @param respond - receives the streaming Response when the first notification starts it.
   */
  constructor(
    readonly request: Request,
    private readonly respond: (response: Response) => void,
    /** The verified token of a protected endpoint (core's `HttpRules.authenticate`). */
    readonly access?: Access,
    /** The cap on the bytes the event stream holds for the client (`maxSseBufferBytes`). */
    private readonly maxSseBufferBytes = DEFAULT_MAX_SSE_BUFFER_BYTES,
  ) {
    this.protocolVersion = request.headers.get('mcp-protocol-version') ?? undefined;
  }

  /** Where the request came from, for the `telemetry` option: HTTP, the client's address unknown to a Web handler. */
  peer(): PeerInfo {
    return FETCH_PEER;
  }

  /** A request header by name, `undefined` when absent (the 2026-07-28 header checks). */
  header(name: string): string | undefined {
    return this.request.headers.get(name) ?? undefined;
  }

  /**
   * Aborts with the request's signal, and when the client cancels the event stream or falls too
   * far behind it (a procedure may read it before the answer streams: it hears of both).
   */
  get signal(): AbortSignal {
    return this.linked().signal;
  }

  /** Sends one notification as an SSE event, starting the stream on the first; dropped when the client does not accept SSE. */
  notify(json: string): void {
    if (this.mode === 'json') {
      if (!acceptsEventStream(this.request.headers.get('accept') ?? undefined)) {
        this.mode = 'dropping';
        return;
      }
      this.mode = 'streaming';
      this.linked();
      const stream = new ReadableStream<Uint8Array>(
        {
          start: (controller) => void (this.events = controller),
          pull: () => this.pull(),
          cancel: () => this.gone(),
        },
        STRATEGY,
      );
      this.respond(new Response(stream, { status: 200, headers: EVENT_STREAM_HEADERS }));
    }
    if (this.mode === 'streaming') this.enqueue(json);
  }

  /**
   * Ends the event stream with the response as its last event; false when the answer did not
   * stream (the caller then sends it as one JSON Response).
   */
  end(json: string): boolean {
    if (this.mode === 'json' || this.mode === 'dropping') return false;
    if (this.mode === 'streaming') {
      // the response is never dropped: it joins the queue (within the cap) or goes out now
      if (this.queue.length > 0) {
        if (json !== '') this.queue.push(json);
        this.closing = true;
      } else {
        if (json !== '') this.hand(FRAMING.frame(json));
        this.close();
      }
    }
    return true;
  }

  /** Hands the event to the stream when it has demand, else queues it; past the cap, cuts the stream off. */
  private enqueue(json: string): void {
    const events = this.events;
    if (events === undefined) return;
    const demand = events.desiredSize ?? 0;
    if (this.queue.length === 0 && demand > 0) return this.hand(FRAMING.frame(json));
    this.queue.push(json);
    if (this.queue.bytes + HIGH_WATER_MARK - demand > this.maxSseBufferBytes) this.cutOff();
  }

  private hand(frame: Uint8Array): void {
    try {
      this.events?.enqueue(frame);
    } catch {
      this.mode = 'over'; // the client cancelled the stream
    }
  }

  /** The stream wants more: hand over what waits while it does, then close if the response was last. */
  private pull(): void {
    const events = this.events;
    if (events === undefined || this.mode === 'over') return;
    while (this.queue.length > 0 && (events.desiredSize ?? 0) > 0) {
      const frame = this.queue.shift();
      if (frame !== undefined) events.enqueue(frame);
    }
    if (this.closing && this.queue.length === 0) this.close();
  }

  private close(): void {
    this.mode = 'over';
    try {
      this.events?.close();
    } catch {
      // the client cancelled the stream meanwhile
    }
  }

  /** The client fell too far behind: abort the calls, drop what waits, error the stream. */
  private cutOff(): void {
    const reason = new Error(`the HTTP client fell more than ${this.maxSseBufferBytes} bytes behind the event stream`);
    this.mode = 'over';
    this.linked().abort(reason);
    while (this.queue.shift() !== undefined); // let the frames go now
    this.events?.error(reason);
  }

  /** The client cancelled the stream: abort the calls, write nothing more. */
  private gone(): void {
    this.mode = 'over';
    this.controller?.abort(new Error('the HTTP client cancelled the event stream'));
  }

  private linked(): AbortController {
    if (this.controller) return this.controller;
    const controller = (this.controller = new AbortController());
    const outer = this.request.signal;
    if (this.mode === 'over') controller.abort(new Error('the HTTP client cancelled the event stream'));
    else if (outer.aborted) controller.abort(outer.reason);
    else outer.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
    return controller;
  }
}
