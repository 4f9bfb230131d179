/**
 * HttpDispatchContext: what the dispatcher learns about one HTTP request — the raw
 * `MCP-Protocol-Version` header, the other headers on demand (the 2026-07-28 checks), the request itself
 * (procedures see it as `context.request`), its verified authorization (with the `auth` option), an
 * AbortSignal that fires when the client disconnects before its response is written, and the
 * sink for the notifications of its tool calls: the first one turns the response into an SSE
 * stream when the client accepts `text/event-stream` (else they are dropped and the response
 * stays JSON). The stream is written at the client's pace ({@link EventStreamWriter}); a client
 * that falls more than `maxSseBufferBytes` behind aborts the signal and loses the stream. The
 * signal is created on first use and the Accept header read only on the first notification, so
 * requests that need neither pay nothing for them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_MAX_SSE_BUFFER_BYTES, acceptsEventStream } from '@toolwire/core';
import type { Access, DispatchContext, PeerInfo } from '@toolwire/core';
import { startEventStream } from './replies';
import { EventStreamWriter } from './EventStreamWriter';

/** The {@link DispatchContext} of one HTTP request. */
export class HttpDispatchContext implements DispatchContext {
  /** The `MCP-Protocol-Version` header as sent; absent → the dispatcher assumes 2025-03-26. */
  readonly protocolVersion: string | undefined;
  private controller: AbortController | undefined;
  /** Unset until the first notification; then the stream's writer, or `null` when notifications are dropped. */
  private writer: EventStreamWriter | null | undefined;

  constructor(
    /** The request, handed to procedures as `context.request`. */
    readonly request: IncomingMessage,
    private readonly response: ServerResponse,
    /** The verified token of a protected endpoint (core's `HttpRules.authenticate`). */
    readonly access?: Access,
    /** The cap on the bytes an event stream holds for the client (`maxSseBufferBytes`). */
    private readonly maxSseBufferBytes = DEFAULT_MAX_SSE_BUFFER_BYTES,
  ) {
    const version = request.headers['mcp-protocol-version'];
    this.protocolVersion = typeof version === 'string' ? version : undefined;
  }

  /** A request header by lower-case name (repeated headers joined with `, `), `undefined` when absent. */
  header(name: string): string | undefined {
    const value = this.request.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** Whether header `name` (lower-case) came on more than one line (Node joins them in `headers`). */
  headerRepeated(name: string): boolean {
    if (this.request.headers[name] === undefined) return false;
    const lines = this.request.headersDistinct[name];
    return lines !== undefined && lines.length > 1;
  }

  /** Where the request came from, for the `telemetry` option (read only when it is on). */
  peer(): PeerInfo {
    const { socket, httpVersion } = this.request;
    return { transport: 'tcp', protocol: 'http', protocolVersion: httpVersion, address: socket.remoteAddress, port: socket.remotePort };
  }

  /** Aborts when the client disconnects before the response has been written. */
  get signal(): AbortSignal {
    if (this.controller) return this.controller.signal;
    const controller = new AbortController();
    this.controller = controller;
    const res = this.response;
    if (res.destroyed) controller.abort(clientGone());
    else res.once('close', () => {
      if (!res.writableFinished) controller.abort(clientGone());
    });
    return controller.signal;
  }

  /** True once the response has become an event stream (the transport then ends it with the response as the last event). */
  get streaming(): boolean {
    return this.writer instanceof EventStreamWriter;
  }

  /** Sends one notification as an SSE event, starting the stream on the first; dropped when the client does not accept SSE. */
  notify(json: string): void {
    if (this.writer === undefined) {
      if (!acceptsEventStream(this.request.headers.accept) || !startEventStream(this.response)) {
        this.writer = null;
        return;
      }
      this.writer = new EventStreamWriter(this.response, this.maxSseBufferBytes, () => this.fellBehind());
    }
    this.writer?.write(json);
  }

  /** Ends the event stream with its last message (the JSON-RPC response; `''` for none); nothing when it did not stream. */
  endStream(json: string): void {
    this.writer?.end(json);
  }

  /** The client stopped reading: abort the calls before the stream is cut off. */
  private fellBehind(): void {
    const signal = this.signal; // created now if no procedure asked for it yet
    if (!signal.aborted) this.controller?.abort(tooSlow(this.maxSseBufferBytes));
  }
}

function clientGone(): Error {
  return new Error('the HTTP client disconnected');
}

function tooSlow(cap: number): Error {
  return new Error(`the HTTP client fell more than ${cap} bytes behind the event stream`);
}
