/**
 * McpError: the one error a procedure throws to answer with a JSON-RPC error — a tool, a resource
 * read or a prompt alike: its code, message and optional data are the error on the wire, on every
 * protocol version and transport. (A tool's failure the model should see stays a tool error:
 * `toolError()` or a thrown `RemotingFault` give an `isError` result.)
 */
import { brand } from '../brand';
import { SPEC_RESERVED_CODES as RESERVED } from './ErrorCodes';

/**
 * A JSON-RPC error, thrown by any procedure.
 * @example
 * defs.registerResource(report, () => {
 *   if (!ready) throw new McpError(-31001, 'The report is still being built', { retryAfterSeconds: 30 });
 *   return text;
 * });
 */
export class McpError extends Error {
  /**
   * @param code - an integer JSON-RPC error code. The codes of JSON-RPC itself (-32700, -32600 …
   *   -32603) may be used for what they mean; codes in -32099 … -32020 are reserved for the MCP
   *   specification and refused here, so a server never sends one with a meaning the spec did not give it.
   * @param message - the text the client sees.
   * @param data - sent as the error's `data` (JSON-serialisable).
   * @throws TypeError for a code that is not an integer; RangeError for one the specification reserves.
   */
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    if (!Number.isSafeInteger(code)) throw new TypeError(`McpError: expected an integer code, got ${String(code)}`);
    if (code >= RESERVED.lowest && code <= RESERVED.highest) {
      throw new RangeError(`McpError: code ${code} is in ${RESERVED.lowest}…${RESERVED.highest}, which the MCP specification reserves for its own errors; use a code outside it`);
    }
    this.name = 'McpError';
  }
}

brand(McpError, 'McpError');
