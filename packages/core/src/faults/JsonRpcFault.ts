/**
 * JsonRpcFault: a RemotingFault with a JSON-RPC error code. Thrown by a procedure it is still a
 * tool execution error (`isError: true`); thrown by a content formatter it becomes a JSON-RPC
 * error with its code.
 */
import { RemotingFault } from './RemotingFault';
import { brand } from '../brand';

/**
 * A fault carrying a JSON-RPC error code (see {@link ErrorCodes}).
 * @example throw new JsonRpcFault('quota exceeded', -32000);
 */
export class JsonRpcFault extends RemotingFault {
  /**
   * @param message - the text the client sees.
   * @param code - an integer JSON-RPC error code (used when a content formatter throws it).
   */
  constructor(
    message: string,
    readonly code: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    if (!Number.isInteger(code)) throw new TypeError(`JsonRpcFault: expected an integer code, got ${String(code)}`);
  }
}

brand(JsonRpcFault, 'JsonRpcFault');
