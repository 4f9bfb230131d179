/**
 * topLevelId: the `id` of a JSON-RPC request read from its text without parsing the rest — for a
 * message refused before it is parsed (it nests deeper than `maxDepth`), so that the refusal can
 * still carry the request's id and a client waiting on that id is answered. Only the top-level
 * object's members are looked at; nested values are skipped by counting brackets outside
 * strings. Anything unexpected gives up (`undefined`): the refusal then carries `id: null`.
 */
import type { RequestId } from './jsonRpc';

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/;

/** The top-level `id` (a string or a number) of the JSON object text `text`, or `undefined` when it cannot be read. */
export function topLevelId(text: string): RequestId | undefined {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 0x7b) return undefined; // not an object (a batch, or not JSON-RPC)
  i++;
  for (;;) {
    i = skipSpace(text, i);
    if (text.charCodeAt(i) !== 0x22) return undefined;
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0) return undefined;
    const key = text.slice(i + 1, keyEnd);
    i = skipSpace(text, keyEnd + 1);
    if (text.charCodeAt(i) !== 0x3a) return undefined;
    i = skipSpace(text, i + 1);
    if (key === 'id') return idAt(text, i);
    i = valueEnd(text, i);
    if (i < 0) return undefined;
    i = skipSpace(text, i);
    if (text.charCodeAt(i) !== 0x2c) return undefined; // `}`: no id; anything else: malformed
    i++;
  }
}

function idAt(text: string, i: number): RequestId | undefined {
  if (text.charCodeAt(i) === 0x22) {
    const end = stringEnd(text, i);
    if (end < 0) return undefined;
    try {
      return JSON.parse(text.slice(i, end + 1)) as string;
    } catch {
      return undefined;
    }
  }
  const number = NUMBER.exec(text.slice(i, i + 40));
  return number ? Number(number[0]) : undefined;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    i++;
  }
  return i;
}

/** The index of the quote closing the string that opens at `open`, or -1. */
function stringEnd(text: string, open: number): number {
  for (let q = text.indexOf('"', open + 1); q >= 0; q = text.indexOf('"', q + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(q - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return q;
  }
  return -1;
}

/** The index just past the JSON value that starts at `i` (nested values skipped by depth), or -1. */
function valueEnd(text: string, i: number): number {
  let depth = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = stringEnd(text, i);
      if (i < 0) return -1;
      if (depth === 0) return i + 1;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
    } else if (c === 0x7d || c === 0x5d) {
      if (depth === 0) return i; // the end of the enclosing object: a scalar ended here
      if (--depth === 0) return i + 1;
    } else if (depth === 0 && (c === 0x2c || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09)) {
      return i;
    }
  }
  return -1;
}
