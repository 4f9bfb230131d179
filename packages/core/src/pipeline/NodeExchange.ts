/**
 * NodeExchange: the {@link HttpExchange} of a Node request and response (`node:http`'s
 * `IncomingMessage` and `ServerResponse`, which Express, Fastify and most Node frameworks hand
 * over), written against their shape only, so core still imports nothing of Node. A whole
 * response is one `writeHead` and one `end`, with its `Content-Length` (a response in pieces is
 * corked into one write); an event stream's chunks of one tick go out in one write, and `write`
 * returning false is the backpressure. A body over the limit gets the lingering close: the 413
 * goes out whole at once (`Connection: close`), then the rest of the body is read and discarded
 * — a bounded amount, for a bounded time — and only then is the connection closed, so a client
 * that writes its whole body before reading gets the 413 instead of a reset.
 */
import type { BodySink, HttpExchange, WholeBody } from './HttpExchange';
import type { PeerInfo } from '../telemetry/PeerInfo';
import { utf8Length } from './utf8';

/** A listener of a Node stream event (typed as Node's own `EventEmitter` types them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Listener = (...args: any[]) => void;

/** The part of Node's `IncomingMessage` the exchange uses. */
export interface NodeRequest {
  readonly method?: string;
  readonly url?: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly headersDistinct?: Readonly<Record<string, string[] | undefined>>;
  /** The header lines as received, names and values alternating (Node's `rawHeaders`). */
  readonly rawHeaders?: readonly string[];
  readonly httpVersion?: string;
  readonly socket?: { readonly localAddress?: string; readonly remoteAddress?: string; readonly remotePort?: number } | null;
  readonly readableEnded: boolean;
  readonly complete: boolean;
  readonly destroyed: boolean;
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
  resume(): unknown;
}

/** The part of Node's `ServerResponse` the exchange uses. */
export interface NodeResponse {
  readonly headersSent: boolean;
  readonly destroyed: boolean;
  readonly writableEnded: boolean;
  readonly writableFinished: boolean;
  readonly writableLength: number;
  readonly writableHighWaterMark: number;
  /** Node sets it when `write` returned false; only then does the response emit `drain`. */
  readonly writableNeedDrain: boolean;
  /** The connection (its `drain` is awaited when the response would not emit one). */
  readonly socket?: { readonly writableNeedDrain: boolean; once(event: 'drain', listener: () => void): unknown; off(event: 'drain', listener: () => void): unknown } | null;
  writeHead(status: number, headers: Record<string, string | number>): unknown;
  write(chunk: string | Uint8Array): boolean;
  end(chunk?: string | Uint8Array): unknown;
  cork(): void;
  uncork(): void;
  once(event: string, listener: Listener): unknown;
  destroy(): unknown;
}

/**
 * The UTF-8 length of a body for its `Content-Length`: the platform's native count where there is
 * one (Node's `Buffer.byteLength`, which Bun and Deno have too: 2–3× faster than counting in
 * JavaScript, and the string it flattens is the one the socket writes next), else core's own.
 */
const byteLength: (text: string) => number = nativeByteLength() ?? utf8Length;

function nativeByteLength(): ((text: string) => number) | undefined {
  const buffer = (globalThis as { Buffer?: { byteLength?: (text: string, encoding: 'utf8') => number } }).Buffer;
  const count = buffer?.byteLength;
  return typeof count === 'function' ? (text) => count(text, 'utf8') : undefined;
}

/** How long and how much a refused request is drained before its connection is closed. */
export interface LingerBounds {
  /** Most body bytes read and discarded after the answer. */
  readonly maxBytes: number;
  /** Longest time the draining may take, in ms. */
  readonly maxMs: number;
  /** Longest wait for the next chunk, in ms: a client that stops sending is not waited for. */
  readonly idleMs: number;
}

/** The bounds: 64 MiB, 30 s in all, 5 s without data (nginx's lingering_time and lingering_timeout). */
export const LINGER_BOUNDS: LingerBounds = Object.freeze({ maxBytes: 64 * 1024 * 1024, maxMs: 30_000, idleMs: 5_000 });

