/**
 * tasks/list (2025-11-25, experimental tasks; 2026-07-28 has none): the caller's tasks that the
 * store still holds, oldest first, in pages — the declaration's `pageSize`, or
 * {@link TASKS_PAGE_SIZE} — with `nextCursor` while more remain. The store's, so behind one
 * shared store (Redis) every instance lists the same tasks. A cursor the store did not make is
 * -32602. The anonymous principal (an open HTTP endpoint) is everyone who can reach the endpoint:
 * its tasks are nobody's in particular, so it is answered an empty list — listing would hand any
 * client the ids (the only key) of every other client's tasks. A token's caller lists its own,
 * a stdio connection those it created.
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { errorReply, valueReply } from '../replies';
import { isObject } from '../../guards';
import { answer } from '../DispatchResult';
import { resultResponse } from '../jsonRpc';
import type { RequestHandler } from './Handler';
import type { MethodDescriptor } from './MethodDescriptor';
import { noTasks, storeFailure } from '../tasks/taskRequest';
import { principalOf } from '../principal';
import { legacyTask } from '../tasks/taskWire';
import { METHOD } from '../../protocol/methodNames';

/** Tasks per `tasks/list` page when the declaration sets no `pageSize`. */
export const TASKS_PAGE_SIZE = 100;

/** Longest cursor read (a store's position is far shorter). */
const MAX_CURSOR_LENGTH = 256;

/** The answer to an anonymous caller: it can prove it owns no task. */
const NO_TASKS = JSON.stringify({ tasks: [] });

const handle: RequestHandler = (request, services) => {
  if (!request.profile.experimentalTasks) return noTasks(request);
  const params = request.params;
  const cursor = isObject(params) ? params.cursor : undefined;
  if (cursor !== undefined && (typeof cursor !== 'string' || cursor.length > MAX_CURSOR_LENGTH)) {
    return errorReply(request.id, ErrorCodes.InvalidParams, `Invalid params: cursor must be a string of at most ${MAX_CURSOR_LENGTH} characters`);
  }
  const principal = principalOf(request.context);
  if (principal.kind === 'anonymous') return answer(resultResponse(request.id, NO_TASKS));
  const limit = services.decl.catalog.pageSize ?? TASKS_PAGE_SIZE;
  const fail = storeFailure(request, services);
  return services.tasks.list(principal.key, limit, cursor).then(
    ({ tasks, next }) => valueReply(request.id, { tasks: tasks.map(legacyTask), ...(next !== undefined && { nextCursor: next }) }),
    (error: unknown) =>
      error instanceof RangeError ? errorReply(request.id, ErrorCodes.InvalidParams, 'Invalid params: unknown cursor (list again without a cursor)') : fail(error),
  );
};

export const tasksList: MethodDescriptor = { method: METHOD.tasksList, eras: ['legacy'], handle };
