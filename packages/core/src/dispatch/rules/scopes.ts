/**
 * scopes: the rule of the per-tool scopes of tools/call (and the per-resource scopes of
 * resources/read) on a protected endpoint. The tool name (the URI) is in the body, so this is the dispatcher's to decide: a token without every scope of the
 * named tool gets 403 with the `insufficient_scope` challenge, and a JSON-RPC error (with the
 * request's id) naming the scopes it needs. Unknown tools and malformed params pass on to the
 * ToolCaller, which answers them as it always does.
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { isObject } from '../../guards';
import { errorResponse } from '../jsonRpc';
import { DispatchResult, forbidden } from '../DispatchResult';
import type { Rule } from './Rule';
import { resourceTarget } from '../ResourceReader';

/** The 403 for a call or read the request's token may not make, or `undefined` when it may (or nothing is checked). */
export const scopes: Rule = (request, { decl, resources }): DispatchResult | undefined => {
  const access = request.context.access;
  if (!access || !isObject(request.params)) return undefined;
  let needed: readonly string[] | undefined;
  let what: string;
  if (request.method === 'tools/call') {
    const name = request.params.name;
    needed = typeof name === 'string' ? decl.getTool(name)?.scopes : undefined;
    what = `tool "${String(name)}"`;
  } else if (request.method === 'resources/read') {
    const uri = request.params.uri;
    // a URI over maxUriLength is the reader's to refuse, before any template is tried
    needed = typeof uri === 'string' && uri.length <= resources.maxUriLength ? resourceTarget(decl, uri)?.entry.scopes : undefined;
    what = `resource "${String(uri)}"`;
  } else {
    return undefined;
  }
  if (!needed || needed.length === 0) return undefined;
  const missing = access.missing(needed);
  if (missing.length === 0) return undefined;
  const message = `Forbidden: insufficient_scope: ${what} requires scope ${needed.join(' ')} (missing: ${missing.join(' ')})`;
  return forbidden(errorResponse(request.id, ErrorCodes.InvalidRequest, message), access.insufficientScopeHeaders(needed));
};
