/**
 * ExchangeContext: what the dispatcher learns about one HTTP request, read off its
 * {@link HttpExchange} — the raw `MCP-Protocol-Version` header, the other headers on demand (the
 * 2026-07-28 checks), the request itself (procedures see it as `context.request`), its verified
 * authorization (with the `auth` option), an AbortSignal that fires when the client goes away
 * before its response is finished, and the sink for the notifications of its tool calls: the
 * first one turns the response into an SSE stream when the client accepts `text/event-stream`
 * (else they are dropped and the response stays JSON). The stream is written at the client's
 * pace ({@link EventStreamWriter}); a client that falls more than `maxSseBufferBytes` behind
 * aborts the signal and loses the stream. The signal is created on first use and the Accept
 * header read only on the first notification, so requests that need neither pay nothing for them.
 */
import type { Access } from '../auth/Access';
import type { DispatchContext } from '../dispatch/DispatchContext';
import { DEFAULT_MAX_SSE_BUFFER_BYTES } from '../httpRules/EventQueue';
import { EVENT_STREAM_HEADERS, acceptsEventStream } from '../httpRules/eventStream';
import { EventStreamWriter } from './EventStreamWriter';
import type { HttpExchange } from './HttpExchange';
import type { PeerInfo } from '../telemetry/PeerInfo';

/** An exchange that cannot say more: HTTP over TCP, the client's address unknown (a Web handler). */
const HTTP_PEER: PeerInfo = Object.freeze({ transport: 'tcp', protocol: 'http' });

/** The {@link DispatchContext} of one HTTP exchange. */
export class ExchangeContext implements DispatchContext {
  /** The `MCP-Protocol-Version` header as sent; absent → the dispatcher assumes 2025-03-26. */
  readonly protocolVersion: string | undefined;
  /** The framework's request, handed to procedures as `context.request`. */
  readonly request: unknown;
  private controller: AbortController | undefined;
  /** Unset until the first notification; then the stream's writer, or `null` when notifications are dropped. */
  private writer: EventStreamWriter | null | undefined;

  constructor(
    private readonly exchange: HttpExchange,
    /** The verified token of a protected endpoint (core's `HttpRules.authenticate`). */
    readonly access?: Access,
    /** The cap on the bytes an event stream holds for the client (`maxSseBufferBytes`). */
    private readonly maxSseBufferBytes = DEFAULT_MAX_SSE_BUFFER_BYTES,
  ) {
    this.protocolVersion = exchange.header('mcp-protocol-version');
    this.request = exchange.request;
  }

  /** A request header by lower-case name, `undefined` when absent. */
  header(name: string): string | undefined {
    return this.exchange.header(name);
  }

  /** Whether header `name` (lower-case) came on more than one line (false where the adapter cannot tell). */
  headerRepeated(name: string): boolean {
    return this.exchange.headerRepeated?.(name) === true;
  }

  /** Where the request came from, for the `telemetry` option (read only when it is on). */
  peer(): PeerInfo {
    return this.exchange.peer?.() ?? HTTP_PEER;
  }

  /** Aborts when the client goes away before the response is finished, or falls too far behind its event stream. */
  get signal(): AbortSignal {
    return this.linked().signal;
  }

  /** True once the response has become an event stream (the pipeline then ends it with the response as the last event). */
  get streaming(): boolean {
    return this.writer instanceof EventStreamWriter;
  }

  /** Sends one notification as an SSE event, starting the stream on the first; dropped when the client does not accept SSE. */
  notify(json: string): void {
    if (this.writer === undefined) {
      const exchange = this.exchange;
      if (!acceptsEventStream(exchange.header('accept')) || !exchange.answerable) {
        this.writer = null;
        return;
      }
      exchange.writeHead(200, EVENT_STREAM_HEADERS); // the head goes out with the first event
      this.writer = new EventStreamWriter(exchange, this.maxSseBufferBytes, (reason) => this.fellBehind(reason));
    }
    this.writer?.write(json);
  }

  /** Whether notifications can go out as an event stream: the client accepts `text/event-stream` and can still be answered. */
  canStream(): boolean {
    if (this.writer !== undefined) return this.writer !== null;
    return acceptsEventStream(this.exchange.header('accept')) && this.exchange.answerable;
  }

  /** Writes a keep-alive comment on the event stream (nothing before it started or while the client pushes back). */
  heartbeat(): void {
    if (this.writer) this.writer.comment();
  }

  /** Ends the event stream with its last message (the JSON-RPC response; none for a notification); nothing when it did not stream. */
  endStream(json: string | undefined): void {
    this.writer?.end(json);
  }

  /** The client stopped reading: abort the calls before the stream is cut off. */
  private fellBehind(reason: Error): void {
    const controller = this.linked(); // created now if no procedure asked for it yet
    if (!controller.signal.aborted) controller.abort(reason);
  }

  private linked(): AbortController {
    if (this.controller) return this.controller;
    const controller = new AbortController();
    this.controller = controller;
    this.exchange.onClose((reason) => {
      if (!controller.signal.aborted) controller.abort(reason);
    });
    return controller;
  }
}
