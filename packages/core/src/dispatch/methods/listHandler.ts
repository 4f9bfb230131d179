/**
 * listHandler: the handler of a paged list method (tools/list, prompts/list, resources/list,
 * resources/templates/list) — the declaration's cached page for the request's profile and
 * cursor, large pages written from their pre-encoded bytes; an unknown or stale cursor is
 * -32602. A list whose entries have scopes may leave out those the token lacks
 * (`auth.listOnlyPermittedTools`).
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { errorReply } from '../replies';
import { resultOpening, resultResponse } from '../jsonRpc';
import { isObject } from '../../guards';
import { answer } from '../DispatchResult';
import type { ToolDeclaration } from '../../declaration/ToolDeclaration';
import type { ListKind } from '../../declaration/Catalog';
import { permittedPageJson } from '../permittedTools';
import type { RequestHandler } from './Handler';

/** How a list is filtered by authorization: the member holding its entries and the scopes of an entry by name. */
export interface ScopedEntries {
  readonly key: 'tools' | 'prompts';
  readonly scopesOf: (decl: ToolDeclaration, name: string) => readonly string[] | undefined;
}

/** The handler of list `kind` (`what`: how its stale-cursor message names it). */
export function listHandler(kind: ListKind, what = 'list', scoped?: ScopedEntries): RequestHandler {
  return ({ id, params, profile, context }, { decl }) => {
    const cursor = isObject(params) ? params.cursor : undefined;
    if (cursor !== undefined && typeof cursor !== 'string') {
      return errorReply(id, ErrorCodes.InvalidParams, `Invalid params: cursor must be a string, got ${cursor === null ? 'null' : typeof cursor}`);
    }
    const page = decl.payloads.listPage(kind, profile.version, cursor);
    if (!page) return errorReply(id, ErrorCodes.InvalidParams, `Invalid params: unknown or stale cursor (the ${what} may have changed; list again without a cursor)`);
    const access = context.access;
    const permitted = scoped && access?.listOnlyPermittedTools ? permittedPageJson(page.object as never, scoped.key, (name) => scoped.scopesOf(decl, name), access) : undefined;
    if (permitted !== undefined) return answer(resultResponse(id, permitted));
    return answer(resultResponse(id, page.json), 'response', page.bytes && [resultOpening(id), page.bytes, '}']);
  };
}