/** One Node request and its response as an {@link HttpExchange}. */
export class NodeExchange implements HttpExchange {
  private status = 0;
  private head: Readonly<Record<string, string>> | undefined;
  private streaming = false;
  private silent = false;
  private lingering = false;
  private corked = false;
  /** The listener waiting for the connection's `drain` (`null` once one was, `undefined` before). */
  private socketWaiter: (() => void) | null | undefined;

  /**
   * @param parsedBody - what an upstream body parser left (`undefined`: the body is unread).
   * @param request - what the verifier and procedures see as the request (default: `req`).
   * @param bounds - how a refused body is drained (the lingering close).
   */
  constructor(
    private readonly req: NodeRequest,
    private readonly res: NodeResponse,
    readonly parsedBody: unknown = undefined,
    readonly request: unknown = req,
    private readonly bounds: LingerBounds = LINGER_BOUNDS,
  ) {}

  get method(): string | undefined {
    return this.req.method;
  }

  /** The path of `req.url` (relative to the mount point under Express), without the query. */
  get path(): string | undefined {
    const url = this.req.url;
    if (url === undefined) return undefined;
    const query = url.indexOf('?');
    return query < 0 ? url : url.slice(0, query);
  }

  header(name: string): string | undefined {
    const value = this.req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  headerRepeated(name: string): boolean {
    const req = this.req;
    const joined = req.headers[name];
    // Node joins the lines of a header it does not know with ", ": a value without a comma came on one line
    if (joined === undefined || (typeof joined === 'string' && !joined.includes(','))) return false;
    const raw = req.rawHeaders;
    if (raw === undefined) {
      const lines = req.headersDistinct?.[name];
      return lines !== undefined && lines.length > 1;
    }
    // the lines as received, not `headersDistinct`: Node builds that object of arrays for every header on first use
    let seen = 0;
    for (let i = 0; i < raw.length; i += 2) {
      const line = raw[i];
      if (line.length === name.length && line.toLowerCase() === name && ++seen > 1) return true;
    }
    return false;
  }

  /** Where the request came from, for the `telemetry` option (read only when it is on). */
  peer(): PeerInfo {
    const { socket, httpVersion } = this.req;
    return { transport: 'tcp', protocol: 'http', protocolVersion: httpVersion, address: socket?.remoteAddress, port: socket?.remotePort };
  }

  get localAddress(): string | undefined {
    return this.req.socket?.localAddress;
  }

  readBody(sink: BodySink): void {
    const req = this.req;
    if (req.readableEnded) return sink.consumed();
    let done = false;
    const onData = (chunk: Uint8Array): void => {
      if (done) return;
      if (!sink.chunk(chunk)) {
        done = true;
        req.off('data', onData);
      }
    };
    req.on('data', onData);
    req.on('end', () => {
      if (done) return;
      done = true;
      sink.end();
    });
    req.on('error', () => {
      if (done) return;
      done = true; // the client aborted; the response's 'close' aborts the work, if any started
      sink.failed();
    });
  }

  discardBody(): void {
    this.lingering = true;
  }

  /** False when the client went away or an upstream middleware already answered. */
  get answerable(): boolean {
    return !this.res.headersSent && !this.res.destroyed;
  }

  writeHead(status: number, headers: Readonly<Record<string, string>>): void {
    if (!this.answerable) {
      this.silent = true;
      return;
    }
    this.status = status;
    this.head = headers;
  }

  write(chunk: string): boolean {
    const res = this.res;
    if (this.silent || res.destroyed || res.writableEnded) return true;
    if (!this.streaming) {
      this.streaming = true;
      res.writeHead(this.status, this.head as Record<string, string>); // the head goes out with the first chunk
    }
    if (!this.corked) {
      // the chunks of one tick leave in one write
      this.corked = true;
      res.cork();
      queueMicrotask(() => this.uncork());
    }
    // Node 22 answers true while corked whatever the connection holds; the backlog is what counts
    return res.write(chunk) && res.writableLength < res.writableHighWaterMark;
  }

  /** Lets this tick's chunks go (once: the microtask that would do it later finds nothing to do). */
  private uncork(): void {
    if (!this.corked) return;
    this.corked = false;
    this.res.uncork();
  }

  /**
   * Calls `listener` once the backlog is gone: on the response's `drain` when Node will emit one
   * (its `write` returned false), else on the connection's — `write` said "wait" for a backlog that
   * Node itself did not report (see `write`). A response that closes first stops listening.
   */
  onDrain(listener: () => void): void {
    const res = this.res;
    const socket = res.socket;
    if (res.writableNeedDrain || !socket?.writableNeedDrain) {
      res.once('drain', listener);
      return;
    }
    if (!this.socketWaiter) res.once('close', () => this.socketWaiter && socket.off('drain', this.socketWaiter));
    const waiter = (): void => {
      this.socketWaiter = null;
      listener();
    };
    this.socketWaiter = waiter;
    socket.once('drain', waiter);
  }

  get pending(): number {
    return this.res.writableLength;
  }

  end(body?: WholeBody | string): void {
    const res = this.res;
    if (this.silent || res.destroyed || res.writableEnded) return;
    if (this.streaming) {
      // Node's end() sends the chunked terminator past chunks still held by a cork: flush them first
      this.uncork();
      res.end(typeof body === 'string' ? body : body?.body);
      return;
    }
    const whole = typeof body === 'string' ? { body } : body;
    const parts = whole?.parts;
    if (parts) return this.endParts(parts);
    const text = whole?.body;
    const headers: Record<string, string | number> = { ...this.head, 'Content-Length': text === undefined ? 0 : byteLength(text) };
    if (this.lingering) return this.lingeringClose(headers, text ?? '');
    res.writeHead(this.status, headers);
    res.end(text);
  }

  onClose(listener: (reason: Error) => void): void {
    const res = this.res;
    if (res.destroyed) return listener(clientGone());
    res.once('close', () => {
      if (!res.writableFinished) listener(clientGone());
    });
  }

  abort(): void {
    this.res.destroy();
  }

  /** A response given in pieces, some already UTF-8 bytes: handed to the socket as they are, in one write with the head. */
  private endParts(parts: readonly (string | Uint8Array)[]): void {
    const res = this.res;
    let length = 0;
    for (const part of parts) length += typeof part === 'string' ? byteLength(part) : part.byteLength;
    res.writeHead(this.status, { ...this.head, 'Content-Length': length });
    res.cork();
    for (let i = 0; i < parts.length - 1; i++) res.write(parts[i]);
    res.end(parts[parts.length - 1]);
    res.uncork();
  }

  /** Writes the answer at once, then drains the request within the bounds before ending the response, which closes the connection. */
  private lingeringClose(headers: Record<string, string | number>, text: string): void {
    const { req, res, bounds } = this;
    headers.Connection = 'close';
    res.writeHead(this.status, headers);
    if (req.complete || req.destroyed) {
      res.end(text);
      return;
    }
    res.write(text); // the client can read the whole answer while it is still sending
    let drained = 0;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const close = (): void => {
      clearTimeout(overall);
      clearTimeout(idle);
      req.off('data', onData);
      req.off('end', close);
      req.off('error', close);
      req.off('close', close);
      res.end();
    };
    const onData = (chunk: Uint8Array): void => {
      drained += chunk.byteLength;
      if (drained > bounds.maxBytes) return close();
      clearTimeout(idle);
      idle = setTimeout(close, bounds.idleMs);
    };
    const overall = setTimeout(close, bounds.maxMs);
    idle = setTimeout(close, bounds.idleMs);
    req.on('data', onData);
    req.on('end', close);
    req.on('error', close);
    req.on('close', close);
    req.resume();
  }
}

function clientGone(): Error {
  return new Error('the HTTP client disconnected');
}
