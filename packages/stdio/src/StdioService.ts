/**
 * StdioService: the stdio transport that can run asynchronous procedures (the seed's
 * `Pt::Mcp::StdioService`, with Node's event loop as its EventLoop). Same framing and
 * methods as Service, over Node streams, with `dispatch` awaiting Promises.
 */
import { PIPE_PEER } from '@toolwire/core';
import type { DispatchContext, Era, PeerInfo } from '@toolwire/core';
import type { Readable, Writable } from 'node:stream';
import { Connection } from './Connection';
import type { Framing } from './framing/Framing';
import { StreamMessageSource, WAIT } from './io/StreamMessageSource';

/**
 * One asynchronous stdio connection: it remembers the protocol version `initialize`
 * negotiated and the calls in flight, which `notifications/cancelled` aborts.
 * @example
 * const service = new StdioService(defs, decl);
 * for (let json = await service.readMessage(process.stdin); json !== ''; json = await service.readMessage(process.stdin)) {
 *   await service.writeMessage(process.stdout, await service.dispatch(json));
 * }
 */
export class StdioService extends Connection {
  private readonly sources = new Map<Readable, StreamMessageSource>();

  /**
   * Runs one message and resolves to the response JSON, or `''` when nothing is to be sent
   * (a notification, or a request cancelled by `notifications/cancelled`). Never rejects.
   * @param onNotification - receives each notification the message's tool calls send
   *   (`context.progress`, `context.log`) as JSON text, before the response resolves; nothing
   *   after the call is answered or cancelled. Write it in the request's framing before the
   *   response. Without it, notifications are dropped.
   */
  async dispatch(json: string, onNotification?: (json: string, era?: Era) => void): Promise<string> {
    return this.handle(json, onNotification);
  }

  /**
   * @internal Like {@link dispatch}, but returns the response JSON directly when no procedure
   * went asynchronous (serveStdio's path: no Promise per message).
   */
  handle(json: string, onNotification?: (json: string, era?: Era) => void): string | Promise<string> {
    const refusal = this.refused(json);
    if (refusal !== undefined) return refusal;
    const result = this.dispatcher.handle(json, this.contextFor(onNotification));
    return result instanceof Promise ? result.then((r) => r.body) : result.body;
  }

  private readonly plainContext: DispatchContext = { session: this.session, peer: pipePeer };
  private notifying: { readonly notify: (json: string, era?: Era) => void; readonly context: DispatchContext } | undefined;

  /** The dispatch context for a sink of notifications: made once per sink, not per message. */
  private contextFor(notify: ((json: string, era?: Era) => void) | undefined): DispatchContext {
    if (!notify) return this.plainContext;
    if (this.notifying?.notify !== notify) this.notifying = { notify, context: { session: this.session, notify, peer: pipePeer } };
    return this.notifying.context;
  }

  /**
   * Reads one framed message; resolves `''` at the end of the stream and rejects on a stream
   * error. Bytes read past the message are kept for the next call on the same stream.
   */
  readMessage(stream: Readable): Promise<string> {
    return this.source(stream)
      .next()
      .then((message) => this.received(message));
  }

  /**
   * @internal The next message if it can be read without waiting (see
   * {@link StreamMessageSource.poll}): its text, `''` at the end, or `undefined` when only
   * {@link readMessage} can get it. Throws the stream's error.
   */
  readBuffered(stream: Readable): string | undefined {
    const message = this.source(stream).poll();
    return message === WAIT ? undefined : this.received(message);
  }

  private source(stream: Readable): StreamMessageSource {
    let source = this.sources.get(stream);
    if (!source) this.sources.set(stream, (source = new StreamMessageSource(stream, this.maxMessageBytes)));
    return source;
  }

  /**
   * Stops reading `stream` (or every stream this service has read from): a pending
   * {@link readMessage} resolves `''`, listeners are removed and the stream is paused, so stdin no
   * longer holds the process open. Unread bytes are dropped; a later readMessage starts afresh.
   */
  release(stream?: Readable): void {
    for (const s of stream ? [stream] : [...this.sources.keys()]) {
      this.sources.get(s)?.release();
      this.sources.delete(s);
    }
  }

  /**
   * Writes one message, framed; resolves once the stream has accepted it (rejects on a write
   * error). `''` writes nothing.
   * @param framing - defaults to the framing of the last message read.
   */
  writeMessage(stream: Writable, json: string, framing?: Framing): Promise<void> {
    const frame = this.frame(json, framing);
    if (frame === '') return Promise.resolve();
    return new Promise((resolve, reject) => {
      stream.write(frame, (error) => (error ? reject(error) : resolve()));
    });
  }
}

/** Every stdio message comes over a pipe (`network.transport: pipe`), for the `telemetry` option. */
function pipePeer(): PeerInfo {
  return PIPE_PEER;
}
