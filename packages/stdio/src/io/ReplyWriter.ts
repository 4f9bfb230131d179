/**
 * ReplyWriter: writes serveStdio's replies, coalescing every reply that becomes ready in the same
 * turn of the event loop into one `write()` — one pipe write for a burst of pipelined calls
 * instead of one per reply. Replies keep the order in which they became ready.
 */
import type { Writable } from 'node:stream';

/** Batches framed replies onto one output stream. */
export class ReplyWriter {
  private pending: string[] = [];
  private scheduled = false;
  private written: Promise<void> = Promise.resolve();

  /** @param onError - called when the output fails a write (the client went away). */
  constructor(
    private readonly output: Writable,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Queues one framed reply; it is written at the end of this turn of the event loop. */
  write(frame: string): void {
    if (frame === '') return;
    this.pending.push(frame);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  /** Writes what is queued now and resolves once the stream has taken everything written so far. */
  settle(): Promise<void> {
    this.flush();
    return this.written;
  }

  private readonly flush = (): void => {
    this.scheduled = false;
    if (this.pending.length === 0 || this.output.destroyed) return;
    const chunk = this.pending.length === 1 ? this.pending[0] : this.pending.join('');
    this.pending = [];
    this.written = new Promise((resolve) => {
      this.output.write(chunk, (error) => {
        if (error) this.onError(error);
        resolve();
      });
    });
  };
}
