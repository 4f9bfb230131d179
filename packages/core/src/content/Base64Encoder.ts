/**
 * Base64Encoder: standard base64 (with padding, no line breaks) over a stream of byte chunks,
 * so binary results are encoded as they arrive instead of being copied whole first.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

interface BufferLike {
  from(buffer: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'base64'): string };
}
// Node's Buffer encodes natively; other platforms use the portable loop below.
const NativeBuffer = (globalThis as { Buffer?: BufferLike }).Buffer;

/** Encodes chunks incrementally; `push` returns the text ready so far, `flush` the rest. */
export class Base64Encoder {
  private carry: number[] = [];

  /** Encodes whole 3-byte groups of what has arrived and keeps the remainder for the next chunk. */
  push(bytes: Uint8Array): string {
    let start = 0;
    let head = '';
    if (this.carry.length) {
      while (this.carry.length < 3 && start < bytes.length) this.carry.push(bytes[start++]);
      if (this.carry.length < 3) return '';
      head = encode(Uint8Array.from(this.carry));
      this.carry = [];
    }
    const end = start + Math.floor((bytes.length - start) / 3) * 3;
    for (let i = end; i < bytes.length; i++) this.carry.push(bytes[i]);
    return head + (end > start ? encode(bytes.subarray(start, end)) : '');
  }

  /** Encodes the remaining bytes with padding. */
  flush(): string {
    const rest = this.carry.length ? encode(Uint8Array.from(this.carry)) : '';
    this.carry = [];
    return rest;
  }
}

/** Standard base64 of `bytes`. */
export function encodeBase64(bytes: Uint8Array): string {
  return encode(bytes);
}

function encode(bytes: Uint8Array): string {
  if (NativeBuffer) return NativeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  return portableBase64(bytes);
}

/** @internal The platform-neutral encoder used where `Buffer` does not exist (exported for tests). */
export function portableBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
  }
  if (i < bytes.length) {
    const n = (bytes[i] << 16) | (i + 1 < bytes.length ? bytes[i + 1] << 8 : 0);
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63];
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63] + '=' : '==';
  }
  return out;
}
