/**
 * listenFilter: what a 2026-07-28 `subscriptions/listen` asks for (`params.notifications`) and
 * what the server honours of it — the lists the declaration serves, the resource URIs the
 * caller may read (a URI whose resource needs scopes the token lacks is left out), and, when a
 * tool runs as a task, the tasks extension's `taskIds`. Malformed params are described so the
 * request can be answered -32602.
 */
import { isObject } from '../../guards';
import type { ToolDeclaration } from '../../declaration/ToolDeclaration';
import type { Access } from '../../auth/Access';
import { resourceTarget } from '../resourceTarget';
import type { ListKind } from '../../notifications/CatalogChange';

/** A filter as asked, or why it cannot be read. */
export type ReadFilter = { readonly filter: ListenFilter } | { readonly problem: string };

/** What a listen asks for (and, honoured, what it gets). */
export interface ListenFilter {
  readonly lists: readonly ListKind[];
  readonly resourceSubscriptions?: readonly string[];
  readonly taskIds?: readonly string[];
}

const LIST_KEYS: readonly (readonly [string, ListKind])[] = [
  ['toolsListChanged', 'tools'],
  ['promptsListChanged', 'prompts'],
  ['resourcesListChanged', 'resources'],
];

/** Reads `params.notifications`; at most `maxEntries` URIs and task ids each. */
export function readListenFilter(params: unknown, maxEntries: number): ReadFilter {
  const notifications = isObject(params) ? params.notifications : undefined;
  if (!isObject(notifications)) return { problem: 'params.notifications must be an object' };
  const lists: ListKind[] = [];
  for (const [key, list] of LIST_KEYS) {
    const value = notifications[key];
    if (value !== undefined && typeof value !== 'boolean') return { problem: `notifications.${key} must be a boolean` };
    if (value === true) lists.push(list);
  }
  const uris = stringList(notifications.resourceSubscriptions, 'resourceSubscriptions', maxEntries);
  if (typeof uris === 'string') return { problem: uris };
  const taskIds = stringList(notifications.taskIds, 'taskIds', maxEntries);
  if (typeof taskIds === 'string') return { problem: taskIds };
  return { filter: { lists, resourceSubscriptions: uris, taskIds } };
}

/** The part of `asked` the server honours for a caller with `access`. */
export function honouredFilter(asked: ListenFilter, decl: ToolDeclaration, access: Access | undefined): ListenFilter {
  const catalog = decl.catalog;
  const lists = asked.lists.filter((list) => list === 'tools' || (list === 'prompts' ? catalog.hasPrompts : catalog.hasResources));
  const uris = asked.resourceSubscriptions && catalog.hasResources ? asked.resourceSubscriptions.filter((uri) => mayRead(decl, uri, access)) : undefined;
  const tasks = asked.taskIds && catalog.tools.some((tool) => tool.taskSupport !== 'forbidden') ? asked.taskIds : undefined;
  return { lists, resourceSubscriptions: uris, taskIds: tasks };
}

/** The filter object of an acknowledgement (only what is honoured; lists as `true`). */
export function filterJson(filter: ListenFilter): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const [key, list] of LIST_KEYS) if (filter.lists.includes(list)) json[key] = true;
  if (filter.resourceSubscriptions) json.resourceSubscriptions = filter.resourceSubscriptions;
  if (filter.taskIds) json.taskIds = filter.taskIds;
  return json;
}

/** Whether a caller with `access` may read `uri` (no token: anyone; an unknown URI: nothing to refuse yet). */
export function mayRead(decl: ToolDeclaration, uri: string, access: Access | undefined): boolean {
  return !access || access.missing(readScopes(decl, uri)).length === 0;
}

/** The scopes a read of `uri` needs now: its resource's or its template's (none for an unknown URI). */
export function readScopes(decl: ToolDeclaration, uri: string): readonly string[] {
  return resourceTarget(decl, uri)?.scopes ?? [];
}

function stringList(value: unknown, key: string, max: number): readonly string[] | undefined | string {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string' && entry !== '')) return `notifications.${key} must be an array of non-empty strings`;
  if (value.length > max) return `notifications.${key} lists ${value.length} entries; at most maxResourceSubscriptions (${max})`;
  return [...new Set(value as string[])];
}
