/** The JSON-RPC 2.0 error codes toolwire answers with. */

/** JSON-RPC error codes. */
export const ErrorCodes = {
  /** The message is not valid JSON. */
  ParseError: -32700,
  /** The JSON is not a valid JSON-RPC request (or not acceptable here: a batch, a bad protocol version). */
  InvalidRequest: -32600,
  /** The method does not exist. */
  MethodNotFound: -32601,
  /** The params are invalid (also: an unknown tool). */
  InvalidParams: -32602,
  /** The server failed while handling a valid request. */
  InternalError: -32603,
} as const;

/** One of the {@link ErrorCodes}. */
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];
