/**
 * tasks/cancel (2026-07-28, the tasks extension): asks for the caller's task to stop —
 * cooperative (the procedure's `signal` aborts, on whichever instance runs it, and the task
 * turns `cancelled`) and idempotent (a terminal task stays as it is). The reply is an empty
 * acknowledgement, or -32602 for an unknown, expired or foreign id. 2025-11-25 (experimental
 * tasks): the task as it is after the request.
 */
import type { RequestHandler } from './Handler';
import type { MethodDescriptor } from './MethodDescriptor';
import { TASKS_EXTENSION } from '../tasks/taskWire';
import { ACK_JSON, eraTaskResult, readTaskCall, storeFailure, unknownTask } from '../tasks/taskRequest';
import { METHOD } from '../../protocol/methodNames';

const handle: RequestHandler = (request, services) => {
  const call = readTaskCall(request, services);
  if (!('taskId' in call)) return call;
  if (!call.store) return unknownTask(request, call.taskId);
  return call.store
    .cancel(call.taskId, call.owner)
    .then((task) => (task ? eraTaskResult(request, services, task, ACK_JSON) : unknownTask(request, call.taskId)), storeFailure(request, services));
};

export const tasksCancel: MethodDescriptor = { method: METHOD.tasksCancel, eras: ['legacy', 'modern'], nameHeader: { param: 'taskId', noun: 'task id' }, extension: TASKS_EXTENSION, handle };
