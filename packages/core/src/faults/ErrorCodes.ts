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
  /**
   * The server is at its `maxConcurrentCalls`: the call was refused at once, not queued (HTTP 503
   * with `Retry-After`). Try again later. An implementation-defined code, outside the range the
   * MCP specification reserves (-32020 to -32099).
   */
  ServerBusy: -32000,
  /**
   * A `rateLimit` option's limit refused the request (HTTP 429 with `Retry-After`; `data:
   * { retryAfterSeconds }`). Every era and transport: 429, the HTTP status's number — outside
   * −32768…−32000 altogether, so neither the range 2026-07-28 reserves (−32020…−32099, where only
   * defined codes may be sent; its rate-limit proposal, −32023, was closed undefined) nor the legacy
   * one it asks new implementations to avoid (−32000…−32019); JSON-RPC leaves codes outside that
   * range to applications, and 429 is the one an MCP gateway already answers.
   */
  RateLimited: 429,
  /** Legacy versions: `resources/read` of a URI the server does not serve (`data.uri`). 2026-07-28 forbids it and answers -32602. */
  ResourceNotFound: -32002,
  /** 2026-07-28: an HTTP header (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`) is missing, malformed or disagrees with the body. */
  HeaderMismatch: -32020,
  /** 2026-07-28: the request needs a client capability its `_meta` does not declare (`data.requiredCapabilities`). */
  MissingClientCapability: -32021,
  /** 2026-07-28: the protocol version the request names is not served (`data.supported`, `data.requested`). */
  UnsupportedProtocolVersion: -32022,
} as const;

/** The codes the MCP specification reserves for its own errors (2026-07-28): none other in it may be sent. */
export const SPEC_RESERVED_CODES = Object.freeze({ lowest: -32099, highest: -32020 } as const);

/** One of the {@link ErrorCodes}. */
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/**
 * @internal Codes of local answers, never sent: what an awaited request of the server's own (an
 * ask, a ping) settles with when the client closes its end of the connection before answering.
 */
export const LOCAL_ERROR_CODES = Object.freeze({ ConnectionClosed: -32000 } as const);
