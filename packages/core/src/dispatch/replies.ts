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

/** A result to be written: `open` is the result object's text without its closing brace. */
export function resultReply(id: RequestId, open: string, stamp: ResultReply['stamp'] = 'all', isError = false): ResultReply {
  return { kind: 'result', id, open, isError, stamp };
}

/** A result whose object is `value` (serialised here; the era's stamp goes before its closing brace). */
export function valueReply(id: RequestId, value: object, stamp: ResultReply['stamp'] = 'all'): ResultReply {
  const json = JSON.stringify(value);
  return resultReply(id, json.slice(0, -1), stamp);
}

/** A tools/call result that reports a tool execution error: one text block, `isError: true`. */
export function toolErrorReply(id: RequestId, message: string): ResultReply {
  return resultReply(id, `{"content":[{"type":"text","text":${JSON.stringify(message)}}],"isError":true`, 'all', true);
}

/** Writes `reply`: its text, then `tail` (the era's stamp members, `''` for none), then the closing braces. */
export function writeResult(reply: ResultReply, tail: string): DispatchResult {
  return { body: resultOpening(reply.id) + reply.open + tail + '}}', status: 200, outcome: reply };
}

/** The result object of `reply` as its procedure's side made it (JSON text, without the era's stamp). */
export function resultJsonOf(reply: ResultReply): string {
  return reply.open + '}';
}

/** Whether `value` is a typed result not yet written. */
export function isResultReply(value: unknown): value is ResultReply {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'result' && typeof (value as { open?: unknown }).open === 'string';
}
