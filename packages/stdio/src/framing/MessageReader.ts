/**
 * MessageReader: turns a byte stream into messages, detecting the framing of each one.
 * A line whose first non-blank character is `{` or `[` is newline-delimited JSON; a header line
 * (`Name: value`) opens a Content-Length block. Blank lines between messages are skipped; any
 * other line is garbage and is returned as-is, so the dispatcher answers it with -32700 and the
 * stream goes on. A header block without a usable Content-Length is returned as garbage too and
 * the reader resynchronises on the next header or JSON line. A message larger than the limit is
 * skipped as its bytes arrive (never buffered whole) and reported as `tooLarge`. A zero
 * Content-Length, or the end of input, ends the stream. It does no I/O: a source pushes chunks
 * and pulls messages.
 */
import { ByteQueue } from './ByteQueue';
import { DEFAULT_MAX_MESSAGE_BYTES, FramedMessage, Framing } from './Framing';

const LF = 0x0a;
const CR = 0x0d;
/** An HTTP-style header name (an RFC 9110 token) followed by a colon. */
const HEADER_LINE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+:/;
/** Where a new message can start after a broken header block. */
const RESYNC_POINT = /content-length:|\n[ \t]*[{[]/i;
/** Bytes kept back while resynchronising, so a marker split across chunks is still found. */
const RESYNC_TAIL = 16;

type State = 'line' | 'headers' | 'body' | 'resync' | 'skipBody' | 'skipLine' | 'over';

/**
 * Incremental message parser over pushed byte chunks.
 * @example
 * const reader = new MessageReader();
 * reader.push(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\n'));
 * reader.next(); // { text: '{"jsonrpc":...}', framing: 'newline' }
 */
export class MessageReader {
  private readonly queue = new ByteQueue();
  private state: State = 'line';
  private scanned = 0; // bytes of the current line already searched for a newline
  private headers: string[] = [];
  private bodyLength = 0;
  private eof = false;
  private lastFraming: Framing = 'newline';
  private skipRemaining = 0;

  /** @param maxMessageBytes - the largest message accepted (default 16 MiB); larger ones are skipped. */
  constructor(private readonly maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES) {
    if (!Number.isSafeInteger(maxMessageBytes) || maxMessageBytes < 1) {
      throw new RangeError(`MessageReader: expected a positive integer maxMessageBytes, got ${String(maxMessageBytes)}`);
    }
  }

  /** True once the stream is over: input ended and was drained, or a zero Content-Length arrived. */
  get ended(): boolean {
    return this.state === 'over';
  }

  /** Adds received bytes. Strings are taken as UTF-8. */
  push(chunk: Uint8Array | string): void {
    if (this.state === 'over') return;
    this.queue.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }

  /** Marks the end of input; what is buffered can still be read. */
  finish(): void {
    this.eof = true;
  }

  /** The next complete message, or `undefined` when more input is needed or the stream is over. */
  next(): FramedMessage | undefined {
    for (;;) {
      switch (this.state) {
        case 'over':
          return undefined;
        case 'body':
          return this.body();
        case 'resync':
          if (!this.resync()) return undefined;
          break;
        case 'skipBody':
        case 'skipLine':
          if (!this.skip()) return undefined;
          break;
        case 'headers': {
          const result = this.headerLine();
          if (result !== CONTINUE) return result;
          break;
        }
        case 'line': {
          const result = this.firstLine();
          if (result !== CONTINUE) return result;
          break;
        }
      }
    }
  }

  /** A line outside any message: JSON, a header opening a block, blank, or garbage. */
  private firstLine(): FramedMessage | undefined | typeof CONTINUE {
    if (this.usualHeader()) return CONTINUE;
    const end = this.findLineEnd();
    if (end < 0) return this.queue.length > this.maxMessageBytes ? this.tooLarge('skipLine', 'newline', this.queue.length) : this.starve();
    let text = this.queue.takeText(end, end + 1);
    this.scanned = 0;
    let bytes = end;
    if (text.charCodeAt(text.length - 1) === CR) {
      text = text.slice(0, -1);
      bytes--;
    }
    if (bytes > this.maxMessageBytes) return this.tooLarge('line', 'newline', bytes); // it arrived whole
    const start = firstNonBlank(text);
    if (start < 0) return CONTINUE; // blank line
    const c = text[start];
    if (c === '{' || c === '[') return this.emit(text, 'newline');
    if (HEADER_LINE.test(text)) {
      this.headers = [text];
      this.state = 'headers';
      return CONTINUE;
    }
    return { text, framing: this.lastFraming };
  }

  /**
   * The header block every client sends, `Content-Length: N\r\n\r\n` with N in range, read
   * from the bytes at once (no line is decoded): true when it was that, and the body is next.
   * Any other block — other headers, other spellings, a bad or missing value — or one not yet
   * buffered whole takes the general path.
   */
  private usualHeader(): boolean {
    const queue = this.queue;
    if (queue.byteAt(0) !== USUAL_HEADER[0] || !queue.startsWith(USUAL_HEADER)) return false;
    let at = USUAL_HEADER.length;
    let length = 0;
    for (let b = queue.byteAt(at); b >= 0x30 && b <= 0x39 && at - USUAL_HEADER.length < 15; b = queue.byteAt(++at)) length = length * 10 + b - 0x30;
    if (at === USUAL_HEADER.length || length === 0 || length > this.maxMessageBytes) return false;
    if (queue.byteAt(at) !== CR || queue.byteAt(at + 1) !== LF || queue.byteAt(at + 2) !== CR || queue.byteAt(at + 3) !== LF) return false;
    queue.skip(at + 4);
    this.scanned = 0;
    this.bodyLength = length;
    this.state = 'body';
    return true;
  }

  /** A line inside a header block: another header, the blank line that ends it, or a stray line. */
  private headerLine(): FramedMessage | undefined | typeof CONTINUE {
    const end = this.findLineEnd();
    if (end < 0) {
      if (this.queue.length <= this.maxMessageBytes) return this.starve();
      this.state = 'skipLine'; // a header line this long is not a header: drop it
      return this.malformed();
    }
    const raw = this.queue.peekText(end, 'latin1');
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.length > 0 && HEADER_LINE.test(text)) {
      this.queue.skip(end + 1);
      this.scanned = 0;
      this.headers.push(text);
      return CONTINUE;
    }
    if (text.length > 0) {
      // not a header and not the blank line: the block is broken; the stray line starts afresh
      this.state = 'line';
      return this.malformed();
    }
    this.queue.skip(end + 1);
    this.scanned = 0;
    const length = contentLength(this.headers);
    if (length === undefined) {
      this.state = 'resync';
      return this.malformed();
    }
    if (length === 0) {
      this.state = 'over';
      return undefined;
    }
    if (length > this.maxMessageBytes) {
      this.headers = [];
      this.skipRemaining = length;
      return this.tooLarge('skipBody', 'content-length', length);
    }
    this.bodyLength = length;
    this.state = 'body';
    return CONTINUE;
  }

  private body(): FramedMessage | undefined {
    if (this.queue.length < this.bodyLength) {
      if (this.eof) this.state = 'over'; // a truncated body ends the stream
      return undefined;
    }
    const text = this.queue.takeText(this.bodyLength);
    this.state = 'line';
    return this.emit(text, 'content-length');
  }

  /** Skips bytes up to the next place a message can start; false when more input is needed. */
  private resync(): boolean {
    const window = this.queue.peek(this.queue.length).toString('latin1');
    const match = RESYNC_POINT.exec(window);
    if (match) {
      this.queue.skip(match[0][0] === '\n' ? match.index + 1 : match.index);
      this.state = 'line';
      return true;
    }
    if (this.eof) {
      this.state = 'over';
      return false;
    }
    this.queue.skip(Math.max(0, window.length - RESYNC_TAIL));
    return false;
  }

  /** Reports a message over the limit and starts skipping its bytes. */
  private tooLarge(state: 'line' | 'skipBody' | 'skipLine', framing: Framing, bytes: number): FramedMessage {
    this.state = state;
    this.lastFraming = framing;
    return { text: '', framing, tooLarge: bytes };
  }

  /** Drops the bytes of a message over the limit; false when more input is needed. */
  private skip(): boolean {
    if (this.state === 'skipBody') {
      const n = Math.min(this.skipRemaining, this.queue.length);
      this.queue.skip(n);
      this.skipRemaining -= n;
      if (this.skipRemaining === 0) this.state = 'line';
    } else {
      const end = this.queue.indexOf(LF);
      this.queue.skip(end < 0 ? this.queue.length : end + 1);
      this.scanned = 0;
      if (end >= 0) this.state = 'line';
    }
    if (this.state === 'line') return true;
    if (this.eof) this.state = 'over';
    return false;
  }

  /** The header block read so far, handed on as garbage so the dispatcher answers -32700. */
  private malformed(): FramedMessage {
    const text = this.headers.join('\r\n');
    this.headers = [];
    this.lastFraming = 'content-length';
    return { text, framing: 'content-length' };
  }

  private emit(text: string, framing: Framing): FramedMessage {
    this.lastFraming = framing;
    return { text, framing };
  }

  /** No complete line is buffered: wait for input, or at its end take what is left. */
  private starve(): FramedMessage | undefined | typeof CONTINUE {
    if (!this.eof) return undefined;
    if (this.state === 'line' && this.queue.length > 0) {
      // the last line lacks its newline: take it as a line of its own
      this.queue.push(NEWLINE);
      return CONTINUE;
    }
    this.state = 'over'; // an unfinished header block ends the stream
    return undefined;
  }

  /** Index of the next `\n`, searching only bytes not searched before; -1 when none yet. */
  private findLineEnd(): number {
    const end = this.queue.indexOf(LF, this.scanned);
    this.scanned = end < 0 ? this.queue.length : 0;
    return end;
  }
}

const CONTINUE = Symbol('continue');
const USUAL_HEADER = Buffer.from('Content-Length: ', 'latin1');
const NEWLINE = Buffer.from('\n');

function firstNonBlank(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== CR) return i;
  }
  return -1;
}

