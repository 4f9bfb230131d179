/**
 * listenStream: one 2026-07-28 `subscriptions/listen` while it is open — acknowledged first with
 * the honoured filter, then held by the dispatcher's {@link NotificationHub} (and, for `taskIds`,
 * watching those tasks: each change is sent as `notifications/tasks`), every frame tagged with
 * the subscription id. It ends, releasing everything at once, when the client cancels (closes the
 * HTTP stream, `notifications/cancelled` or the end of the connection on stdio: nothing more is
 * sent), when the server ends it (its final result), or when the bus goes down (a final
 * JSON-RPC error that says so).
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { errorReply, valueReply } from '../replies';
import type { Answer } from '../DispatchResult';
import { idJson } from '../jsonRpc';
import type { InboundRequest } from '../Inbound';
import type { Services } from '../methods/Handler';
import { InFlightCall } from '../Session';
import { Listener } from './Listener';
import type { ListenerSink } from './Listener';
import { acknowledgedJson, tasksNotificationJson } from './notificationJson';
import { filterJson } from './listenFilter';
import type { ListenFilter } from './listenFilter';
import { detailedTask } from '../tasks/taskWire';
import type { TaskRecord } from '../../tasks/TaskRecord';
import { META } from '../../protocol/meta';

/**
 * Opens the listen stream of `request` for the `honoured` filter (its bounds already checked);
 * resolves when it ends: the final result, the bus's error, or nothing (cancelled, client gone).
 */
export function openListen(request: InboundRequest, services: Services, principal: string, honoured: ListenFilter): Promise<Answer> {
  const { id, context } = request;
  const hub = services.notifications;
  const session = context.session;
  const call = session ? new InFlightCall(request) : undefined;
  const signal = call ? call.signal : context.signal;
  const watching = new AbortController();
  return new Promise((resolve) => {
    let open = true;
    const finish = (result: Answer): void => {
      if (!open) return;
      open = false;
      hub.detach(listener);
      watching.abort();
      signal?.removeEventListener('abort', cancelled);
      offEnd?.();
      if (session && call && !session.end(id, call)) return resolve(undefined); // cancelled: no reply
      resolve(result);
    };
    const cancelled = (): void => finish(undefined);
    const offEnd = session?.onEnd(cancelled); // the connection's end comes from its input, never within this call
    const sink: ListenerSink = {
      send: (json) => context.notify?.(json, 'modern'),
      heartbeat: context.heartbeat ? () => context.heartbeat?.() : undefined,
      down: () => finish(errorReply(id, ErrorCodes.InternalError, 'Internal error: the notification bus is unavailable; listen again later')),
      // the final result: no members but its own _meta (the subscription id); the era's writer adds resultType and the serverInfo
      end: () => finish(valueReply(id, {}, 'complete', `${JSON.stringify(META.subscriptionId)}:${idJson(id)}`)),
    };
    const listener = new Listener(principal, id, sink, context.access);
    for (const list of honoured.lists) listener.lists.add(list);
    for (const uri of honoured.resourceSubscriptions ?? []) hub.watch(listener, uri);
    listener.send(acknowledgedJson(filterJson(honoured), id));
    if (session && call) session.begin(id, call);
    if (signal?.aborted) return finish(undefined);
    signal?.addEventListener('abort', cancelled, { once: true });
    hub.attach(listener);
    for (const taskId of honoured.taskIds ?? []) watchTask(services, taskId, principal, watching.signal, listener);
  });
}

/** Sends `notifications/tasks` for each state of the task seen until it is terminal (or the listen ends). */
function watchTask(services: Services, taskId: string, owner: string, signal: AbortSignal, listener: Listener): void {
  let last: string | undefined;
  const seen = (task: TaskRecord): void => {
    if (signal.aborted) return;
    const state = `${task.status}\u0000${task.statusMessage ?? ''}\u0000${task.lastUpdatedAt}`;
    if (state === last) return;
    last = state;
    // a notification's task is tasks/get's detailed task (whose resultType is the era writer's, not the task's)
    listener.send(tasksNotificationJson(JSON.stringify(detailedTask(task)), listener.subscriptionId!));
  };
  services.tasks.terminal(taskId, owner, signal, seen).then(
    (task) => task && seen(task),
    () => undefined, // the listen ended, or the store failed (reported by the store's own policy)
  );
}
