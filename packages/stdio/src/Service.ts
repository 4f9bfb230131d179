/**
 * Service: the synchronous stdio transport (the seed's `Pt::Mcp::Service`). It reads framed
 * messages from a descriptor or an in-memory source, dispatches them on the calling thread and
 * writes the framed replies. Procedures must be synchronous; use StdioService for async ones.
 */
import { PIPE_PEER } from '@toolwire/core/transport';
import type { Era } from '@toolwire/core';
import type { PeerInfo } from '@toolwire/core/transport';
import { Connection, replyOf } from './Connection';
import type { FramedMessage, Framing } from './framing/Framing';
import { FdSource } from './io/FdSource';
import { SyncMessageSource, SyncSource } from './io/SyncSource';
import { writeAllSync } from './io/writeAllSync';

/** Anything with a `write(chunk)` method: a Writable, an array-backed test sink, a socket. */
export interface TextSink {
  write(chunk: string): unknown;
}

/**
 * One synchronous stdio connection: it remembers the protocol version `initialize` negotiated.
 * Two ways to drive it: the seed's strings (`readMessage` → `dispatch` → `writeMessage`, `''`
 * for the end and for nothing to send), or framed messages with explicit results
 * (`readFramed` → `answer` → `writeMessage`, `undefined` for both).
 * @example
 * const service = new Service(defs, decl);
 * for (let json = service.readMessage(0); json !== ''; json = service.readMessage(0)) {
 *   service.writeMessage(1, service.dispatch(json));
 * }
 * // or
 * for (let message = service.readFramed(0); message; message = service.readFramed(0)) {
 *   service.writeMessage(1, service.answer(message), message.framing);
 * }
 */
export class Service extends Connection {
  private readonly fdSources = new Map<number, SyncMessageSource>();
  private readonly objectSources = new WeakMap<SyncSource, SyncMessageSource>();

  /**
   * Runs one message and returns the response JSON, or `''` when nothing is to be sent
   * (a notification). A procedure that returns a Promise is answered with a -32603 error.
   * @param onNotification - receives each notification the procedure sends (`context.progress`,
   *   `context.log`) as JSON text, while it runs, so before the response is returned; write
   *   each with {@link writeMessage} as it comes. Without it, notifications are dropped.
   */
  dispatch(json: string, onNotification?: (json: string, era?: Era) => void): string {
    return this.refused(json) ?? this.reply(json, onNotification) ?? '';
  }

  /**
   * Runs one message read with {@link readFramed} and returns the response JSON, or `undefined`
   * when nothing is to be sent (a notification); a message over the size limit is answered
   * -32600 (`id: null`). Otherwise as {@link dispatch}.
   */
  answer(message: FramedMessage, onNotification?: (json: string, era?: Era) => void): string | undefined {
    return this.oversizeReply(message) ?? this.reply(message.text, onNotification);
  }

  private reply(json: string, onNotification: ((json: string, era?: Era) => void) | undefined): string | undefined {
    return replyOf(this.dispatcher.dispatchSync(json, onNotification ? { session: this.session, notify: onNotification, peer: pipePeer } : { session: this.session, peer: pipePeer }));
  }

  /**
   * Reads one framed message, blocking until it is complete; `''` at the end of input.
   * Bytes read past the message are kept for the next call on the same source. A message over
   * the size limit comes back as a placeholder text that {@link dispatch} answers with -32600.
   * @param source - a file descriptor (such as `0`) or a {@link SyncSource} such as `MemorySource`.
   */
  readMessage(source: number | SyncSource): string {
    return this.textOf(this.readFramed(source));
  }

  /**
   * Reads one message with its framing, blocking until it is complete; `undefined` at the end of
   * input. A message over the size limit has `tooLarge` set (and no text); {@link answer} answers it.
   * @param source - as for {@link readMessage}.
   */
  readFramed(source: number | SyncSource): FramedMessage | undefined {
    return this.received(this.sourceFor(source).next());
  }

  /**
   * Writes one message, framed; `''` or `undefined` writes nothing.
   * @param sink - a file descriptor (such as `1`; every byte is written before it returns) or any `{ write(chunk) }`.
   * @param framing - defaults to the framing of the last message read.
   */
  writeMessage(sink: number | TextSink, json: string | undefined, framing?: Framing): void {
    if (json === undefined || json === '') return;
    const frame = this.frame(json, framing);
    if (typeof sink === 'number') writeAllSync(sink, frame);
    else sink.write(frame);
  }

  private sourceFor(source: number | SyncSource): SyncMessageSource {
    if (typeof source === 'number') {
      let entry = this.fdSources.get(source);
      if (!entry) this.fdSources.set(source, (entry = new SyncMessageSource(new FdSource(source), this.maxMessageBytes)));
      return entry;
    }
    if (typeof source?.readChunk !== 'function') {
      throw new TypeError(`Service.readMessage: expected a file descriptor or a source with readChunk(), got ${source === null ? 'null' : typeof source}`);
    }
    let entry = this.objectSources.get(source);
    if (!entry) this.objectSources.set(source, (entry = new SyncMessageSource(source, this.maxMessageBytes)));
    return entry;
  }
}

/** Every stdio message comes over a pipe (`network.transport: pipe`), for the `telemetry` option. */
function pipePeer(): PeerInfo {
  return PIPE_PEER;
}
