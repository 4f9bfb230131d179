/**
 * The driver's side of stdio framing: frames a message the way a client does and splits a
 * server's output back into messages — newline-delimited, or with `Content-Length` headers
 * (counted in bytes, so the reader works on bytes, not text).
 */

/** A stdio framing. */
export type Framing = 'newline' | 'content-length';

/** One JSON-RPC message text, framed. */
export function frame(json: string, framing: Framing): string {
  return framing === 'newline' ? `${json}\n` : `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const PREFIX = Buffer.from('Content-Length: ');
const LENGTH = /content-length:\s*(\d+)/i;

/**
 * `Content-Length: N\r\n\r\n` at `start`, read without searching (the block toolwire writes):
 * where its body starts and N; `undefined` for any other block or one not yet whole.
 */
function usualHeader(data: Buffer, start: number): [number, number] | undefined {
  if (data.length < start + PREFIX.length || data.compare(PREFIX, 0, PREFIX.length, start, start + PREFIX.length) !== 0) return undefined;
  let k = start + PREFIX.length;
  let value = 0;
  for (; k < data.length && data[k] >= 0x30 && data[k] <= 0x39; k++) value = value * 10 + data[k] - 0x30;
  if (k === start + PREFIX.length || k + 4 > data.length || data[k] !== 13 || data[k + 1] !== 10 || data[k + 2] !== 13 || data[k + 3] !== 10) return undefined;
  return [k + 4, value];
}

/** The Content-Length of any other header block at `start..end` (names in any case, other headers around it). */
function lengthOf(data: Buffer, start: number, end: number): number {
  const match = LENGTH.exec(data.toString('latin1', start, end));
  if (!match) throw new Error(`a frame without Content-Length: ${data.toString('latin1', start, end).slice(0, 80)}`);
  return Number(match[1]);
}

/** Splits a stream's bytes into messages and hands each message's text on. */
export class FrameCollector {
  private rest: Buffer = Buffer.alloc(0);

  constructor(
    private readonly framing: Framing,
    private readonly onMessage: (json: string) => void,
  ) {}

  /** Takes the next chunk of the stream. */
  push(chunk: Buffer): void {
    let data = this.rest.length ? Buffer.concat([this.rest, chunk]) : chunk;
    let start = 0;
    for (;;) {
      if (this.framing === 'newline') {
        const end = data.indexOf(10, start);
        if (end < 0) break;
        const line = data.toString('utf8', start, end).trim();
        start = end + 1;
        if (line) this.onMessage(line);
      } else {
        const usual = usualHeader(data, start);
        let bodyStart: number;
        let length: number;
        if (usual) {
          [bodyStart, length] = usual;
        } else {
          const headerEnd = data.indexOf(HEADER_END, start);
          if (headerEnd < 0) break;
          length = lengthOf(data, start, headerEnd);
          bodyStart = headerEnd + HEADER_END.length;
        }
        const bodyEnd = bodyStart + length;
        if (bodyEnd > data.length) break;
        this.onMessage(data.toString('utf8', bodyStart, bodyEnd));
        start = bodyEnd;
      }
    }
    data = data.subarray(start);
    this.rest = data.length ? Buffer.from(data) : Buffer.alloc(0);
  }
}
