/**
 * paramHeaders: step 8 of the 2026-07-28 admission ladder, as a rule of the chain — the
 * arguments a tool mirrors in `Mcp-Param-*` headers (`addParam(…, { header })`) must be sent in
 * them, once each, stating the argument (strings exactly, numbers in canonical decimal form,
 * booleans as `true`/`false`, after base64 decoding); a header for an absent or null argument
 * must not be sent. Otherwise -32020, HTTP 400. Only modern requests over transports with
 * headers (HTTP); it runs after the required capabilities, as the ladder orders them.
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import type { Tool } from '../../declaration/Tool';
import { PARAM_HEADER_PREFIX, headerStates, headerValue } from '../../protocol/headers';
import { isObject } from '../../guards';
import { errorReply } from '../replies';
import { refused } from '../DispatchResult';
import type { DispatchContext } from '../DispatchContext';
import { fixedRule } from './RuleModule';

export const paramHeaders = fixedRule({
  name: 'paramHeaders',
  concerns: (method) => method?.targetKind === 'tool',
  before(request) {
    const { context, params, target: tool } = request;
    if (!request.meta || !context.header || tool?.kind !== 'tool' || !isObject(params)) return undefined;
    const problem = paramHeadersProblem(tool, params, context);
    return problem ? refused(errorReply(request.id, ErrorCodes.HeaderMismatch, problem)) : undefined;
  },
});

function paramHeadersProblem(tool: Tool, params: Record<string, unknown>, context: DispatchContext): string | undefined {
  if (tool.paramHeaders.size === 0) return undefined;
  const args = isObject(params.arguments) ? params.arguments : {};
  for (const [param, name] of tool.paramHeaders) {
    const value = Object.prototype.hasOwnProperty.call(args, param) ? args[param] : undefined;
    const full = `${PARAM_HEADER_PREFIX}${name}`;
    const raw = context.header?.(full.toLowerCase());
    if (raw !== undefined && context.headerRepeated?.(full.toLowerCase())) return `Header mismatch: ${full} is sent more than once`;
    if (value === undefined || value === null) {
      if (raw !== undefined) return `Header mismatch: ${full} is sent but argument "${param}" is not`;
      continue;
    }
    if (raw === undefined) return `Header mismatch: argument "${param}" requires the ${full} header`;
    const decoded = headerValue(raw);
    if (decoded === undefined) return `Header mismatch: ${full} is not valid =?base64?…?= encoding`;
    if (!headerStates(decoded, value)) return `Header mismatch: ${full} does not match argument "${param}"`;
  }
  return undefined;
}
