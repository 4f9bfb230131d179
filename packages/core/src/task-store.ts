/**
 * @toolwire/core/task-store — what a task-store author uses (`@toolwire/redis` is built on it):
 * the TaskStore contract's types, the option resolution every store shares, task ids, the
 * in-process event fan-out, the checks a store runs on what it is given, and the timer helper.
 * A server that only picks a store needs none of it: the stores and their options are on the
 * main entry.
 */
export { TASK_STOPPED_ERROR } from './tasks/TaskStore';
export type { TaskStore, TaskInit, TaskEvent, TaskEventListener, TaskPage } from './tasks/TaskStore';
export { TERMINAL_TASK_STATUSES, isTerminalTaskStatus } from './tasks/TaskRecord';
export type { TaskRecord, TaskStatus, TaskError, TaskLease, TaskInputRequests, TaskInputResponses } from './tasks/TaskRecord';
export { resolveTaskStoreOptions, DEFAULT_TASK_LEASE_MS, DEFAULT_MAX_TASKS_PER_OWNER, DEFAULT_MAX_TASK_RESULT_BYTES } from './tasks/TaskStoreOptions';
export type { TaskStoreOptions, ResolvedTaskStoreOptions } from './tasks/TaskStoreOptions';
export { createTaskId, isTaskId, TASK_ID_BYTES } from './tasks/createTaskId';
export { TaskEvents } from './tasks/TaskEvents';
export { checkTaskInit, checkTaskResult, checkTaskError, checkInputRequests, checkInputResponses, checkStatusMessage, checkListArguments, isJsonObject, oversizedResult, toJsonText } from './tasks/taskChecks';
export { startRepeating } from './tasks/timers';
export type { RepeatingTimer } from './tasks/timers';
export type { JsonObject } from './declaration/metadata';
