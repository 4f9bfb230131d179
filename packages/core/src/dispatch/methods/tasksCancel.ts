/**
 * tasks/cancel (2026-07-28, the tasks extension): asks for the caller's task to stop —
 * cooperative (the procedure's `signal` aborts, on whichever instance runs it, and the task
 * turns `cancelled`) and idempotent (a terminal task stays as it is). The reply is an empty
 * acknowledgement, or -32602 for an unknown, expired or foreign id. 2025-11-25 (experimental
 * tasks): the task as it is after the request — already `cancelled` (the store is told so at
 * once; the procedure's `signal` still aborts) — or -32602 for a task that had already ended,
 * as that version's spec asks.
 */
import type { RequestHandler } from './Handler';
import { errorReply, valueReply } from '../replies';
import type { MethodDescriptor } from './MethodDescriptor';
import { METHOD } from '../../protocol/methodNames';
import type { DispatchResult, ResultReply } from '../DispatchResult';
import type { InboundRequest } from '../Inbound';
import { ACK, eraTaskResult, readTaskCall, storeFailure, unknownTask } from '../tasks/taskRequest';
import type { TaskCall } from '../tasks/taskRequest';
import { ErrorCodes } from '../../faults/ErrorCodes';
import { legacyTask, TASKS_EXTENSION } from '../tasks/taskWire';
import { isTerminalTaskStatus } from '../../tasks/TaskRecord';
import type { TaskRecord } from '../../tasks/TaskRecord';
import type { TaskStore } from '../../tasks/TaskStore';

const handle: RequestHandler = (request, services) => {
  const call = readTaskCall(request, services);
  if (!('taskId' in call)) return call;
  if (!call.store) return unknownTask(request, call.taskId);
  if (request.profile.era === 'legacy') return cancelLegacy(request, call, call.store).catch(storeFailure(request, services));
  return call.store
    .cancel(call.taskId, call.owner)
    .then((task) => (task ? eraTaskResult(request, task, ACK) : unknownTask(request, call.taskId)), storeFailure(request, services));
};

export const tasksCancel: MethodDescriptor = { method: METHOD.tasksCancel, eras: ['legacy', 'modern'], nameHeader: { param: 'taskId', noun: 'task id' }, extension: TASKS_EXTENSION, stamped: true, handle };

/** 2025-11-25: -32602 for a task that had ended; else the cancel, recorded at once, and the task as `cancelled`. */
async function cancelLegacy(request: InboundRequest, { taskId, owner }: TaskCall, store: TaskStore): Promise<DispatchResult | ResultReply> {
  const before = await store.get(taskId, owner);
  if (!before) return unknownTask(request, taskId);
  if (isTerminalTaskStatus(before.status)) return alreadyEnded(request, before);
  const asked = await store.cancel(taskId, owner);
  if (!asked) return unknownTask(request, taskId);
  // it ended between the two reads: completed or failed is its answer, not a cancel
  if (isTerminalTaskStatus(asked.status) && asked.status !== 'cancelled') return alreadyEnded(request, asked);
  // the running instance stops on the store's cancel event; the answer may not wait for it
  await store.markCancelled(taskId);
  const after = await store.get(taskId, owner);
  const task = after && after.status === 'cancelled' ? after : { ...asked, status: 'cancelled' as const };
  return valueReply(request.id, legacyTask(task));
}

/** The -32602 of a cancel of a task already in a terminal status. */
function alreadyEnded(request: InboundRequest, task: TaskRecord): DispatchResult {
  return errorReply(request.id, ErrorCodes.InvalidParams, `Invalid params: cannot cancel task ${JSON.stringify(task.taskId)}: it is already ${task.status}`);
}
