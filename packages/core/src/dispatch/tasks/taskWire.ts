/**
 * taskWire: a stored task as the 2026-07-28 `io.modelcontextprotocol/tasks` extension writes it —
 * the flat `CreateTaskResult` of a `tools/call` (the task's fields, nothing of its outcome; the
 * era's writer adds `resultType: "task"`) and the `DetailedTask` of `tasks/get` (with
 * `inputRequests`, `result` — a CallToolResult with `resultType: "complete"` — or `error` as its
 * status calls for; the writer adds `resultType: "complete"`). Never `requestState`, never the
 * 2025-11-25 names (`ttl`, `pollInterval`) — which {@link legacyTask} writes for the experimental
 * tasks of 2025-11-25.
 */
import type { TaskRecord } from '../../tasks/TaskRecord';

/** The extension's identifier. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The `Task` fields every shape carries. */
function taskFields(task: TaskRecord): Record<string, unknown> {
  const fields: Record<string, unknown> = { taskId: task.taskId, status: task.status };
  if (task.statusMessage !== undefined) fields.statusMessage = task.statusMessage;
  fields.createdAt = task.createdAt;
  fields.lastUpdatedAt = task.lastUpdatedAt;
  fields.ttlMs = task.ttlMs;
  if (task.pollIntervalMs !== undefined) fields.pollIntervalMs = task.pollIntervalMs;
  return fields;
}

/** The `CreateTaskResult` object: 2026-07-28 flat (the era's writer adds `resultType: "task"`), 2025-11-25 `{ task }`. */
export function createTaskResult(task: TaskRecord, modern = true): Record<string, unknown> {
  return modern ? taskFields(task) : { task: legacyTask(task) };
}

/**
 * A task as the experimental tasks of 2025-11-25 write it (`ttl`, `pollInterval`; nothing of its
 * outcome, which `tasks/result` answers).
 */
export function legacyTask(task: TaskRecord): Record<string, unknown> {
  const fields: Record<string, unknown> = { taskId: task.taskId, status: task.status };
  if (task.statusMessage !== undefined) fields.statusMessage = task.statusMessage;
  fields.createdAt = task.createdAt;
  fields.lastUpdatedAt = task.lastUpdatedAt;
  fields.ttl = task.ttlMs;
  if (task.pollIntervalMs !== undefined) fields.pollInterval = task.pollIntervalMs;
  return fields;
}

/** The `_meta` key 2025-11-25 puts on a task's result (`tasks/result`). */
export const RELATED_TASK_META = 'io.modelcontextprotocol/related-task';

/** The `DetailedTask` of `tasks/get` and `notifications/tasks` (a `tasks/get` result without what the era's writer adds: `resultType`, `_meta`). */
export function detailedTask(task: TaskRecord): Record<string, unknown> {
  const detailed = taskFields(task);
  if (task.status === 'input_required') detailed.inputRequests = task.inputRequests;
  // the tool result as a 2026-07-28 tools/call answers it: a CallToolResult with its resultType
  else if (task.status === 'completed' && task.result) detailed.result = { ...task.result, resultType: 'complete' };
  else if (task.status === 'failed' && task.error) detailed.error = task.error;
  return detailed;
}
