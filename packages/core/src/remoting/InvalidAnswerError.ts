/**
 * InvalidAnswerError: what `context.elicit()`, `context.sample()` and `context.listRoots()`
 * reject with on a legacy stdio connection when the client's response is not a valid answer —
 * elicitation `content` that does not match the `requestedSchema` the tool sent, a result of the
 * wrong shape, a `__proto__` key, more values or longer strings than the argument limits allow.
 * The answer never reaches the tool as data. It is an {@link InputUnavailableError}, so a tool
 * that does without input when the client cannot give it does the same here; uncaught, the call
 * is answered `isError: true` with its message. (On 2026-07-28 such an answer is the request's
 * own error: `-32602`, and the procedure does not run past the ask.)
 */
import { brand } from '../brand';
import { InputUnavailableError } from './InputUnavailableError';

/** The client answered an ask, but not with a valid answer. */
export class InvalidAnswerError extends InputUnavailableError {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidAnswerError';
  }
}

brand(InvalidAnswerError, 'InvalidAnswerError');
