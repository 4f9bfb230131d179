/**
 * MemorySource: an in-memory input for the synchronous Service — the chunks a descriptor
 * would have returned, for tests and for feeding recorded sessions.
 */
import type { SyncSource } from './SyncSource';

/**
 * A {@link SyncSource} that returns the given chunks one per read, then end of input.
 * Chunks may split or join messages anywhere, even inside a multi-byte character.
 * @example
 * const source = new MemorySource('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
 * service.readMessage(source); // '{"jsonrpc":"2.0","id":1,"method":"ping"}'
 * service.readMessage(source); // '' (end of input)
 */
export class MemorySource implements SyncSource {
  private readonly chunks: Array<Uint8Array | string>;
  private index = 0;

  constructor(...chunks: Array<Uint8Array | string>) {
    this.chunks = chunks;
  }

  /** The next chunk, or `null` once all were read. */
  readChunk(): Uint8Array | string | null {
    return this.index < this.chunks.length ? this.chunks[this.index++] : null;
  }
}
