/**
 * jsonLinesAudit: the ready `audit` sink — one JSON line per event, written to a stream (Node's
 * `fs.createWriteStream(path, { flags: 'a' })`, or anything with `write` and `once`), waiting for
 * `drain` when the stream pushes back. Core opens no files itself, so it stays platform-neutral.
 */
import type { AuditSink } from './AuditEvent';

/** What the sink needs of a stream: Node's Writable fits. */
export interface AuditStream {
  write(chunk: string): boolean;
  once(event: 'drain' | 'error', listener: (error?: unknown) => void): unknown;
}

/**
 * An audit sink writing each event as one JSON line to `stream`. A stream that failed fails every
 * later event (counted as dropped by the audit queue).
 * @example
 * // createWriteStream of Node's fs module
 * const audit = { sink: jsonLinesAudit(createWriteStream('audit.jsonl', { flags: 'a' })) };
 */
export function jsonLinesAudit(stream: AuditStream): AuditSink {
  if (typeof stream !== 'object' || stream === null || typeof stream.write !== 'function' || typeof stream.once !== 'function') {
    throw new TypeError(`jsonLinesAudit: expected a writable stream (with write and once), got ${stream === null ? 'null' : typeof stream}`);
  }
  let broken: unknown;
  stream.once('error', (error) => (broken = error ?? new Error('the audit stream failed')));
  return (event) => {
    if (broken !== undefined) throw broken;
    if (stream.write(`${JSON.stringify(event)}\n`)) return;
    return new Promise<void>((resolve) => {
      stream.once('drain', () => resolve());
      stream.once('error', () => resolve());
    });
  };
}
