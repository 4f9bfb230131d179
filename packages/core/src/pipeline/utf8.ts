/**
 * utf8: the two text conversions the pipeline needs without a platform's Buffer — the UTF-8
 * length of a string (SSE byte accounting) and the decoding of a body's chunks, joined once.
 */

const decoder = new TextDecoder('utf-8', { ignoreBOM: true }); // a BOM stays in the text (as Node's own decoding keeps it)

/** The number of bytes `text` takes in UTF-8 (a lone surrogate counts as the 3 bytes of U+FFFD). */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a pair: 4 bytes for 2 code units
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** Decodes `chunks` (`size` bytes in all) as one UTF-8 text. */
export function decodeChunks(chunks: readonly Uint8Array[], size: number): string {
  if (chunks.length === 0) return '';
  if (chunks.length === 1) return decoder.decode(chunks[0]);
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return decoder.decode(whole);
}
