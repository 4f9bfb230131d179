/**
 * HttpExchange: the adapter interface of the Streamable HTTP pipeline — everything
 * {@link HttpPipeline} needs from one request and its response, and nothing else: read a header,
 * read the body (as chunks of bytes, or the value an upstream parser already made of it), write
 * the head, write a chunk and learn when to continue, end, learn of a disconnect. A framework
 * adapter implements it over its own request and response objects (`NodeExchange` does for
 * Node's `IncomingMessage`/`ServerResponse`; `@toolwire/fetch` for a Web `Request`) and moves
 * bytes; every protocol decision — statuses, bodies, headers, when to stream — is the pipeline's.
 */

import type { PeerInfo } from '../telemetry/PeerInfo';

/** Where an exchange delivers the body it reads; each exchange reports `end`, `consumed` or `failed` at most once. */
export interface BodySink {
  /** One chunk of the body; `false` means "stop reading": the body is over the limit (the pipeline then calls {@link HttpExchange.discardBody}). */
  chunk(bytes: Uint8Array): boolean;
  /** The body ended (after every chunk). */
  end(): void;
  /** The body had been read before the pipeline got to it (an earlier middleware) and nothing was left of it. */
  consumed(): void;
  /** Reading failed (a body stream that errored, a client that aborted mid-body). */
  failed(): void;
}

/** The body of a whole response: its text, and optionally the same text in pieces, some UTF-8 bytes already (see `DispatchResult.parts`). */
export interface WholeBody {
  readonly body: string;
  readonly parts?: readonly (string | Uint8Array)[];
}

/**
 * One HTTP request and its response, as the pipeline sees them. The pipeline calls
 * `writeHead` at most once, then either `end` alone (a whole response: the adapter adds its
 * framing, such as `Content-Length`) or `write` … `end` (a stream: the head goes out with the
 * first chunk).
 */
export interface HttpExchange {
  /** The request method (`POST`). */
  readonly method: string | undefined;
  /**
   * The request's URL path, without the query (`/mcp/server-card`), for the route the pipeline
   * serves beside the endpoint (the `serverCard` option); adapters that leave it out serve no card.
   */
  readonly path?: string;
  /** A request header by lower-case name (repeated lines joined with `, `), `undefined` when absent. */
  header(name: string): string | undefined;
  /** Whether header `name` came on more than one line; adapters that cannot tell leave it out. */
  headerRepeated?(name: string): boolean;
  /** The local address the request arrived on (a socket's); left out where there is none (Web runtimes). */
  readonly localAddress?: string;
  /** Where the request came from, for the `telemetry` option (read only when it is on); default: HTTP over TCP, address unknown. */
  peer?(): PeerInfo;
  /** The framework's request object: handed to the token verifier and to procedures (`context.request`). */
  readonly request: unknown;
  /** What an upstream body parser made of the body (text or a parsed value); `undefined` when the body is still unread. */
  readonly parsedBody: unknown;
  /** Reads the body into `sink` (once), chunk by chunk. */
  readBody(sink: BodySink): void;
  /** The body will not be read (it is over the limit): let it go — cancel it, or drain it (bounded) after the answer and close the connection. */
  discardBody(): void;
  /** False when nothing can be written any more (the client is gone, or someone else already answered). */
  readonly answerable: boolean;
  /** The status and headers of the response (written with the first chunk, or by `end`). A no-op when not {@link answerable}. */
  writeHead(status: number, headers: Readonly<Record<string, string>>): void;
  /** Writes one chunk of a streamed response; `false` asks the writer to wait for {@link onDrain} before the next. */
  write(chunk: string): boolean;
  /** Calls `listener` once, when the client has taken what was written and more may follow. */
  onDrain(listener: () => void): void;
  /** Bytes written but not yet taken by the client (what backpressure holds). */
  readonly pending: number;
  /** Ends the response: a whole body when nothing was written (nothing for none), else a last chunk of the stream. */
  end(body?: WholeBody | string): void;
  /** Calls `listener` once when the client goes away before the response is finished — at once when it already has. */
  onClose(listener: (reason: Error) => void): void;
  /** Cuts the response off (a client too far behind its event stream). */
  abort(reason: Error): void;
}
