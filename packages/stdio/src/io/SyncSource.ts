/**
 * SyncSource and SyncMessageSource: where the synchronous Service reads bytes from, and the
 * pairing of such a source with the MessageReader that keeps its leftover bytes between calls.
 */
import { MessageReader } from '../framing/MessageReader';
import type { FramedMessage } from '../framing/Framing';

/**
 * A synchronous byte source for {@link Service.readMessage}: each call returns the next chunk,
 * or `null` at end of input. `MemorySource` is the in-memory one; a descriptor number is
 * wrapped in an `FdSource`.
 */
export interface SyncSource {
  /** The next chunk (a string is taken as UTF-8), or `null` when the input has ended. */
  readChunk(): Uint8Array | string | null;
}

/** One source and the reader holding its unconsumed bytes. */
export class SyncMessageSource {
  private readonly reader: MessageReader;

  /** @param maxMessageBytes - the reader's message size limit. */
  constructor(
    private readonly source: SyncSource,
    maxMessageBytes?: number,
  ) {
    this.reader = new MessageReader(maxMessageBytes);
  }

  /** Reads until one message is complete; `undefined` at the end of the stream. */
  next(): FramedMessage | undefined {
    for (;;) {
      const message = this.reader.next();
      if (message || this.reader.ended) return message;
      const chunk = this.source.readChunk();
      if (chunk === null) this.reader.finish();
      else this.reader.push(chunk);
    }
  }
}
