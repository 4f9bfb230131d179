/**
 * FetchDispatchContext: what the dispatcher learns about one Web `Request` — its
 * `MCP-Protocol-Version` header, the request itself (procedures see it as `context.request`), a
 * signal that aborts when the runtime sees the client go away or the client cancels the event
 * stream, and the sink for the notifications of its tool calls. The first notification, when
 * the client accepts `text/event-stream`, hands the runtime a streaming Response at once (the
 * events follow as they come, the JSON-RPC response is the last one); otherwise notifications are
 * dropped and the answer stays one JSON Response. Web-standard only: no `node:` modules.
 */
import { EVENT_STREAM_HEADERS, acceptsEventStream, eventStreamFrame } from '@toolwire/core';
import type { Access, DispatchContext } from '@toolwire/core';

const encoder = new TextEncoder();

/** Where the answer stands: JSON until a notification decides, then streaming (or dropping), then over. */
type Mode = 'json' | 'dropping' | 'streaming' | 'over';

/** The {@link DispatchContext} of one fetch request. */
export class FetchDispatchContext implements DispatchContext {
  /** The `MCP-Protocol-Version` header as sent; absent → the dispatcher assumes 2025-03-26. */
  readonly protocolVersion: string | undefined;
  private controller: AbortController | undefined;
  private events: ReadableStreamDefaultController<Uint8Array> | undefined;
  private mode: Mode = 'json';

  /**
   * @param request - handed to procedures as `context.request`.
   * @param respond - receives the streaming Response when the first notification starts it.
   */
  constructor(
    readonly request: Request,
    private readonly respond: (response: Response) => void,
    /** The verified token of a protected endpoint (core's `HttpRules.authenticate`). */
    readonly access?: Access,
  ) {
    this.protocolVersion = request.headers.get('mcp-protocol-version') ?? undefined;
  }

  /** A request header by name, `undefined` when absent (the 2026-07-28 header checks). */
  header(name: string): string | undefined {
    return this.request.headers.get(name) ?? undefined;
  }

  /** The request's signal — or, once the answer streams, one that also aborts when the client cancels the stream. */
  get signal(): AbortSignal {
    if (this.controller) return this.controller.signal;
    return this.mode === 'json' || this.mode === 'dropping' ? this.request.signal : this.linked().signal;
  }

  /** Sends one notification as an SSE event, starting the stream on the first; dropped when the client does not accept SSE. */
  notify(json: string): void {
    if (this.mode === 'json') {
      if (!acceptsEventStream(this.request.headers.get('accept') ?? undefined)) {
        this.mode = 'dropping';
        return;
      }
      this.mode = 'streaming';
      this.linked(); // a procedure that reads its signal from now on also hears of a cancelled stream
      const stream = new ReadableStream<Uint8Array>({
        start: (controller) => void (this.events = controller),
        cancel: () => this.gone(),
      });
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
      if (json !== '') this.enqueue(json);
      try {
        this.events?.close();
      } catch {
        // the client cancelled the stream meanwhile
      }
      this.mode = 'over';
    }
    return true;
  }

  private enqueue(json: string): void {
    try {
      this.events?.enqueue(encoder.encode(eventStreamFrame(json)));
    } catch {
      this.mode = 'over'; // the client cancelled the stream
    }
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
