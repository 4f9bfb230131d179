/**
 * McpTestClientError: what the test client throws when the endpoint refuses a request — an
 * HTTP refusal (405, 403, 413, …) or a JSON-RPC error response — so a test can assert on the
 * status, the JSON-RPC code and the message it got.
 */

/** The endpoint answered with an error instead of a result. */
export class McpTestClientError extends Error {
  /**
   * @param message - says which call failed, with what code and status.
   * @param status - the HTTP status (for a Dispatcher target: the status core chose).
   * @param code - the JSON-RPC error code, when the body held one.
   * @param data - the JSON-RPC error's `data`, when present.
   * @param body - the whole response body, parsed when it was JSON.
   */
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | undefined,
    readonly data: unknown,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'McpTestClientError';
  }
}
