/**
 * RemotingFault: the error a procedure throws to report a failure to the client. The
 * dispatcher turns it into a tool execution error (`isError: true`, the message as text).
 */
import { brand } from '../brand';

/**
 * A failure a tool reports to its caller. Throw (or reject with) it from a procedure: the
 * client sees a tools/call result with `isError: true` and the message as text, so the model
 * can read it and react. Any other thrown error is an internal error (JSON-RPC -32603).
 * @example throw new RemotingFault('file not found: notes.txt');
 */
export class RemotingFault extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

brand(RemotingFault, 'RemotingFault');
