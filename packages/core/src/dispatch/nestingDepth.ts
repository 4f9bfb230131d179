/**
 * nestingDepth: does a message nest arrays and objects deeper than a limit? Checked on the text
 * before it is parsed (parsing a 4 MiB run of `[` costs half a second; the scan costs
 * milliseconds) and cheaply: a text with no more `[` and `{` than the limit cannot be too deep,
 * and counting them is a few native `indexOf` calls for an ordinary request. Only a text with
 * more is scanned, once, skipping strings. Already parsed messages are walked, stopping at the
 * limit, so the walk never recurses deeper than the limit.
 */

/** True when the JSON text `text` nests deeper than `max`. */
export function textTooDeep(text: string, max: number): boolean {
  return max !== Infinity && openers(text, max) > max && scanTooDeep(text, max);
}

/** True when the parsed value nests deeper than `max`. */
export function valueTooDeep(value: unknown, max: number): boolean {
  return max !== Infinity && deeper(value, max);
}

/** How many `[` and `{` the text holds, counting only up to `max + 1`. */
function openers(text: string, max: number): number {
  let count = 0;
  for (let i = text.indexOf('{'); i >= 0 && count <= max; i = text.indexOf('{', i + 1)) count++;
  for (let i = text.indexOf('['); i >= 0 && count <= max; i = text.indexOf('[', i + 1)) count++;
  return count;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

function scanTooDeep(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = closingQuote(text, i);
      if (i < 0) return false; // unterminated string: the parser will refuse it
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** The index of the quote that closes the string opened at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  for (let q = text.indexOf('"', open + 1); q >= 0; q = text.indexOf('"', q + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(q - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return q;
  }
  return -1;
}

/** True when `value` has containers nested more than `budget` levels deep. */
function deeper(value: unknown, budget: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (budget === 0) return true;
  if (Array.isArray(value)) {
    for (const element of value) if (deeper(element, budget - 1)) return true;
  } else {
    for (const key in value) if (deeper((value as Record<string, unknown>)[key], budget - 1)) return true;
  }
  return false;
}
