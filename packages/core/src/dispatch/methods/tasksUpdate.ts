/**
 * tasks/update (2026-07-28, the tasks extension): the client's answers to a task's input
 * requests. Partial and repeated answers are fine (unknown or already answered keys are
 * ignored); the reply is an empty acknowledgement, or -32602 for an unknown, expired or foreign
 * id and for `inputResponses` that is not an object.
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { errorReply, valueReply } from '../replies';

import { isObject } from '../../guards';
import type { RequestHandler } from './Handler';
import type { MethodDescriptor } from './MethodDescriptor';
import { TASKS_EXTENSION } from '../tasks/taskWire';
import { ACK, readTaskCall, storeFailure, unknownTask } from '../tasks/taskRequest';
import type { TaskInputResponses } from '../../tasks/TaskRecord';
import { METHOD } from '../../protocol/methodNames';

const handle: RequestHandler = (request, services) => {
  const call = readTaskCall(request, services);
  if (!('taskId' in call)) return call;
  const responses = call.params.inputResponses;
  if (!isObject(responses)) return errorReply(request.id, ErrorCodes.InvalidParams, 'Invalid params: tasks/update requires "inputResponses" as an object of answers by key');
  if (!call.store) return unknownTask(request, call.taskId);
  return call.store
    .update(call.taskId, call.owner, responses as TaskInputResponses)
    .then((task) => (task ? valueReply(request.id, ACK) : unknownTask(request, call.taskId)), storeFailure(request, services));
};

export const tasksUpdate: MethodDescriptor = { method: METHOD.tasksUpdate, eras: ['modern'], nameHeader: { param: 'taskId', noun: 'task id' }, extension: TASKS_EXTENSION, stamped: true, handle };
