/**
 * prompts/list: the declaration's cached page of prompts for the request's profile and cursor
 * (paginated with the declaration's `pageSize`, opaque cursors, -32602 for an unknown or stale
 * one; on 2026-07-28 with the cache hints). Offered only when a prompt is declared. With
 * `auth.listOnlyPermittedTools`, the prompts the token may not get are left out (and the page
 * is then `cacheScope: "private"`).
 */
import type { MethodDescriptor } from './MethodDescriptor';
import { listHandler } from './listHandler';
import { METHOD } from '../../protocol/methodNames';

export const promptsList: MethodDescriptor = {
  method: METHOD.promptsList,
  eras: ['legacy', 'modern'],
  offered: (decl) => decl.catalog.hasPrompts,
  handle: listHandler('prompts', 'prompt list', { key: 'prompts', scopesOf: (decl, name) => decl.getPrompt(name)?.scopes }),
};
