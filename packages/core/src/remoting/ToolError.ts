/**
 * toolError(): a return value that reports a tool execution error without throwing — the
 * client sees `isError: true` and the message as text, whatever the tool's content type.
 */

const BRAND = Symbol.for('toolwire.ToolError');

/** The value {@link toolError} returns. */
export interface ToolError {
  readonly [BRAND]: true;
  readonly message: string;
}

/**
 * Returns a value that, returned from a procedure, becomes an `isError: true` result.
 * @example return toolError(`no such city: ${city}`);
 */
export function toolError(message: string): ToolError {
  if (typeof message !== 'string') throw new TypeError(`toolError: expected a string message, got ${typeof message}`);
  return { [BRAND]: true, message };
}

/** Whether `value` came from {@link toolError}. */
export function isToolError(value: unknown): value is ToolError {
  return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
}