/** The Content-Length of a header block (names case-insensitive, other headers ignored), if usable. */
function contentLength(headers: readonly string[]): number | undefined {
  let length: number | undefined;
  for (const header of headers) {
    if (!isContentLength(header)) continue;
    const value = lengthValue(header);
    if (value === undefined) return undefined;
    if (!Number.isSafeInteger(value) || (length !== undefined && length !== value)) return undefined;
    length = value;
  }
  return length;
}

const NAME = 'content-length:';

/** Whether a header line is a Content-Length header (the name in any case). */
function isContentLength(header: string): boolean {
  return header.length > NAME.length && (header.charCodeAt(0) | 0x20) === 0x63 && header.slice(0, NAME.length).toLowerCase() === NAME;
}

/** The value of a Content-Length header line: digits between optional blanks; `undefined` when it is anything else. */
function lengthValue(header: string): number | undefined {
  let i = NAME.length;
  let end = header.length;
  while (i < end && isBlank(header.charCodeAt(i))) i++;
  while (end > i && isBlank(header.charCodeAt(end - 1))) end--;
  if (i === end) return undefined;
  let value = 0;
  for (let k = i; k < end; k++) {
    const digit = header.charCodeAt(k) - 0x30;
    if (digit < 0 || digit > 9) return undefined;
    value = value * 10 + digit;
  }
  return value;
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09;
}
