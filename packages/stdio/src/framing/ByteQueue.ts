/**
 * ByteQueue: the bytes received and not yet consumed, kept as the chunks they arrived in so a
 * large message is copied once when it is taken, never re-concatenated per chunk.
 */

/** A FIFO of byte chunks with cross-chunk search and take. */
export class ByteQueue {
  private chunks: Buffer[] = [];
  private first = 0; // index of the first live chunk
  private offset = 0; // bytes already consumed from chunks[first]
  private size = 0;

  /** Number of buffered bytes. */
  get length(): number {
    return this.size;
  }

  /** Appends a chunk (kept by reference, not copied). */
  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  /** Position of the first `byte` at or after `from` (relative to the head), or -1. */
  indexOf(byte: number, from = 0): number {
    // find the chunk holding `from` from the back: readers search only what just arrived
    let index = this.chunks.length - 1;
    let base = this.size;
    while (index >= this.first) {
      base -= this.span(index);
      if (base <= from) break;
      index--;
    }
    if (index < this.first) {
      index = this.first;
      base = 0;
    }
    for (; index < this.chunks.length; index++) {
      const start = index === this.first ? this.offset : 0;
      const found = this.chunks[index].indexOf(byte, start + Math.max(0, from - base));
      if (found >= 0) return base + found - start;
      base += this.span(index);
    }
    return -1;
  }

  /** The byte at position `i` (relative to the head), or -1 when fewer bytes are buffered. */
  byteAt(i: number): number {
    if (i >= this.size) return -1;
    let index = this.first;
    let at = this.offset + i;
    while (at >= this.chunks[index].length) {
      at -= this.chunks[index].length;
      index++;
    }
    return this.chunks[index][at];
  }

  /** Whether the buffered bytes start with `prefix` (false while fewer are buffered). */
  startsWith(prefix: Buffer): boolean {
    if (prefix.length > this.size) return false;
    const head = this.chunks[this.first];
    if (this.offset + prefix.length <= head.length) return head.compare(prefix, 0, prefix.length, this.offset, this.offset + prefix.length) === 0;
    for (let i = 0; i < prefix.length; i++) if (this.byteAt(i) !== prefix[i]) return false;
    return true;
  }

  /** The first `n` bytes without consuming them (a view when they sit in one chunk). */
  peek(n: number): Buffer {
    return this.read(n, false);
  }

  /** Removes and returns the first `n` bytes (one copy at most). */
  take(n: number): Buffer {
    return this.read(n, true);
  }

  /**
   * The first `n` bytes decoded as text, then removes the first `consume` bytes (`consume` ≥ `n`
   * lets a reader drop a terminator with its line). Bytes inside one chunk are decoded in place,
   * with no Buffer made for them.
   */
  takeText(n: number, consume = n, encoding: 'utf8' | 'latin1' = 'utf8'): string {
    const text = this.peekText(n, encoding);
    this.skip(consume);
    return text;
  }

  /** The first `n` bytes decoded as text, without consuming them. */
  peekText(n: number, encoding: 'utf8' | 'latin1' = 'utf8'): string {
    const head = this.chunks[this.first];
    if (head !== undefined && this.offset + n <= head.length) return head.toString(encoding, this.offset, this.offset + n);
    return this.peek(n).toString(encoding);
  }

  /** Removes the first `n` bytes. */
  skip(n: number): void {
    const head = this.chunks[this.first];
    if (head !== undefined && this.offset + n < head.length) {
      this.offset += n; // within the head chunk, which stays
      this.size -= n;
      return;
    }
    this.read(n, true, false);
  }

  /** Unconsumed bytes of chunk `index`. */
  private span(index: number): number {
    return this.chunks[index].length - (index === this.first ? this.offset : 0);
  }

  private read(n: number, consume: boolean, collect = true): Buffer {
    if (n > this.size) throw new RangeError(`ByteQueue: expected at most ${this.size} bytes, got a request for ${n}`);
    const pieces: Buffer[] = [];
    let remaining = n;
    let index = this.first;
    let offset = this.offset;
    while (remaining > 0) {
      const chunk = this.chunks[index];
      const available = chunk.length - offset;
      const used = Math.min(available, remaining);
      if (collect) pieces.push(chunk.subarray(offset, offset + used));
      remaining -= used;
      if (used === available) {
        index++;
        offset = 0;
      } else {
        offset += used;
      }
    }
    if (consume) this.consume(n, index, offset);
    if (!collect) return EMPTY;
    return pieces.length === 1 ? pieces[0] : Buffer.concat(pieces, n);
  }

  private consume(n: number, index: number, offset: number): void {
    this.size -= n;
    this.first = index;
    this.offset = offset;
    // drop consumed chunk references now and then so the array does not grow without bound
    if (this.first > 64 || this.first === this.chunks.length) {
      this.chunks = this.chunks.slice(this.first);
      this.first = 0;
    }
  }
}

const EMPTY = Buffer.alloc(0);
