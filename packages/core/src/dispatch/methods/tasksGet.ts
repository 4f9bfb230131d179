/**
 * tasks/get (2026-07-28, the tasks extension): the caller's task as a `DetailedTask` — its status
 * with `inputRequests`, `result` or `error` as that status calls for; -32602 for an unknown,
 * expired or foreign id. 2025-11-25 (experimental tasks): the task's fields (`ttl`, `pollInterval`).
 */
import type { RequestHandler } from './Handler';
import type { MethodDescriptor } from './MethodDescriptor';
import { TASKS_EXTENSION } from '../tasks/taskWire';
import { eraTaskResult, readTaskCall, storeFailure, unknownTask } from '../tasks/taskRequest';
import { detailedTask } from '../tasks/taskWire';
import { METHOD } from '../../protocol/methodNames';

const handle: RequestHandler = (request, services) => {
  const call = readTaskCall(request, services);
  if (!('taskId' in call)) return call;
  if (!call.store) return unknownTask(request, call.taskId);
  return call.store
    .get(call.taskId, call.owner)
    .then((task) => (task ? eraTaskResult(request, task, detailedTask(task)) : unknownTask(request, call.taskId)), storeFailure(request, services));
};

export const tasksGet: MethodDescriptor = { method: METHOD.tasksGet, eras: ['legacy', 'modern'], nameHeader: { param: 'taskId', noun: 'task id' }, extension: TASKS_EXTENSION, stamped: true, handle };
