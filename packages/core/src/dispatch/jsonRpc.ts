/**
 * JSON-RPC envelopes: the response builders every transport shares, so an error written by the
 * HTTP router (a body too large) and one written by the dispatcher are the same bytes.
 */
import type { ErrorCode } from '../remoting/ErrorCodes';

/** A JSON-RPC request id: a string or an integer (`null` only in error responses). */
export type RequestId = string | number;

/** The JSON text of an id. */
export function idJson(id: RequestId | null): string {
  return typeof id === 'number' ? String(id) : JSON.stringify(id);
}

/**
 * A JSON-RPC error response: `{"jsonrpc":"2.0","id":ID,"error":{"code":C,"message":M}}`.
 * @param id - the request's id, or `null` when it is not known.
 */
export function errorResponse(id: RequestId | null, code: ErrorCode | number, message: string): string {
  return `{"jsonrpc":"2.0","id":${idJson(id)},"error":{"code":${code},"message":${JSON.stringify(message)}}}`;
}

/** The opening of a success response, up to where the result goes; `}` closes it. */
export function resultOpening(id: RequestId): string {
  return `{"jsonrpc":"2.0","id":${idJson(id)},"result":`;
}

/** A JSON-RPC success response around an already serialized result. */
export function resultResponse(id: RequestId, resultJson: string): string {
  return resultOpening(id) + resultJson + '}';
}

/** A tools/call result that reports a tool execution error: one text block, `isError: true`. */
export function toolErrorResponse(id: RequestId, message: string): string {
  return resultResponse(id, `{"content":[{"type":"text","text":${JSON.stringify(message)}}],"isError":true}`);
}
