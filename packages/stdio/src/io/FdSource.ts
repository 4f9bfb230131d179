/**
 * FdSource: a file descriptor (such as 0, stdin) read synchronously with fs.readSync. A
 * descriptor Node has made non-blocking answers EAGAIN when it has no data yet; the read is
 * retried after a short sleep instead of failing.
 */
import { readSync } from 'node:fs';
import type { SyncSource } from './SyncSource';
import { retryOnEagain } from './sleepSync';

const CHUNK_BYTES = 64 * 1024;

/** A {@link SyncSource} over a file descriptor. */
export class FdSource implements SyncSource {
  private readonly buffer = Buffer.allocUnsafe(CHUNK_BYTES);

  constructor(private readonly fd: number) {
    if (!Number.isInteger(fd) || fd < 0) throw new RangeError(`FdSource: expected a file descriptor (a non-negative integer), got ${fd}`);
  }

  /** The next chunk (a copy of exactly the bytes read, so small messages do not pin 64 KiB), or `null` at end of file. */
  readChunk(): Buffer | null {
    const buffer = this.buffer;
    const read = retryOnEagain(() => {
      try {
        return readSync(this.fd, buffer, 0, CHUNK_BYTES, null);
      } catch (error) {
        if ((error as NodeJS.ErrnoException | null)?.code === 'EOF') return 0; // Windows pipes
        throw error;
      }
    });
    return read === 0 ? null : Buffer.from(buffer.subarray(0, read));
  }
}
