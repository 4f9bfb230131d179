/**
 * taskStream: how a 2025-11-25 task reaches its client while the client waits on `tasks/result`
 * (the experimental tasks of that revision). The `tasks/result` request's stream (SSE over HTTP,
 * the pipe over stdio) carries the task's input requests — `elicitation/create`,
 * `sampling/createMessage`, `roots/list` with the `related-task` `_meta` — as server requests
 * whose JSON-RPC id names the task and the request's key ({@link taskAskId}), so the client's
 * response, POSTed to any instance, finds its task through the store (`update`, owner checked);
 * and, over HTTP, `notifications/tasks/status` for every change of status it observes while it
 * waits (over stdio the connection that created the task gets those itself).
 */
import type { TaskRecord } from '../../tasks/TaskRecord';
import type { RequestId } from '../jsonRpc';
import type { DispatchContext } from '../DispatchContext';
import { legacyTask, RELATED_TASK_META } from './taskWire';
import { isObject } from '../../guards';
import { METHOD } from '../../protocol/methodNames';

/** The prefix of the id of a request a task sends its client. */
const ASK_ID_PREFIX = 'toolwire-task:';

/** The JSON-RPC id of the request a task sends for its input request `key`. */
export function taskAskId(taskId: string, key: string): string {
  return `${ASK_ID_PREFIX}${encodeURIComponent(taskId)}:${encodeURIComponent(key)}`;
}

/** The task and key a response's id names, or `undefined` when the id is not one of {@link taskAskId}'s. */
export function readTaskAskId(id: RequestId | undefined): { readonly taskId: string; readonly key: string } | undefined {
  if (typeof id !== 'string' || !id.startsWith(ASK_ID_PREFIX)) return undefined;
  const [taskId, key, extra] = id.slice(ASK_ID_PREFIX.length).split(':');
  if (key === undefined || extra !== undefined) return undefined;
  try {
    return { taskId: decodeURIComponent(taskId), key: decodeURIComponent(key) };
  } catch {
    return undefined; // a malformed escape: not an id toolwire made
  }
}

/** The members of a client's JSON-RPC response that answer a task's input request (`result` or `error`), as the store keeps them. */
export function responseAnswer(message: Record<string, unknown>): Record<string, unknown> {
  return isObject(message.error) ? { error: message.error } : { result: message.result };
}

/** What one `tasks/result` request has sent on its stream so far. */
export class TaskResultStream {
  private readonly sent = new Set<string>();
  private lastStatus: TaskRecord['status'] | undefined;

  /**
   * @param context - the `tasks/result` request's context (its `notify` writes on the request's stream).
   * @param statuses - whether to send `notifications/tasks/status` (not on a connection that announces them itself).
   */
  constructor(
    private readonly context: DispatchContext,
    private readonly statuses: boolean,
  ) {}

  /**
   * Sends what the task's latest state calls for: its status when it changed since the last
   * state seen (so a task already terminal is answered without a stream), its input requests not yet sent.
   */
  update(task: TaskRecord): void {
    const notify = this.context.notify?.bind(this.context);
    if (!notify) return;
    // a change of status seen while waiting (the status the wait began with, the client knows: it polled it)
    if (this.statuses && this.lastStatus !== undefined && task.status !== this.lastStatus) {
      notify(JSON.stringify({ jsonrpc: '2.0', method: METHOD.taskStatus, params: legacyTask(task) }), 'legacy');
    }
    this.lastStatus = task.status;
    if (task.status !== 'input_required') return;
    for (const [key, request] of Object.entries(task.inputRequests)) {
      if (this.sent.has(key)) continue;
      this.sent.add(key);
      const params = isObject(request.params) ? request.params : {};
      const method = typeof request.method === 'string' ? request.method : '';
      const meta = { ...(isObject(params._meta) ? params._meta : {}), [RELATED_TASK_META]: { taskId: task.taskId } };
      notify(JSON.stringify({ jsonrpc: '2.0', id: taskAskId(task.taskId, key), method, params: { ...params, _meta: meta } }), 'legacy');
    }
  }
}
