/**
 * resources/list and resources/templates/list: the declaration's cached page for the request's
 * profile and cursor (paginated like tools/list, with the same -32602 for an unknown or stale
 * cursor), large pages written from their pre-encoded bytes.
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { errorResponse, resultOpening, resultResponse } from '../jsonRpc';
import { isObject } from '../../guards';
import { answer } from '../DispatchResult';
import type { DispatchResult } from '../DispatchResult';
import type { InboundRequest } from '../Inbound';
import type { ToolDeclaration } from '../../declaration/ToolDeclaration';
import type { RequestHandler } from './Handler';
import type { MethodDescriptor } from './MethodDescriptor';
import { METHOD } from '../../protocol/methodNames';

type PageOf = (decl: ToolDeclaration, version: string, cursor: string | undefined) => { json: string; bytes?: Uint8Array } | undefined;

function listHandler(pageOf: PageOf): RequestHandler {
  return ({ id, params, profile }: InboundRequest, { decl }): DispatchResult => {
    const cursor = isObject(params) ? params.cursor : undefined;
    if (cursor !== undefined && typeof cursor !== 'string') {
      return answer(errorResponse(id, ErrorCodes.InvalidParams, `Invalid params: cursor must be a string, got ${cursor === null ? 'null' : typeof cursor}`));
    }
    const page = pageOf(decl, profile.version, cursor);
    if (!page) return answer(errorResponse(id, ErrorCodes.InvalidParams, 'Invalid params: unknown or stale cursor (the list may have changed; list again without a cursor)'));
    return answer(resultResponse(id, page.json), 'response', page.bytes && [resultOpening(id), page.bytes, '}']);
  };
}

export const resourcesList: MethodDescriptor = {
  method: METHOD.resourcesList,
  eras: ['legacy', 'modern'],
  offered: (decl) => decl.catalog.hasResources,
  handle: listHandler((decl, version, cursor) => decl.resourcesListPage(version, cursor)),
};

export const resourceTemplatesList: MethodDescriptor = {
  method: METHOD.resourceTemplatesList,
  eras: ['legacy', 'modern'],
  offered: (decl) => decl.catalog.hasResources,
  handle: listHandler((decl, version, cursor) => decl.resourceTemplatesListPage(version, cursor)),
};
