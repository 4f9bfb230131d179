/**
 * tasks/list (2025-11-25, experimental tasks; 2026-07-28 has none): the caller's tasks — those
 * this server instance created for the same owner that the store still holds (bounded), in the
 * order they were created.
 */
import { answer } from '../DispatchResult';
import { resultResponse } from '../jsonRpc';
import type { RequestHandler } from './Handler';
import { noTasks, storeFailure } from '../tasks/taskRequest';
import { taskOwnerOf } from '../tasks/taskOwner';
import { legacyTask } from '../tasks/taskWire';

export const tasksList: RequestHandler = (request, services) => {
  if (!request.profile.experimentalTasks) return noTasks(request);
  return services.tasks.list(taskOwnerOf(request.context)).then((tasks) => answer(resultResponse(request.id, JSON.stringify({ tasks: tasks.map(legacyTask) }))), storeFailure(request, services));
};
