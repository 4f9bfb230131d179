/**
 * What telemetry reads off a response's text: its JSON-RPC error (at a known offset after the id;
 * only error bodies are parsed), whether a tools/call result is an `isError` one, and the result
 * as sent (for `captureContent`).
 */
import { isObject } from '../guards';

/** A JSON-RPC request id. */
type RequestId = string | number;

/** The outcome of a response that is not an error. */
const NO_ERROR: { code?: number; message?: string } = Object.freeze({});

/** Every response body starts so; the member after the id (`"result"` or `"error"`) follows. */
const ID_AT = '{"jsonrpc":"2.0","id":'.length;

/** The JSON-RPC error of a response, if it is one: read at its offset after a known id, else parsed. */
export function outcomeOf(body: string, id: RequestId | undefined): { code?: number; message?: string } {
  if (body === '') return NO_ERROR;
  if (id !== undefined && !body.startsWith(',"error":', ID_AT + idJson(id).length)) return NO_ERROR;
  try {
    const parsed: unknown = JSON.parse(body);
    const error = isObject(parsed) ? parsed.error : undefined;
    if (!isObject(error) || typeof error.code !== 'number') return NO_ERROR;
    return { code: error.code, message: typeof error.message === 'string' ? error.message : undefined };
  } catch {
    return NO_ERROR;
  }
}

/**
 * Whether a tools/call result says `isError: true`. Its `isError` is the last member the tool
 * caller writes (the modern era appends only fixed members after it), and a string cannot hold
 * an unescaped `"isError":`, so the last occurrence is the result's own.
 */
export function isToolError(body: string): boolean {
  const at = body.lastIndexOf('"isError":');
  return at >= 0 && body.startsWith('true', at + '"isError":'.length);
}

/** An id as JSON-RPC responses write it. */
function idJson(id: RequestId): string {
  return typeof id === 'number' ? String(id) : JSON.stringify(id);
}

/** The result of a success response as sent (JSON text). */
export function resultJson(body: string, id: RequestId | undefined): string {
  if (id === undefined) return '';
  return body.slice(ID_AT + idJson(id).length + ',"result":'.length, -1);
}
