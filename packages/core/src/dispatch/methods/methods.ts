/**
 * methods: every MCP method toolwire serves, as one descriptor each, and what is derived from
 * them — the methods of each era, the notifications acted on, and the method names telemetry
 * records. A new method is one module in this folder and one entry in {@link DESCRIPTORS}.
 */
import type { Era } from '../../protocol/profile';
import type { MethodDescriptor, NotificationDescriptor } from './MethodDescriptor';
import { initialize } from './initialize';
import { discover } from './discover';
import { toolsList } from './toolsList';
import { toolsCall } from './toolsCall';
import { ping } from './ping';
import { resourcesList, resourceTemplatesList } from './resourcesList';
import { resourcesRead } from './resourcesRead';
import { promptsList } from './promptsList';
import { promptsGet } from './promptsGet';
import { completionComplete } from './completionComplete';
import { setLevel } from './setLevel';
import { cancelled } from './cancelled';
import { initialized } from './initialized';
import { tasksGet } from './tasksGet';
import { tasksUpdate } from './tasksUpdate';
import { tasksCancel } from './tasksCancel';
import { tasksResult } from './tasksResult';
import { tasksList } from './tasksList';
import { subscriptionsListen } from './subscriptionsListen';
import { resourcesSubscribe, resourcesUnsubscribe } from './resourcesSubscribe';

/** Every request method served, in no particular order. */
export const DESCRIPTORS: readonly MethodDescriptor[] = Object.freeze([
  initialize,
  discover,
  ping,
  setLevel,
  toolsList,
  toolsCall,
  resourcesList,
  resourceTemplatesList,
  resourcesRead,
  promptsList,
  promptsGet,
  completionComplete,
  tasksGet,
  tasksUpdate,
  tasksCancel,
  tasksResult,
  tasksList,
  subscriptionsListen,
  resourcesSubscribe,
  resourcesUnsubscribe,
]);

/** Every notification acted on (any other is ignored). */
export const NOTIFICATIONS: ReadonlyMap<string, NotificationDescriptor> = new Map([cancelled, initialized].map((d) => [d.method, d]));

function byMethod(descriptors: readonly MethodDescriptor[]): ReadonlyMap<string, MethodDescriptor> {
  return new Map(descriptors.map((d) => [d.method, d]));
}

/** Each era's methods by name: what a request of that era may call. */
export const ERA_METHODS: Readonly<Record<Era, ReadonlyMap<string, MethodDescriptor>>> = Object.freeze({
  legacy: byMethod(DESCRIPTORS.filter((d) => d.eras.includes('legacy'))),
  modern: byMethod(DESCRIPTORS.filter((d) => d.eras.includes('modern'))),
});

/** Every method served, in any era, by name (for what runs before an era is known: the modern admission ladder, telemetry of refusals). */
export const ANY_ERA_METHODS: ReadonlyMap<string, MethodDescriptor> = byMethod(DESCRIPTORS);

/**
 * The method names served or acted on (requests and notifications), each with the kind of its
 * target: telemetry records any other method as `_OTHER`, and names spans after the target.
 */
export const TELEMETRY_METHODS: ReadonlyMap<string, MethodDescriptor['targetKind']> = new Map([
  ...DESCRIPTORS.map((d) => [d.method, d.targetKind] as const),
  ...[...NOTIFICATIONS.keys()].map((method) => [method, undefined] as const),
]);
