/**
 * completion/complete, for every era: the completion function of a prompt's argument
 * (`ref/prompt`) or a resource template's variable (`ref/resource`), called with the value typed
 * so far and `context.arguments`; its values are cut at 100 (`hasMore` then set). Offered only
 * when some completion function is declared (the `completions` capability); an unknown ref or
 * argument, or malformed params, is -32602. The target's scopes apply (the chain's scopes rule).
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { isObject, isThenable } from '../../guards';
import { errorReply, resultReply } from '../replies';
import type { RequestId } from '../jsonRpc';
import type { DispatchResult, ResultReply } from '../DispatchResult';
import type { InboundRequest } from '../Inbound';
import { toCompletion } from '../../declaration/completion';
import type { CompletionFn } from '../../declaration/completion';
import { completionTarget, REF } from '../completionTarget';
import { ResourceReadContext } from '../ResourceReader';
import type { ErrorPolicy } from '../errorPolicy';
import type { RequestHandler } from './Handler';
import type { MethodDescriptor } from './MethodDescriptor';
import { METHOD } from '../../protocol/methodNames';

const handle: RequestHandler = (request, { policy }) => {
  const { id, params } = request;
  if (!isObject(params)) return invalid(id, 'completion/complete expects params to be an object with "ref" and "argument"');
  const { ref, argument, context } = params;
  if (!isObject(ref) || (ref.type !== REF.prompt && ref.type !== REF.resource)) return invalid(id, `"ref" must be { type: "${REF.prompt}", name } or { type: "${REF.resource}", uri }`);
  if (!isObject(argument) || typeof argument.name !== 'string' || typeof argument.value !== 'string') return invalid(id, '"argument" must be { name, value } with string members');
  const given = isObject(context) ? context.arguments : undefined;
  if (context !== undefined && (!isObject(context) || (given !== undefined && (!isObject(given) || !Object.values(given).every((v) => typeof v === 'string'))))) {
    return invalid(id, '"context" must be { arguments?: { [name]: string } }');
  }
  const target = request.target;
  const named = ref.type === REF.prompt ? `prompt ${JSON.stringify(ref.name)}` : `resource template ${JSON.stringify(ref.uri)}`;
  if (!target || target.kind === 'tool') return invalid(id, `unknown ${named}`);
  const fn: CompletionFn | undefined = target.kind === 'prompt' ? target.completionOf(argument.name) : 'completionOf' in target.entry ? (target.entry as { completionOf(name: string): CompletionFn | undefined }).completionOf(argument.name) : undefined;
  if (!fn) return resultReply(id, '{"completion":{"values":[]}');
  const info = { requestId: id, method: METHOD.completionComplete };
  let value: unknown;
  try {
    value = fn(argument.value, { arguments: (given ?? {}) as Record<string, string>, ctx: new ResourceReadContext(request, target.name) });
  } catch (error) {
    return policy.fault(id, error, info);
  }
  if (!isThenable(value)) return written(request, policy, value);
  if (request.mode === 'sync') {
    Promise.resolve(value).catch(() => undefined);
    return errorReply(id, ErrorCodes.InternalError, `The completion of ${named} returned a Promise: asynchronous completion; use StdioService`);
  }
  return Promise.resolve(value).then(
    (result) => written(request, policy, result),
    (error: unknown) => policy.fault(id, error, info),
  );
};

function written(request: InboundRequest, policy: ErrorPolicy, value: unknown): ResultReply | DispatchResult {
  try {
    return resultReply(request.id, `{"completion":${JSON.stringify(toCompletion(value))}`);
  } catch (error) {
    return policy.internal(request.id, error, { requestId: request.id, method: METHOD.completionComplete });
  }
}

function invalid(id: RequestId, message: string): DispatchResult {
  return errorReply(id, ErrorCodes.InvalidParams, `Invalid params: ${message}`);
}

export const completionComplete: MethodDescriptor = {
  method: METHOD.completionComplete,
  eras: ['legacy', 'modern'],
  offered: (decl) => decl.catalog.hasCompletions,
  target: (params, { decl }) => completionTarget(decl, params),
  stamped: true,
  handle,
};
