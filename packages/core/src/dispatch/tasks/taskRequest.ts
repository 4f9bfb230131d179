/**
 * taskRequest: what `tasks/get`, `tasks/update` and `tasks/cancel` share — reading `params.taskId`
 * (-32602 when it is not a string), the caller as owner, the reply of an unknown, expired or
 * foreign task (-32602, the same for all three: another principal's task is as unknown as one
 * that never existed), and a task result per era (the modern one gets the serverInfo `_meta`
 * from its era's stamp).
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { errorReply, valueReply } from '../replies';
import type { DispatchResult, ResultReply } from '../DispatchResult';
import type { InboundRequest } from '../Inbound';
import { isObject } from '../../guards';
import type { Services } from '../methods/Handler';
import type { TaskStore } from '../../tasks/TaskStore';
import { taskOwnerOf } from './taskOwner';
import { legacyTask } from './taskWire';
import type { TaskRecord } from '../../tasks/TaskRecord';

/** A tasks/* request that names a task: its id, its caller and the store (`undefined` before any task existed). */
export interface TaskCall {
  readonly taskId: string;
  readonly owner: string;
  readonly store: TaskStore | undefined;
  readonly params: Record<string, unknown>;
}

/** Reads a tasks/* request, or its -32602 reply. */
export function readTaskCall(request: InboundRequest, { tasks }: Services): TaskCall | DispatchResult {
  if (request.profile.era === 'legacy' && !request.profile.experimentalTasks) return noTasks(request);
  if (request.mode === 'sync') {
    return errorReply(request.id, ErrorCodes.InternalError, `${request.method} needs asynchronous dispatch (a task store answers asynchronously); use StdioService or an HTTP transport`);
  }
  const params = request.params;
  if (!isObject(params) || typeof params.taskId !== 'string') {
    return errorReply(request.id, ErrorCodes.InvalidParams, `Invalid params: ${request.method} requires "taskId" as a string`);
  }
  return { taskId: params.taskId, owner: taskOwnerOf(request.context), store: tasks.storeIfUsed, params };
}

/** The -32601 of a tasks/* method on a legacy version without the experimental tasks of 2025-11-25. */
export function noTasks(request: InboundRequest): DispatchResult {
  return errorReply(request.id, ErrorCodes.MethodNotFound, 'Method not found');
}

/** A task result as the request's era writes it: 2026-07-28 `modern` (the era's writer adds `resultType` and the serverInfo `_meta`); 2025-11-25 the task's own fields. */
export function eraTaskResult(request: InboundRequest, task: TaskRecord, modern: object): ResultReply {
  return valueReply(request.id, request.profile.era === 'modern' ? modern : legacyTask(task));
}

/** The reply for a task id the caller cannot see. */
export function unknownTask(request: InboundRequest, taskId: string): DispatchResult {
  return errorReply(request.id, ErrorCodes.InvalidParams, `Invalid params: unknown task ${JSON.stringify(taskId)} (it does not exist, has expired, or is not yours)`);
}



/** The reply when the store failed (a lost connection, say): -32603, reported through the error policy. */
export function storeFailure(request: InboundRequest, { policy }: Services): (error: unknown) => DispatchResult {
  return (error) => policy.internal(request.id, error, { requestId: request.id, method: request.method });
}

/** The empty acknowledgement of `tasks/update` and `tasks/cancel` (2026-07-28: the era's writer adds `resultType` and the serverInfo `_meta`). */
export const ACK: Readonly<Record<string, unknown>> = Object.freeze({});
