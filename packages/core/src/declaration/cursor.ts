/**
 * cursor: the opaque `tools/list` cursors. A cursor names the first tool of a page and carries
 * a fingerprint of the tool list it was cut from (the tool names in order and the page size),
 * so it stays valid across processes serving the same declaration, and a cursor from an older
 * tool list (or another server) is recognised as stale instead of silently skipping tools.
 */

/** A short fingerprint of a paged tool list (FNV-1a over the names and the page size). */
export function fingerprint(names: readonly string[], pageSize: number): string {
  let hash = 0x811c9dc5;
  const text = `${pageSize}\n${names.join('\n')}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The cursor of the page starting at tool index `start`. */
export function encodeCursor(start: number, print: string): string {
  return btoa(`tw1.${print}.${start}`).replace(/=+$/, '');
}

/** The start index a cursor names, or `undefined` when it is malformed or from another list. */
export function decodeCursor(cursor: string, print: string): number | undefined {
  if (typeof cursor !== 'string' || cursor.length > 64 || !/^[A-Za-z0-9+/]+$/.test(cursor)) return undefined;
  let text: string;
  try {
    text = atob(cursor);
  } catch {
    return undefined;
  }
  const match = /^tw1\.([0-9a-z]+)\.(\d{1,9})$/.exec(text);
  if (!match || match[1] !== print) return undefined;
  return Number(match[2]);
}
