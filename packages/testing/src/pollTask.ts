/**
 * pollTask: waiting for a task to end by polling `tasks/get`, as a client of the tasks extension
 * does — every poll interval (the caller's, else the task's own), for at most `timeoutMs`. On
 * 2026-07-28 an `input_required` task's questions are answered with the client's handlers
 * through `tasks/update` (each key once) and the outcome is unwrapped: a completed task's tool
 * result, or a failed task's JSON-RPC error (and a cancelled task's absence of a result) thrown
 * as {@link McpTestClientError}. On 2025-11-25 over HTTP (or a Dispatcher) a task that asks
 * cannot be answered by this client, so the wait ends with an error saying so instead of hanging.
 */
import { isTerminalTaskStatus } from '@toolwire/core';
import { describeArgument } from '@toolwire/core/transport';
import { answerAll } from './askHandlers';
import type { AskHandlers } from './askHandlers';
import { McpTestClientError } from './McpTestClientError';
import type { AnsweredAsk, ToolCallResult } from './results';
import type { GetTaskResultOptions, McpTask, TaskReport } from './taskResults';
import { toolCallResult } from './toolCallResult';

/** How the poll reaches the endpoint: the client's `getTask` and `updateTask`. */
export interface TaskRequests {
  get(taskId: string): Promise<TaskReport>;
  update(taskId: string, inputResponses: Record<string, unknown>): Promise<void>;
}

/** What to do with the open questions of an `input_required` task; resolves with the asks answered. */
type OnInput = (task: McpTask, open: Record<string, unknown>) => Promise<AnsweredAsk[]>;

/** The poll interval when neither the caller nor the task gives one. */
const DEFAULT_POLL_MS = 1_000;
/** How long to poll when the caller does not say. */
const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Checks `getTaskResult`'s options before any request is sent.
 * @throws TypeError for a `pollIntervalMs` or `timeoutMs` that is not a finite number ≥ 0.
 */
export function checkPollOptions(options: GetTaskResultOptions): void {
  if (typeof options !== 'object' || options === null) throw new TypeError(`getTaskResult: expected an options object, got ${describeArgument(options)}`);
  for (const name of ['pollIntervalMs', 'timeoutMs'] as const) {
    const value = options[name];
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || value < 0)) {
      throw new TypeError(`getTaskResult: expected ${name} to be a finite number of ms ≥ 0, got ${describeArgument(value)}`);
    }
  }
}

/**
 * Polls until the task is terminal; resolves with the last `tasks/get` and the asks answered on the way.
 * @throws Error past `timeoutMs`, or what `onInput` throws.
 */
async function untilTerminal(taskId: string, options: GetTaskResultOptions, requests: TaskRequests, onInput: OnInput): Promise<{ last: TaskReport; asks: AnsweredAsk[] }> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const deadline = Date.now() + timeoutMs;
  const answeredKeys = new Set<string>();
  const asks: AnsweredAsk[] = [];
  for (;;) {
    const last = await requests.get(taskId);
    const { task } = last;
    if (isTerminalTaskStatus(task.status)) return { last, asks };
    const open = Object.fromEntries(Object.entries(task.inputRequests ?? {}).filter(([key]) => !answeredKeys.has(key)));
    if (task.status === 'input_required') {
      const answered = await onInput(task, open);
      for (const ask of answered) answeredKeys.add(ask.key);
      asks.push(...answered);
      if (answered.length > 0) continue;
    }
    if (Date.now() >= deadline) throw new Error(`task ${JSON.stringify(taskId)} is still ${task.status} after ${timeoutMs} ms (getTaskResult's timeoutMs)`);
    await new Promise((resolve) => setTimeout(resolve, options.pollIntervalMs ?? task.pollIntervalMs ?? task.pollInterval ?? DEFAULT_POLL_MS));
  }
}

/**
 * 2026-07-28: polls the task until it ends, answering its questions; returns its tool result.
 * @throws McpTestClientError for a failed or cancelled task; Error past `timeoutMs`.
 */
export async function pollTask(taskId: string, options: GetTaskResultOptions, handlers: AskHandlers, requests: TaskRequests): Promise<ToolCallResult> {
  const what = `task ${JSON.stringify(taskId)}`;
  const { last, asks } = await untilTerminal(taskId, options, requests, async (_task, open) => {
    if (Object.keys(open).length === 0) return [];
    const answered = await answerAll(handlers, open, what);
    await requests.update(taskId, Object.fromEntries(answered.map((ask) => [ask.key, ask.answer])));
    return answered;
  });
  const { task, ...report } = last;
  if (task.status === 'completed') return toolCallResult(task.result, { ...report, asks: [...asks, ...report.asks] });
  const code = task.status === 'failed' ? task.error?.code : undefined;
  const why = task.status === 'failed' ? `failed: JSON-RPC error ${code}: ${String(task.error?.message)}` : 'was cancelled; it has no result';
  throw new McpTestClientError(`${what} ${why}`, report.status, code, task.error?.data, task);
}

/**
 * 2025-11-25 without a pipe (HTTP, a Dispatcher): polls the task until it ends, so that
 * `tasks/result` then answers at once.
 * @throws Error when the task asks for input (its ask travels on a `tasks/result` stream and is
 *   answered by a POST of the client's own, which this client does not make), or past `timeoutMs`.
 */
export async function awaitLegacyTask(taskId: string, options: GetTaskResultOptions, requests: TaskRequests): Promise<void> {
  await untilTerminal(taskId, options, requests, async () => {
    throw new Error(
      `task ${JSON.stringify(taskId)} is input_required: over 2025-11-25 HTTP its ask travels on the tasks/result stream and is answered by a POST of the client's own, which mcpTestClient does not make — test such a task over stdio or on 2026-07-28`,
    );
  });
}
