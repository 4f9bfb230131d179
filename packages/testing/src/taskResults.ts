/**
 * taskResults: what the test client's task methods return — the task as the endpoint sent it
 * (each era's own field names: `ttlMs`/`pollIntervalMs` on 2026-07-28, `ttl`/`pollInterval` on
 * 2025-11-25's experimental tasks), with the report of the request that read it.
 */
import type { TaskStatus } from '@toolwire/core';
import type { CallReport } from './results';
import { isRecord } from './isRecord';

/** The identifier of the 2026-07-28 tasks extension, which every task request declares. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** A task as sent, without the result's `resultType` and `_meta`. */
export interface McpTask {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  /** 2026-07-28: how long the task is kept (`null`: until the store evicts it). */
  ttlMs?: number | null;
  /** 2026-07-28: the polling interval the server suggests. */
  pollIntervalMs?: number;
  /** 2025-11-25: how long the task is kept. */
  ttl?: number | null;
  /** 2025-11-25: the polling interval the server suggests. */
  pollInterval?: number;
  /** 2026-07-28 `tasks/get` of an `input_required` task: its questions, by key (answer them with `updateTask`). */
  inputRequests?: Record<string, unknown>;
  /** 2026-07-28 `tasks/get` of a `completed` task: the tool's result (a CallToolResult). */
  result?: Record<string, unknown>;
  /** 2026-07-28 `tasks/get` of a `failed` task: the JSON-RPC error its call would have answered. */
  error?: { code: number; message: string; data?: unknown };
  [field: string]: unknown;
}

/** What {@link McpTestClient.callToolAsTask} and {@link McpTestClient.getTask} return. */
export interface TaskReport extends CallReport {
  task: McpTask;
}

/** What {@link McpTestClient.listTasks} returns (one page, 2025-11-25). */
export interface TasksListResult {
  tasks: McpTask[];
  nextCursor?: string;
  status: number;
}

/** What {@link McpTestClient.cancelTask} returns: 2025-11-25 answers the task as it is after the request, 2026-07-28 an empty acknowledgement. */
export interface CancelTaskResult {
  task?: McpTask;
  status: number;
}

/** Options of {@link McpTestClient.callToolAsTask}. */
export interface CallToolAsTaskOptions {
  /** 2025-11-25: the `ttl` asked for (`params.task.ttl`, ms); the server may keep the task for less. 2026-07-28 has none to ask. */
  ttl?: number;
}

/** Options of {@link McpTestClient.getTaskResult} (used where it polls: 2026-07-28, and 2025-11-25 without a pipe). */
export interface GetTaskResultOptions {
  /** The time between two `tasks/get`; default the task's own poll interval (else 1,000 ms). */
  pollIntervalMs?: number;
  /** How long to poll before throwing (default 60,000 ms). */
  timeoutMs?: number;
}

/** The task of a `tools/call`, `tasks/get` or `tasks/cancel` result: 2026-07-28 the result itself, 2025-11-25 a `{ task }` (tools/call) or the result itself. */
export function taskOf(result: unknown, nested: boolean): McpTask | undefined {
  const body = isRecord(result) && nested ? result.task : result;
  if (!isRecord(body) || typeof body.taskId !== 'string') return undefined;
  const { resultType: _resultType, _meta, ...task } = body;
  return task as McpTask;
}
