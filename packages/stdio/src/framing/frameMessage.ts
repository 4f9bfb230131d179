/**
 * frameMessage: the writer's half of the framing — a reply framed the way its request was.
 * Content-Length counts UTF-8 bytes; newline framing keeps the message on one line.
 */
import type { Framing } from './Framing';

const LINE_BREAK = /\r\n|\r|\n/g;
const HAS_LINE_BREAK = /[\r\n]/;

/**
 * The bytes (as text) to write for one message.
 * @param json - one JSON-RPC message; `''` frames to `''` (nothing to send).
 * @example
 * frameMessage('{"jsonrpc":"2.0","id":1,"result":{}}', 'content-length');
 * // 'Content-Length: 36\r\n\r\n{"jsonrpc":"2.0","id":1,"result":{}}'
 */
export function frameMessage(json: string, framing: Framing): string {
  if (json === '') return '';
  if (framing === 'content-length') return `Content-Length: ${Buffer.byteLength(json, 'utf8')}\r\n\r\n${json}`;
  if (framing !== 'newline') throw new TypeError(`frameMessage: expected 'content-length' or 'newline', got ${String(framing)}`);
  // A line break in valid JSON can only be whitespace between tokens (strings escape theirs),
  // so pretty-printed JSON is made one line by turning breaks into spaces.
  const line = HAS_LINE_BREAK.test(json) ? json.replace(LINE_BREAK, ' ') : json;
  return `${line}\n`;
}
