/**
 * methods: every MCP method toolwire serves, each with its one handler. Which era has which
 * method is the era's to say (`eras.ts`); a handler asks the request's profile for whatever
 * differs between versions, and never knows which era called it.
 */
import type { NotificationHandler, RequestHandler } from './Handler';
import type { ToolDeclaration } from '../../declaration/ToolDeclaration';
import { initialize } from './initialize';
import { discover } from './discover';
import { toolsList } from './toolsList';
import { toolsCall } from './toolsCall';
import { ping } from './ping';
import { resourcesList, resourceTemplatesList } from './resourcesList';
import { resourcesRead } from './resourcesRead';
import { setLevel } from './setLevel';
import { cancelled } from './cancelled';
import { tasksGet } from './tasksGet';
import { tasksUpdate } from './tasksUpdate';
import { tasksCancel } from './tasksCancel';
import { tasksResult } from './tasksResult';
import { tasksList } from './tasksList';

/** The request handlers by method name. */
export const REQUESTS: ReadonlyMap<string, RequestHandler> = new Map([
  ['initialize', initialize],
  ['server/discover', discover],
  ['tools/list', toolsList],
  ['tools/call', toolsCall],
  ['resources/list', resourcesList],
  ['resources/templates/list', resourceTemplatesList],
  ['resources/read', resourcesRead],
  ['ping', ping],
  ['logging/setLevel', setLevel],
  ['tasks/get', tasksGet],
  ['tasks/update', tasksUpdate],
  ['tasks/cancel', tasksCancel],
  ['tasks/result', tasksResult],
  ['tasks/list', tasksList],
]);

/** The notification handlers by method name (any other notification is ignored). */
export const NOTIFICATIONS: ReadonlyMap<string, NotificationHandler> = new Map([['notifications/cancelled', cancelled]]);

/** Methods a declaration serves only when it declares what they serve (a tools-only server has no resources/*: -32601). */
const RESOURCE_METHODS: ReadonlySet<string> = new Set(['resources/list', 'resources/templates/list', 'resources/read']);

/** Whether `decl` serves `method` (given that the request's era has it). */
export function offered(method: string, decl: ToolDeclaration): boolean {
  return !RESOURCE_METHODS.has(method) || decl.catalog.hasResources;
}
