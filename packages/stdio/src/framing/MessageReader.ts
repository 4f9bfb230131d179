/**
 * MessageReader: turns a byte stream into messages, detecting the framing of each one.
 * A line whose first non-blank character is `{` or `[` is newline-delimited JSON; a header line
 * (`Name: value`) opens a Content-Length block. Blank lines between messages are skipped; any
 * other line is garbage and is returned as-is, so the dispatcher answers it with -32700 and the
 * stream goes on. A message larger than the limit is skipped as its bytes arrive (never buffered
 * whole) and reported as `tooLarge`. A zero Content-Length, or the end of input, ends the stream.
 * It does no I/O: a source pushes chunks and pulls messages.
 *
 * A broken header block is reported once and never costs the next message. Broken means: no
 * usable Content-Length (missing, not digits, conflicting), a line in it that is neither a header
 * nor the blank line, or more than `maxHeaderBytes` of header lines (reported as `tooLarge` with
 * `headerLimit`, as soon as the limit is crossed, and dropped unbuffered from there). The reader
 * then resynchronises in two steps:
 * 1. it drops the rest of the block up to its blank line — except that a line starting with `{`
 *    or `[` ends the block there and is read as the next message;
 * 2. what follows the blank line is the broken message's body, of unknown length: a line right
 *    there that starts with `{`/`[` and ends with `}`/`]` is read as the next message (a client
 *    moving on to newline-delimited JSON); otherwise bytes are dropped up to the next
 *    `Content-Length:` header or the next line starting with `{`/`[`.
 */
import { ByteQueue } from './ByteQueue';
import { DEFAULT_MAX_HEADER_BYTES, DEFAULT_MAX_MESSAGE_BYTES, FramedMessage, Framing } from './Framing';

