/**
 * tasks/result (2025-11-25, experimental tasks; 2026-07-28 inlines the result in tasks/get and
 * has no such method): waits until the caller's task is terminal, then answers what its
 * tools/call would have — the tool result (with the `related-task` `_meta`), or the JSON-RPC
 * error of a failed task; a cancelled task is -32600. -32602 for an unknown, expired or foreign id.
 * While it waits, its stream carries the task's input requests and (over HTTP) its status
 * changes ({@link TaskResultStream}). Waits are bounded (`maxTaskResultWaits`, and per principal):
 * one more is -32000, HTTP 503 with `Retry-After`.
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { errorReply, valueReply } from '../replies';
import { SILENCE } from '../DispatchResult';
import type { RequestHandler } from './Handler';
import type { MethodDescriptor } from './MethodDescriptor';
import { readTaskCall, storeFailure, unknownTask } from '../tasks/taskRequest';
import { RELATED_TASK_META } from '../tasks/taskWire';
import { TaskResultStream } from '../tasks/taskStream';
import { METHOD } from '../../protocol/methodNames';

const handle: RequestHandler = (request, services) => {
  const call = readTaskCall(request, services);
  if (!('taskId' in call)) return call;
  const { taskId } = call;
  const refusal = services.tasks.waitRefusal(request, call.owner);
  if (refusal) return refusal;
  const stream = new TaskResultStream(request.context, !request.context.session);
  return services.tasks.terminal(taskId, call.owner, request.context.signal, (task) => stream.update(task)).then((task) => {
    if (!task) return unknownTask(request, taskId);
    stream.update(task); // its terminal status, before the result
    if (task.status === 'completed' && task.result) {
      const meta = { ...(task.result._meta as Record<string, unknown> | undefined), [RELATED_TASK_META]: { taskId } };
      return valueReply(request.id, { ...task.result, _meta: meta });
    }
    if (task.status === 'failed' && task.error) return errorReply(request.id, task.error.code, task.error.message, task.error.data);
    return errorReply(request.id, ErrorCodes.InvalidRequest, `Invalid Request: task ${JSON.stringify(taskId)} was cancelled; it has no result`);
  }, (error: unknown) => (request.context.signal?.aborted ? SILENCE : storeFailure(request, services)(error))); // a client gone or cancelled gets nothing
};

export const tasksResult: MethodDescriptor = { method: METHOD.tasksResult, eras: ['legacy'], handle };
