/**
 * scopes: the rule of per-target scopes on a protected endpoint — a tool's for tools/call, a
 * resource's for resources/read, a prompt's for prompts/get, the prompt's or template's for
 * completion/complete. The target is named in the body, so this is the dispatcher's to
 * decide: a token without every scope of the request's target gets 403 with the
 * `insufficient_scope` challenge, and a JSON-RPC error (with the request's id) naming the scopes
 * it needs. A request without a target (unknown tools, malformed params) passes on to its
 * handler, which answers it as it always does.
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { errorReply } from '../replies';
import { DispatchResult, forbidden } from '../DispatchResult';
import { describeTarget } from '../Target';
import { fixedRule } from './RuleModule';
import type { InboundRequest } from '../Inbound';
import { METHOD } from '../../protocol/methodNames';

/** The 403 for a request the token may not make of its target, or `undefined` when it may (or nothing is checked). */
export const scopes = fixedRule({
  name: 'scopes',
  // completion/complete names a prompt or template (its target) without being of a target kind
  concerns: (method) => method?.targetKind !== undefined || method?.method === METHOD.completionComplete,
  before: (request) => scopeRefusal(request),
});

function scopeRefusal(request: InboundRequest): DispatchResult | undefined {
  const { access } = request.context;
  const target = request.target;
  if (!access || !target) return undefined;
  const needed = target.scopes;
  if (needed.length === 0) return undefined;
  const missing = access.missing(needed);
  if (missing.length === 0) return undefined;
  const message = `Forbidden: insufficient_scope: ${describeTarget(target)} requires scope ${needed.join(' ')} (missing: ${missing.join(' ')})`;
  return forbidden(errorReply(request.id, ErrorCodes.InvalidRequest, message), access.insufficientScopeHeaders(needed));
}