const LF = 0x0a;
const CR = 0x0d;
/** An HTTP-style header name (an RFC 9110 token) followed by a colon. */
const HEADER_LINE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+:/;
/** Where a new message can start after a broken header block. */
const RESYNC_POINT = /content-length:|\n[ \t]*[{[]/i;
/** Bytes kept back while resynchronising, so a marker split across chunks is still found. */
const RESYNC_TAIL = 16;

/** `Content-Length:` in any case: where a body of unknown length ends. */
const CONTENT_LENGTH = /content-length:/i;

type State = 'line' | 'headers' | 'body' | 'resync' | 'skipBody' | 'skipLine' | 'skipHeaders' | 'over';

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
  private headerBytes = 0; // bytes of the current header block's lines, terminators included
  private midLine = false; // skipHeaders: the start of the current line was already dropped
  private afterBlock = false; // resync: right after the blank line of a broken header block
  private readonly maxHeaderBytes: number;
  private bodyLength = 0;
  private eof = false;
  private lastFraming: Framing = 'newline';
  private skipRemaining = 0;

  /**
   * @param maxMessageBytes - the largest message accepted (default 16 MiB); larger ones are skipped.
   * @param maxHeaderBytes - the largest Content-Length header block accepted, its lines and their
   *   terminators up to the blank line (default 8 KiB, or `maxMessageBytes` when that is smaller;
   *   at most `maxMessageBytes`); a larger one is reported and dropped.
   * @throws RangeError for a limit that is not a positive integer, or a header limit over the message limit.
   */
  constructor(
    private readonly maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES,
    maxHeaderBytes = Math.min(DEFAULT_MAX_HEADER_BYTES, maxMessageBytes),
  ) {
    if (!Number.isSafeInteger(maxMessageBytes) || maxMessageBytes < 1) {
      throw new RangeError(`MessageReader: expected a positive integer maxMessageBytes, got ${String(maxMessageBytes)}`);
    }
    if (!Number.isSafeInteger(maxHeaderBytes) || maxHeaderBytes < 1 || maxHeaderBytes > maxMessageBytes) {
      throw new RangeError(`MessageReader: expected maxHeaderBytes to be a positive integer no larger than maxMessageBytes (${maxMessageBytes}), got ${String(maxHeaderBytes)}`);
    }
    this.maxHeaderBytes = maxHeaderBytes;
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
        case 'skipHeaders':
          if (!this.skipHeaders()) return undefined;
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
    const from = this.scanned;
    const end = this.findLineEnd();
    if (end < 0) {
      const length = this.queue.length;
      // checked once per line, as it grows past the header limit
      if (from <= this.maxHeaderBytes && length > this.maxHeaderBytes && this.startsHeaderLine()) return this.headerTooLarge(length, true);
      return length > this.maxMessageBytes ? this.tooLarge('skipLine', 'newline', length) : this.starve();
    }
    if (end >= this.maxHeaderBytes && this.startsHeaderLine()) {
      this.queue.skip(end + 1);
      this.scanned = 0;
      return this.headerTooLarge(end + 1, false);
    }
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
      this.headerBytes = end + 1;
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

  /**
   * A line inside a header block: another header, the blank line that ends it, or a stray line
   * (a JSON line is read afresh; anything else breaks the block, which is then dropped).
   */
  private headerLine(): FramedMessage | undefined | typeof CONTINUE {
    const end = this.findLineEnd();
    if (end < 0) {
      const length = this.queue.length;
      // within the limit, or the first byte of the blank line: wait for the rest of the line
      if (this.headerBytes + length <= this.maxHeaderBytes || (length === 1 && this.queue.byteAt(0) === CR)) return this.starve();
      return this.overHeaderLimit(length);
    }
    const blank = end === 0 || (end === 1 && this.queue.byteAt(0) === CR); // the blank line is not counted
    if (!blank && this.headerBytes + end + 1 > this.maxHeaderBytes) return this.overHeaderLimit(end + 1);
    const raw = this.queue.peekText(end, 'latin1');
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.length > 0 && HEADER_LINE.test(text)) {
      this.queue.skip(end + 1);
      this.scanned = 0;
      this.headers.push(text);
      this.headerBytes += end + 1;
      return CONTINUE;
    }
    if (text.length > 0) {
      // not a header and not the blank line: the block is broken; a JSON line is read afresh
      this.state = this.startsJson() ? 'line' : 'skipHeaders';
      this.midLine = false;
      return this.malformed();
    }
    this.queue.skip(end + 1);
    this.scanned = 0;
    const length = contentLength(this.headers);
    if (length === undefined) {
      this.state = 'resync';
      this.afterBlock = true;
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

  /** A header line of `lineBytes` so far takes the block over its limit, unless it is a JSON line breaking the block off. */
  private overHeaderLimit(lineBytes: number): FramedMessage {
    if (this.startsJson()) {
      this.state = 'line';
      return this.malformed();
    }
    return this.headerTooLarge(this.headerBytes + lineBytes, false);
  }

  /** Reports a header block over the limit and starts dropping the rest of it. */
  private headerTooLarge(seen: number, midLine: boolean): FramedMessage {
    this.headers = [];
    this.state = 'skipHeaders';
    this.midLine = midLine;
    this.lastFraming = 'content-length';
    return { text: '', framing: 'content-length', tooLarge: seen, headerLimit: this.maxHeaderBytes };
  }

  /**
   * Drops the lines of a broken header block up to its blank line (resynchronisation, step 1);
   * a line starting with `{` or `[` ends the block and is read afresh. False when more input is needed.
   */
  private skipHeaders(): boolean {
    const queue = this.queue;
    for (;;) {
      if (this.midLine) {
        const end = queue.indexOf(LF);
        queue.skip(end < 0 ? queue.length : end + 1);
        if (end < 0) return this.needMore();
        this.midLine = false;
      }
      const first = queue.byteAt(0);
      if (first === LF || (first === CR && queue.byteAt(1) === LF)) {
        queue.skip(first === LF ? 1 : 2);
        this.scanned = 0;
        this.state = 'resync';
        this.afterBlock = true;
        return true;
      }
      let at = 0;
      while (isBlank(queue.byteAt(at))) at++;
      const c = queue.byteAt(at);
      if (c === 0x7b || c === 0x5b) {
        this.scanned = 0;
        this.state = 'line';
        return true;
      }
      // not known yet whether the line is blank (a lone \r, or blanks only so far): wait, within the limit
      if ((c === -1 || (c === CR && at + 1 === queue.length)) && queue.length <= this.maxHeaderBytes) return this.needMore();
      this.midLine = true; // a header or garbage line: drop it
    }
  }

  /**
   * Right after the blank line of a broken header block (resynchronisation, step 2): a line of
   * JSON there is the next message unless it runs into a `Content-Length:` header (then it was
   * the broken message's body). True when a message starts at the head, false when more input
   * is needed, CONTINUE to search on.
   */
  private afterBrokenBlock(): boolean | typeof CONTINUE {
    const queue = this.queue;
    for (let b = queue.byteAt(0); b === LF || (b === CR && queue.byteAt(1) === LF); b = queue.byteAt(0)) {
      queue.skip(b === LF ? 1 : 2); // blank lines before it
      this.scanned = 0;
    }
    let at = 0;
    while (isBlank(queue.byteAt(at))) at++;
    const c = queue.byteAt(at);
    if (c === -1 || (c === CR && at + 1 === queue.length)) return queue.length > this.maxMessageBytes ? this.searchOn() : this.needMore();
    if (c !== 0x7b && c !== 0x5b) return this.searchOn();
    const end = this.findLineEnd();
    if (end < 0) return queue.length > this.maxMessageBytes ? this.searchOn() : this.needMore(); // at the end of input it was a body
    const line = queue.peekText(end, 'latin1');
    this.afterBlock = false;
    const header = line.search(CONTENT_LENGTH);
    if (header >= 0) {
      queue.skip(header);
      this.state = 'line';
      return true;
    }
    if (endsJson(line)) {
      this.state = 'line';
      return true;
    }
    queue.skip(end); // the newline stays, so a JSON line right after it is found
    return CONTINUE;
  }

  private searchOn(): typeof CONTINUE {
    this.afterBlock = false;
    this.scanned = 0;
    return CONTINUE;
  }

  /** False, after ending the stream when input is over. */
  private needMore(): false {
    if (this.eof) this.state = 'over';
    return false;
  }

  /** Whether the line at the head starts with `{` or `[` after blanks. */
  private startsJson(): boolean {
    let at = 0;
    while (isBlank(this.queue.byteAt(at))) at++;
    const c = this.queue.byteAt(at);
    return c === 0x7b || c === 0x5b;
  }

  /** Whether the line at the head starts with a header name and its colon (within the header limit). */
  private startsHeaderLine(): boolean {
    const b = this.queue.byteAt(0);
    if (b <= 0x20 || b === 0x7b || b === 0x5b) return false;
    return HEADER_LINE.test(this.queue.peekText(Math.min(this.queue.length, this.maxHeaderBytes + 1), 'latin1'));
  }

  /**
   * Skips bytes up to the next place a message can start (resynchronisation, step 2, after the
   * line right after the blank line); false when more input is needed.
   */
  private resync(): boolean {
    if (this.afterBlock) {
      const verdict = this.afterBrokenBlock();
      if (verdict !== CONTINUE) return verdict;
    }
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

/** Whether a line ends with `}` or `]` (trailing blanks and `\r` aside), as a JSON text does. */
function endsJson(line: string): boolean {
  let i = line.length - 1;
  while (i >= 0 && (isBlank(line.charCodeAt(i)) || line.charCodeAt(i) === CR)) i--;
  const c = line.charCodeAt(i);
  return c === 0x7d || c === 0x5d;
}
