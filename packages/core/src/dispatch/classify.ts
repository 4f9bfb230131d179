/**
 * classify: reads the JSON-RPC envelope of one message — a request or notification to run, a
 * response the server ignores (it sends no requests), or an Invalid Request error to answer.
 */
import { ErrorCodes } from '../faults/ErrorCodes';
import type { RequestId } from './jsonRpc';
import { errorReply } from './replies';
import type { DispatchResult } from './DispatchResult';
import { isObject } from '../guards';

/** The envelope of a request (`id` present) or notification. */
export interface Envelope {
  readonly kind: 'message';
  readonly id: RequestId | undefined;
  readonly method: string;
  readonly params: unknown;
}

/** Not JSON-RPC: answer with `body` (an Invalid Request error). */
export interface Invalid {
  readonly kind: 'invalid';
  readonly reply: DispatchResult;
}

/** A JSON-RPC response (the client answering something): nothing to answer; its id may settle a request the server sent. */
export interface Ignored {
  readonly kind: 'ignored';
  readonly id: RequestId;
}

function invalid(id: RequestId | null, message: string): Invalid {
  return { kind: 'invalid', reply: errorReply(id, ErrorCodes.InvalidRequest, message) };
}

/** Classifies one parsed message. */
export function classify(message: unknown): Envelope | Invalid | Ignored {
  if (!isObject(message)) return invalid(null, 'Invalid Request: expected a JSON-RPC message object');
  const id = message.id;
  const hasId = id !== undefined;
  if (hasId && typeof id !== 'string' && !Number.isInteger(id)) return invalid(null, 'Invalid Request: "id" must be a string or an integer');
  const validId = hasId ? (id as RequestId) : null;
  if (message.jsonrpc !== '2.0') return invalid(validId, 'Invalid Request: "jsonrpc" must be "2.0"');
  const method = message.method;
  if (method === undefined && hasId && ('result' in message || 'error' in message)) return { kind: 'ignored', id: id as RequestId };
  if (typeof method !== 'string') return invalid(validId, 'Invalid Request: "method" must be a string');
  return { kind: 'message', id: hasId ? (id as RequestId) : undefined, method, params: message.params };
}
