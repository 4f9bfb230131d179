/**
 * InputUnavailableError: what `context.elicit()`, `context.sample()` and `context.listRoots()`
 * reject with when the client cannot be asked — a stateless legacy HTTP request (no channel
 * back to the client), a client that did not declare the capability, a client that answered
 * with an error, or a call that was cancelled or lost its connection. A tool may catch it and
 * do without; uncaught, the call is answered `isError: true` with its message.
 */
import { brand } from '../brand';

/** The client could not be asked for input during a tool call. */
export class InputUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputUnavailableError';
  }
}

brand(InputUnavailableError, 'InputUnavailableError');
