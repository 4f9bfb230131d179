/**
 * pollTask: waiting for a 2026-07-28 task to end, as a client of the tasks extension does — it
 * reads the task with `tasks/get` every poll interval, answers the questions of an
 * `input_required` task with the client's handlers through `tasks/update` (each key once), and
 * unwraps the outcome: a completed task's tool result, or a failed task's JSON-RPC error (and a
 * cancelled task's absence of a result) thrown as {@link McpTestClientError}.
 */
import { isTerminalTaskStatus } from '@toolwire/core';
import { answerAll } from './askHandlers';
import type { AskHandlers } from './askHandlers';
import { McpTestClientError } from './McpTestClientError';
import type { AnsweredAsk, ToolCallResult } from './results';
import type { GetTaskResultOptions, TaskReport } from './taskResults';
import { toolCallResult } from './toolCallResult';

/** How the poll reaches the endpoint: the client's `getTask` and `updateTask`. */
export interface TaskRequests {
  get(taskId: string): Promise<TaskReport>;
  update(taskId: string, inputResponses: Record<string, unknown>): Promise<void>;
}

/** The poll interval when neither the caller nor the task gives one. */
const DEFAULT_POLL_MS = 1_000;
/** How long to poll when the caller does not say. */
const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Polls the task until it ends; returns its tool result with the asks answered on the way.
 * @throws McpTestClientError for a failed or cancelled task; Error past `timeoutMs`.
 */
export async function pollTask(taskId: string, options: GetTaskResultOptions, handlers: AskHandlers, requests: TaskRequests): Promise<ToolCallResult> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const what = `task ${JSON.stringify(taskId)}`;
  const deadline = Date.now() + timeoutMs;
  const answeredKeys = new Set<string>();
  const asks: AnsweredAsk[] = [];
  for (;;) {
    const { task, ...report } = await requests.get(taskId);
    if (isTerminalTaskStatus(task.status)) {
      if (task.status === 'completed') return toolCallResult(task.result, { ...report, asks: [...asks, ...report.asks] });
      const code = task.status === 'failed' ? task.error?.code : undefined;
      const why = task.status === 'failed' ? `failed: JSON-RPC error ${code}: ${String(task.error?.message)}` : 'was cancelled; it has no result';
      throw new McpTestClientError(`${what} ${why}`, report.status, code, task.error?.data, task);
    }
    const open = Object.fromEntries(Object.entries(task.inputRequests ?? {}).filter(([key]) => !answeredKeys.has(key)));
    if (task.status === 'input_required' && Object.keys(open).length > 0) {
      const answered = await answerAll(handlers, open, what);
      for (const ask of answered) answeredKeys.add(ask.key);
      asks.push(...answered);
      await requests.update(taskId, Object.fromEntries(answered.map((ask) => [ask.key, ask.answer])));
      continue;
    }
    if (Date.now() >= deadline) throw new Error(`${what} is still ${task.status} after ${timeoutMs} ms (getTaskResult's timeoutMs)`);
    await new Promise((resolve) => setTimeout(resolve, options.pollIntervalMs ?? task.pollIntervalMs ?? DEFAULT_POLL_MS));
  }
}
