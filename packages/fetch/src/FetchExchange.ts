/**
 * FetchExchange: core's `HttpExchange` of a Web `Request`, answered with one `Response` — a
 * whole one, or, once the first event is written, a streaming one whose body is pull-based: a
 * chunk is handed to it only while it has demand (its byte high-water mark, like a Node
 * socket's), which is the backpressure core's pipeline waits on. The client going away is the
 * request's signal or a cancelled stream. There is no socket, so no local address; the host is
 * the `Host` header, or the authority of the request URL when a runtime does not pass that
 * header on. Web-standard only: no `node:` modules.
 */
import type { BodySink, HttpExchange, WholeBody } from '@toolwire/core/http';

const encoder = new TextEncoder();

/** How many bytes the event stream takes before it stops asking for more (like a Node socket's). */
const HIGH_WATER_MARK = 16 * 1024;
const STRATEGY: QueuingStrategy<Uint8Array> = { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength };

/** One Web request and the Response it gets. */
export class FetchExchange implements HttpExchange {
  readonly parsedBody = undefined;
  private status = 0;
  private head: Readonly<Record<string, string>> | undefined;
  private events: ReadableStreamDefaultController<Uint8Array> | undefined;
  private reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  private drain: (() => void) | undefined;
  private cancelled: Error | undefined;
  private readonly closeListeners: ((reason: Error) => void)[] = [];
  private over = false;

  /** @param respond - receives the Response: a whole one at `end`, a streaming one at the first chunk. */
  constructor(
    readonly request: Request,
    private readonly respond: (response: Response) => void,
  ) {}

  get method(): string {
    return this.request.method;
  }

  /** The path of the request URL, without the query. */
  get path(): string | undefined {
    try {
      return new URL(this.request.url).pathname;
    } catch {
      return undefined;
    }
  }

  header(name: string): string | undefined {
    const value = this.request.headers.get(name);
    if (value !== null) return value;
    return name === 'host' ? urlAuthority(this.request.url) : undefined;
  }

  readBody(sink: BodySink): void {
    const request = this.request;
    if (request.bodyUsed) return sink.consumed();
    const body = request.body;
    if (body === null) return sink.end();
    const reader = (this.reader = body.getReader());
    const next = (): void => {
      reader.read().then(({ done, value }) => {
        if (done) return sink.end();
        if (sink.chunk(value)) next();
      }, () => sink.failed());
    };
    next();
  }

  discardBody(): void {
    (this.reader ?? this.request.body)?.cancel().catch(ignore);
  }

  get answerable(): boolean {
    return !this.over;
  }

  writeHead(status: number, headers: Readonly<Record<string, string>>): void {
    this.status = status;
    this.head = headers;
  }

  write(chunk: string): boolean {
    if (this.over) return true;
    if (this.events === undefined) this.startStream();
    try {
      this.events?.enqueue(encoder.encode(chunk));
    } catch {
      this.over = true; // the client cancelled the stream
      return true;
    }
    return (this.events?.desiredSize ?? 0) > 0;
  }

  onDrain(listener: () => void): void {
    this.drain = listener;
  }

  get pending(): number {
    return this.events ? HIGH_WATER_MARK - (this.events.desiredSize ?? 0) : 0;
  }

  end(body?: WholeBody | string): void {
    if (this.over) return;
    this.over = true;
    const events = this.events;
    if (events === undefined) {
      const text = typeof body === 'string' ? body : body?.body;
      this.respond(new Response(text ?? null, { status: this.status, headers: this.head }));
      return;
    }
    try {
      if (typeof body === 'string') events.enqueue(encoder.encode(body));
      events.close();
    } catch {
      // the client cancelled the stream meanwhile
    }
  }

  onClose(listener: (reason: Error) => void): void {
    const outer = this.request.signal;
    if (this.cancelled) return listener(this.cancelled);
    if (outer.aborted) return listener(outer.reason);
    this.closeListeners.push(listener);
    outer.addEventListener('abort', () => listener(outer.reason), { once: true });
  }

  abort(reason: Error): void {
    this.over = true;
    this.events?.error(reason);
  }

  private startStream(): void {
    const stream = new ReadableStream<Uint8Array>(
      {
        start: (controller) => void (this.events = controller),
        pull: () => {
          const drain = this.drain;
          this.drain = undefined;
          drain?.();
        },
        cancel: () => this.gone(),
      },
      STRATEGY,
    );
    this.respond(new Response(stream, { status: this.status, headers: this.head }));
  }

  /** The client cancelled the stream: tell whoever listens, write nothing more. */
  private gone(): void {
    this.over = true;
    this.cancelled = new Error('the HTTP client cancelled the event stream');
    for (const listener of this.closeListeners.splice(0)) listener(this.cancelled);
  }
}

/** `host[:port]` of an absolute URL such as `http://localhost:8787/mcp`, without user info. */
export function urlAuthority(url: string): string | undefined {
  const start = url.indexOf('//');
  if (start < 0) return undefined;
  let end = url.length;
  for (const stop of ['/', '?', '#']) {
    const at = url.indexOf(stop, start + 2);
    if (at >= 0 && at < end) end = at;
  }
  const authority = url.slice(start + 2, end);
  const at = authority.lastIndexOf('@');
  return at < 0 ? authority : authority.slice(at + 1);
}

function ignore(): void {
  // cancelling a stream the client already closed fails; there is nothing left to do
}
