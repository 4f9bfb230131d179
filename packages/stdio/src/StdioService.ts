/**
 * StdioService: the stdio transport that can run asynchronous procedures (the seed's
 * `Pt::Mcp::StdioService`, with Node's event loop as its EventLoop). Same framing and
 * methods as Service, over Node streams, with `dispatch` awaiting Promises.
 */
import { PIPE_PEER } from '@toolwire/core/transport';
import type { DispatchContext, Era } from '@toolwire/core';
import type { PeerInfo } from '@toolwire/core/transport';
import type { Readable, Writable } from 'node:stream';
import { Connection, replyOf } from './Connection';
import type { FramedMessage, Framing } from './framing/Framing';
import { StreamMessageSource, WAIT } from './io/StreamMessageSource';

/**
 * One asynchronous stdio connection: it remembers the protocol version `initialize`
 * negotiated and the calls in flight, which `notifications/cancelled` aborts. Driven with the
 * seed's strings (`readMessage` → `dispatch` → `writeMessage`, `''` for the end and for nothing to
 * send) or with framed messages and explicit results (`readFramed` → `answer` → `writeMessage`,
 * `undefined` for both).
 * @example
 * const service = new StdioService(defs, decl);
 * for (let json = await service.readMessage(process.stdin); json !== ''; json = await service.readMessage(process.stdin)) {
 *   await service.writeMessage(process.stdout, await service.dispatch(json));
 * }
 * // or
 * for (let message = await service.readFramed(process.stdin); message; message = await service.readFramed(process.stdin)) {
 *   await service.writeMessage(process.stdout, await service.answer(message), message.framing);
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
    return this.refused(json) ?? (await this.reply(json, onNotification)) ?? '';
  }

  /**
   * Runs one message read with {@link readFramed} and resolves to the response JSON, or
   * `undefined` when nothing is to be sent (a notification, a cancelled request); a message over
   * the size limit is answered -32600 (`id: null`). Otherwise as {@link dispatch}; never rejects.
   */
  async answer(message: FramedMessage, onNotification?: (json: string, era?: Era) => void): Promise<string | undefined> {
    return this.handle(message, onNotification);
  }

  /**
   * @internal Like {@link answer}, but returns the reply directly when no procedure went
   * asynchronous (serveStdio's path: no Promise per message).
   */
  handle(message: FramedMessage, onNotification?: (json: string, era?: Era) => void): string | undefined | Promise<string | undefined> {
    return this.oversizeReply(message) ?? this.reply(message.text, onNotification);
  }

  private reply(json: string, onNotification: ((json: string, era?: Era) => void) | undefined): string | undefined | Promise<string | undefined> {
    const result = this.dispatcher.handle(json, this.contextFor(onNotification));
    return result instanceof Promise ? result.then(replyOf) : replyOf(result);
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
   * error. Bytes read past the message are kept for the next call on the same stream. A message
   * over the size limit comes back as a placeholder text that {@link dispatch} answers with -32600.
   */
  readMessage(stream: Readable): Promise<string> {
    return this.readFramed(stream).then((message) => this.textOf(message));
  }

  /**
   * Reads one message with its framing; resolves `undefined` at the end of the stream, rejects on
   * a stream error. A message over the size limit has `tooLarge` set (and no text); {@link answer} answers it.
   */
  readFramed(stream: Readable): Promise<FramedMessage | undefined> {
    return this.source(stream)
      .next()
      .then((message) => this.received(message));
  }

  /**
   * @internal The next message if it can be read without waiting (see
   * {@link StreamMessageSource.poll}): the message, `undefined` at the end, or {@link WAIT} when
   * only {@link readFramed} can get it. Throws the stream's error.
   */
  readBuffered(stream: Readable): FramedMessage | undefined | typeof WAIT {
    const message = this.source(stream).poll();
    return message === WAIT ? message : this.received(message);
  }

  /**
   * @internal Resolves when {@link readBuffered} may have something new to return (see
   * {@link StreamMessageSource.waitForInput}); serveStdio's way to wait for input without a
   * Promise chain per message.
   */
  waitForInput(stream: Readable): Promise<void> {
    return this.source(stream).waitForInput();
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
   * error). `''` or `undefined` writes nothing.
   * @param framing - defaults to the framing of the last message read.
   */
  writeMessage(stream: Writable, json: string | undefined, framing?: Framing): Promise<void> {
    if (json === undefined || json === '') return Promise.resolve();
    const frame = this.frame(json, framing);
    return new Promise((resolve, reject) => {
      stream.write(frame, (error) => (error ? reject(error) : resolve()));
    });
  }
}

/** Every stdio message comes over a pipe (`network.transport: pipe`), for the `telemetry` option. */
function pipePeer(): PeerInfo {
  return PIPE_PEER;
}
