/**
 * JSON-RPC envelopes: the response builders every transport shares, so an error written by the
 * HTTP router (a body too large) and one written by the dispatcher are the same bytes.
 */
import { ErrorCodes } from '../faults/ErrorCodes';
import type { ErrorCode } from '../faults/ErrorCodes';
import { METHOD } from '../protocol/methodNames';

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

/** A JSON-RPC error response with `data` (serialized as JSON). */
export function errorResponseWithData(id: RequestId | null, code: ErrorCode | number, message: string, data: unknown): string {
  return `{"jsonrpc":"2.0","id":${idJson(id)},"error":{"code":${code},"message":${JSON.stringify(message)},"data":${JSON.stringify(data)}}}`;
}

/** The opening of a success response, up to where the result goes; `}` closes it. */
export function resultOpening(id: RequestId): string {
  return `{"jsonrpc":"2.0","id":${idJson(id)},"result":`;
}

/** A JSON-RPC success response around an already serialized result. */
export function resultResponse(id: RequestId, resultJson: string): string {
  return resultOpening(id) + resultJson + '}';
}

/**
 * A `-32700 Parse error` response (`id: null`) for text that is not JSON; `detail` is the
 * parser's words. The dispatcher and transports that parse for themselves write the same bytes.
 */
export function parseErrorResponse(detail: string): string {
  return errorResponse(null, ErrorCodes.ParseError, `Parse error: ${detail}`);
}

/**
 * A `-32600` response (`id: null`) for a message a transport refused before it could be read as
 * JSON-RPC (wrong HTTP method, foreign Origin, body too large, ...). `message` says why.
 */
export function refusalResponse(message: string): string {
  return errorResponse(null, ErrorCodes.InvalidRequest, message);
}

/** A `-32603` response (`id: null`) for a transport's own failure; the message defaults to `Internal error`. */
export function internalErrorResponse(message = 'Internal error'): string {
  return errorResponse(null, ErrorCodes.InternalError, message);
}

/**
 * A `ping` request from the server, `{"jsonrpc":"2.0","id":ID,"method":"ping"}`. The client's
 * answer proves it has read (and handled) everything written before it.
 */
export function pingRequest(id: RequestId): string {
  return `{"jsonrpc":"2.0","id":${idJson(id)},"method":"${METHOD.ping}"}`;
}
