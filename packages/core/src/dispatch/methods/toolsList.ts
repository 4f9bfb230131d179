/**
 * tools/list: the declaration's cached page for the request's profile and cursor, with its
 * pre-encoded bytes as `parts` when it is large (writing it is then a copy, not an encode). An
 * unknown or stale cursor is -32602. With `auth.listOnlyPermittedTools`, the tools the token
 * cannot call are left out.
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { errorResponse, resultOpening, resultResponse } from '../jsonRpc';
import { isObject } from '../../guards';
import { answer } from '../DispatchResult';
import type { RequestHandler } from './Handler';
import type { MethodDescriptor } from './MethodDescriptor';
import { permittedPageJson } from '../permittedTools';
import { METHOD } from '../../protocol/methodNames';

const handle: RequestHandler = ({ id, params, profile, context }, { decl }) => {
  const cursor = isObject(params) ? params.cursor : undefined;
  if (cursor !== undefined && typeof cursor !== 'string') {
    return answer(errorResponse(id, ErrorCodes.InvalidParams, `Invalid params: cursor must be a string, got ${cursor === null ? 'null' : typeof cursor}`));
  }
  const page = decl.toolsListPage(profile.version, cursor);
  if (!page) return answer(errorResponse(id, ErrorCodes.InvalidParams, 'Invalid params: unknown or stale cursor (the tool list may have changed; list again without a cursor)'));
  const permitted = context.access?.listOnlyPermittedTools ? permittedPageJson(decl, profile.version, cursor, context.access) : undefined;
  if (permitted !== undefined) return answer(resultResponse(id, permitted));
  const body = resultResponse(id, page.json);
  return answer(body, 'response', page.bytes && [resultOpening(id), page.bytes, '}']);
};

export const toolsList: MethodDescriptor = { method: METHOD.toolsList, eras: ['legacy', 'modern'], handle };
