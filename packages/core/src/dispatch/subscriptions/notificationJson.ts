/**
 * notificationJson: the JSON text of the notifications a listener sends — `list_changed` for a
 * list, `notifications/resources/updated`, the 2026-07-28 `notifications/subscriptions/acknowledged`
 * and the tasks extension's `notifications/tasks`. Built as text, like every response, so a
 * transport only frames and writes them. A 2026-07-28 listener's frames carry
 * `_meta["io.modelcontextprotocol/subscriptionId"]` (the listen request's id); legacy ones carry none.
 */
import { idJson } from '../jsonRpc';
import type { RequestId } from '../jsonRpc';
import { METHOD } from '../../protocol/methodNames';
import { META } from '../../protocol/meta';
import type { ListKind } from '../../notifications/CatalogChange';

/** The `list_changed` method of each list. */
export const LIST_CHANGED_METHOD: Readonly<Record<ListKind, string>> = Object.freeze({
  tools: METHOD.toolsListChanged,
  prompts: METHOD.promptsListChanged,
  resources: METHOD.resourcesListChanged,
});

const SUBSCRIPTION_META = `"_meta":{${JSON.stringify(META.subscriptionId)}:`;

/** A notification of `method` whose params members are `members` (JSON text without braces, maybe empty). */
export function notificationJson(method: string, members: string, subscriptionId: RequestId | undefined): string {
  const meta = subscriptionId === undefined ? '' : `${members === '' ? '' : ','}${SUBSCRIPTION_META}${idJson(subscriptionId)}}`;
  const params = members === '' && meta === '' ? '' : `,"params":{${members}${meta}}`;
  return `{"jsonrpc":"2.0","method":"${method}"${params}}`;
}

/** `notifications/{tools,prompts,resources}/list_changed`. */
export function listChangedJson(list: ListKind, subscriptionId?: RequestId): string {
  return notificationJson(LIST_CHANGED_METHOD[list], '', subscriptionId);
}

/** `notifications/resources/updated {uri}`. */
export function resourceUpdatedJson(uri: string, subscriptionId?: RequestId): string {
  return notificationJson(METHOD.resourceUpdated, `"uri":${JSON.stringify(uri)}`, subscriptionId);
}

/** `notifications/subscriptions/acknowledged {notifications}`: the subset of the filter the server honours. */
export function acknowledgedJson(honoured: object, subscriptionId: RequestId): string {
  return notificationJson(METHOD.subscriptionsAcknowledged, `"notifications":${JSON.stringify(honoured)}`, subscriptionId);
}

/** `notifications/tasks` (the tasks extension): the full task, its members as JSON object text. */
export function tasksNotificationJson(taskJson: string, subscriptionId: RequestId): string {
  return notificationJson(METHOD.tasks, taskJson.slice(1, -1), subscriptionId);
}
