/**
 * replies: the typed answers handlers return and the one place they become bytes — a JSON-RPC
 * error (its code, message and data kept beside the text), and a result (a {@link ResultReply})
 * closed by its era's stamp. Everything that reads an answer afterwards (rules, telemetry, the
 * task runner) reads these fields, never the text.
 */
import type { ErrorCode } from '../faults/ErrorCodes';
import { answer } from './DispatchResult';
import type { DispatchResult, Disposition, ErrorOutcome, ResultReply } from './DispatchResult';
import { errorResponse, errorResponseWithData, resultOpening } from './jsonRpc';
import type { RequestId } from './jsonRpc';

/**
 * A JSON-RPC error answer, `{"jsonrpc":"2.0","id":ID,"error":{"code":C,"message":M,"data"?:D}}`,
 * with the HTTP status of `disposition` (default: an ordinary response, 200).
 */
export function errorReply(id: RequestId | null, code: ErrorCode | number, message: string, data?: unknown, disposition: Disposition = 'response'): DispatchResult {
  const body = data === undefined ? errorResponse(id, code, message) : errorResponseWithData(id, code, message, data);
  const outcome: ErrorOutcome = data === undefined ? { kind: 'error', code, message } : { kind: 'error', code, message, data };
  return { ...answer(body, disposition), outcome };
}

/**
 * A result to be written: `open` is the result object's text without its closing brace; `meta`
 * the members of its own `_meta` (JSON text without braces; `undefined` or `''` for none), which
 * the era's writer writes.
 */
export function resultReply(id: RequestId, open: string, stamp: ResultReply['stamp'] = 'complete', isError = false, meta?: string): ResultReply {
  return typed(id, open, stamp, isError, meta);
}

/** A result whose object is `value` (serialised here; the era's writer closes it), with the members of its own `_meta` (see {@link resultReply}). */
export function valueReply(id: RequestId, value: object, stamp: ResultReply['stamp'] = 'complete', meta?: string): ResultReply {
  const json = JSON.stringify(value);
  return typed(id, json.slice(0, -1), stamp, false, meta);
}

/** Every reply has the same fields in the same order: one shape for the writer to read. */
function typed(id: RequestId, open: string, stamp: ResultReply['stamp'], isError: boolean, meta: string | undefined): ResultReply {
  return { kind: 'result', id, open, meta: meta || undefined, isError, stamp };
}

/** A tools/call result that reports a tool execution error: one text block, `isError: true`. */
export function toolErrorReply(id: RequestId, message: string): ResultReply {
  return resultReply(id, `{"content":[{"type":"text","text":${JSON.stringify(message)}}],"isError":true`, 'complete', true);
}

/** Writes `reply`: its text, then `tail` (what its era writes: `_meta`, the result fields; `''` for none), then the closing braces. */
export function writeResult(reply: ResultReply, tail: string): DispatchResult {
  return { body: resultOpening(reply.id) + reply.open + tail + '}}', status: 200, outcome: reply };
}

/** Whether a result's text holds members of its own (its `open` is more than `{`): the era's members then follow a comma. */
export function hasMembers(reply: Pick<ResultReply, 'open'>): boolean {
  return reply.open.length > 1;
}

/** What a legacy era writes after a result's own members: its own `_meta`, if it has one. */
export function ownMetaTail(reply: Pick<ResultReply, 'open' | 'meta'>): string {
  return reply.meta === undefined ? '' : `${hasMembers(reply) ? ',' : ''}"_meta":{${reply.meta}}`;
}

/** The result object of `reply` as its procedure's side made it (JSON text: its own `_meta`, without the era's result fields and serverInfo). */
export function resultJsonOf(reply: Pick<ResultReply, 'open' | 'meta'>): string {
  return reply.open + ownMetaTail(reply) + '}';
}

/** Whether `value` is a typed result not yet written. */
export function isResultReply(value: unknown): value is ResultReply {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'result' && typeof (value as { open?: unknown }).open === 'string';
}
