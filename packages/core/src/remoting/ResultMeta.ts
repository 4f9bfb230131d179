/**
 * withResultMeta(): a return value that puts `_meta` on the tools/call result beside what the
 * procedure returns — for MCP Apps views, which receive the whole result (content,
 * `structuredContent` and `_meta`), and for any client that reads result metadata.
 */
import { isToolError } from './ToolError';

const BRAND = Symbol.for('toolwire.ResultMeta');

/** The value {@link withResultMeta} returns. */
export interface ResultMeta<T = unknown> {
  readonly [BRAND]: true;
  /** What the procedure returns, written as without `_meta`. */
  readonly value: T;
  /** The members of the result's `_meta` as JSON text (without braces; `''` for none). */
  readonly members: string;
}

/**
 * Returns `value` with `_meta` for the tools/call result: the value is written as usual (content,
 * `structuredContent` for a tool with an output schema) and `meta`, copied, becomes the result's
 * `_meta` — on 2026-07-28 together with the server's `io.modelcontextprotocol/serverInfo` (which
 * wins a clash of keys). Every version's result has `_meta`.
 * @throws TypeError when `meta` is not a JSON object or `value` is a {@link toolError}.
 * @example return withResultMeta({ notes }, { 'example.com/board': { capacity: 50 } });
 */
export function withResultMeta<T>(value: T, meta: { [key: string]: unknown }): ResultMeta<T> {
  if (isToolError(value)) throw new TypeError('withResultMeta: expected a result value, got a toolError() (an error result carries no _meta)');
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) {
    throw new TypeError(`withResultMeta: expected meta to be an object, got ${meta === null ? 'null' : Array.isArray(meta) ? 'an array' : typeof meta}`);
  }
  let json: string;
  try {
    json = JSON.stringify(meta);
  } catch (error) {
    throw new TypeError(`withResultMeta: expected a JSON-serializable meta object (${(error as Error).message})`, { cause: error });
  }
  return { [BRAND]: true, value, members: json.slice(1, -1) };
}

/** Whether `value` came from {@link withResultMeta}. */
export function isResultMeta(value: unknown): value is ResultMeta {
  return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
}
