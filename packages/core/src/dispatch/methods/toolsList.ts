/**
 * tools/list: the declaration's cached page for the request's profile and cursor, with its
 * pre-encoded bytes as `parts` when it is large (writing it is then a copy, not an encode). An
 * unknown or stale cursor is -32602. With `auth.listOnlyPermittedTools`, the tools the token
 * cannot call are left out.
 */
import type { MethodDescriptor } from './MethodDescriptor';
import { listHandler } from './listHandler';
import { METHOD } from '../../protocol/methodNames';

export const toolsList: MethodDescriptor = {
  method: METHOD.toolsList,
  eras: ['legacy', 'modern'],
  handle: listHandler('tools', 'tool list', { key: 'tools', scopesOf: (decl, name) => decl.getTool(name)?.scopes }),
};
