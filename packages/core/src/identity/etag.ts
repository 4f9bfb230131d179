/**
 * etag: a strong entity tag for a fixed text — FNV-1a (64-bit) over its UTF-8 bytes, quoted.
 * Core imports no `node:crypto`, and the tag needs no secrecy: it only has to change when the
 * bytes do. Computed once per document.
 */

const OFFSET = 0xcbf29ce484222325n;
const PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

/** The strong ETag of `text` (`"fnv1a64-…"`), with its byte length in it. */
export function strongEtag(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let hash = OFFSET;
  for (const byte of bytes) hash = ((hash ^ BigInt(byte)) * PRIME) & MASK;
  return `"${bytes.length.toString(36)}-${hash.toString(36)}"`;
}

/** Whether an `If-None-Match` header matches `etag` (`*`, or one of its tags — weakly compared, as RFC 9110 says for this header). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const trimmed = header.trim();
  if (trimmed === '*') return true;
  return trimmed.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
