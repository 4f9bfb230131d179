/**
 * sseReader: reads a `text/event-stream` as it arrives — chunks in, the `data` of each complete
 * event out (comments such as keep-alives are skipped) — for subscriptions, whose stream does
 * not end when a response would.
 */

/** An incremental SSE parser. */
export class SseReader {
  private buffered = '';
  private data: string[] = [];

  /** Takes one chunk of the stream; returns the data of the events it completed. */
  push(chunk: string): string[] {
    this.buffered += chunk;
    const events: string[] = [];
    let end: number;
    while ((end = this.buffered.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffered.slice(0, end);
      this.buffered = this.buffered.slice(end + (this.buffered.startsWith('\r\n', end) ? 2 : 1));
      if (line === '') {
        if (this.data.length) events.push(this.data.join('\n'));
        this.data = [];
      } else if (line.startsWith('data:')) {
        this.data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
    }
    return events;
  }
}
