/**
 * PromptGetter: prompts/get — check the arguments against the prompt's declaration (strings,
 * every required one given; or its Standard Schema's own validation: -32602 otherwise), run the prompt's procedure as every call runs
 * (the ToolCaller's {@link ToolCaller.execute}: call context, time limit, calls in flight,
 * cancellation, asks of the client), and write its messages, each content block written for the
 * request's profile exactly as tool content is (a kind the version lacks becomes the nearest
 * kind it has). A procedure's failure follows the error policy of resources/read (there is no
 * `isError` in a prompt result).
 */
import type { Prompt } from '../declaration/Prompt';
import type { PromptMessage, ServiceDefinition } from '../remoting/ServiceDefinition';
import { ErrorCodes } from '../faults/ErrorCodes';
import { blockJson } from '../content/blocks';
import { describe as jsonKind } from '../schema/Property';
import { errorReply, resultReply } from './replies';
import type { RequestId } from './jsonRpc';
import { isObject } from '../guards';
import type { DispatchResult } from './DispatchResult';
import type { InboundRequest } from './Inbound';
import type { ErrorPolicy } from './errorPolicy';
import type { EngineLimits } from './limits';
import { argumentProblem } from './argumentLimits';
import { bindStandard } from './validation';
import type { StandardSchemaV1 } from '../schema/StandardSchema';
import type { CallOutcome, Settled, ToolCaller } from './ToolCaller';
import { METHOD } from '../protocol/methodNames';
import type { ProtocolProfile } from '../protocol/profile';

/** Runs prompts/get requests for one declaration and procedure table. */
export class PromptGetter {
  private readonly outcome: CallOutcome<Prompt>;

  constructor(
    private readonly defs: ServiceDefinition,
    private readonly calls: ToolCaller,
    private readonly policy: ErrorPolicy,
    private readonly limits: EngineLimits,
  ) {
    this.outcome = {
      noun: 'Prompt',
      kind: 'prompt',
      format: (_caller, request, prompt, value) => this.write(request, prompt, value),
      failure: (_caller, request, name, error) => this.policy.fault(request.id, error, { requestId: request.id, method: METHOD.promptsGet, prompt: name }),
      timedOut: (request, message) => errorReply(request.id, ErrorCodes.InternalError, message),
    };
  }

  /** Answers one prompts/get request; a Promise only when the procedure returned one. */
  get(request: InboundRequest): Settled | Promise<Settled | undefined> {
    const { id, params } = request;
    if (!isObject(params)) return invalid(id, 'prompts/get expects params to be an object with "name" and "arguments"');
    const name = params.name;
    if (typeof name !== 'string') return invalid(id, `prompts/get requires "name" as a string, got ${name === undefined ? 'nothing' : jsonKind(name)}`);
    const prompt = request.target?.kind === 'prompt' ? request.target : undefined;
    if (!prompt) return invalid(id, `Unknown prompt: ${name}`);
    const args = params.arguments ?? {};
    if (!isObject(args)) return invalid(id, `"arguments" must be an object, got ${jsonKind(args)}`);
    const overLimit = argumentProblem(args, this.limits);
    if (overLimit) return invalid(id, overLimit);
    const schema = prompt.argumentsSchema;
    if (schema) return this.validated(request, prompt, schema, args);
    const bound: Record<string, string> = {};
    for (const argument of prompt.arguments) {
      const value = Object.prototype.hasOwnProperty.call(args, argument.name) ? args[argument.name] : undefined;
      if (value === undefined || value === null) {
        if (argument.required) return invalid(id, `Missing required argument "${argument.name}" of prompt "${name}"`);
        continue;
      }
      if (typeof value !== 'string') return invalid(id, `Argument "${argument.name}" of prompt "${name}" must be a string, got ${jsonKind(value)}`);
      bound[argument.name] = value;
    }
    return this.run(request, prompt, [bound, undefined]);
  }

  /**
   * The arguments of a prompt declared with a Standard Schema: validated by the schema (its
   * issues answered -32602), then the procedure runs with the schema's output. A schema that
   * validates asynchronously cannot be waited for in synchronous dispatch (-32603, as an
   * asynchronous procedure); one whose validator threw is the server's fault (-32603).
   */
  private validated(request: InboundRequest, prompt: Prompt, schema: StandardSchemaV1, args: Record<string, unknown>): Settled | Promise<Settled | undefined> {
    const { id } = request;
    const positional: unknown[] = [undefined, undefined];
    const problem = bindStandard(schema, args, positional);
    if (problem === undefined) return this.run(request, prompt, positional);
    if (typeof problem === 'string') return invalid(id, problem);
    const info = { requestId: id, method: METHOD.promptsGet, prompt: prompt.name };
    if (request.mode === 'sync') {
      problem.catch((error: unknown) => this.policy.report(error, info));
      return errorReply(id, ErrorCodes.InternalError, `Prompt "${prompt.name}" validates its arguments asynchronously (its schema returned a Promise); use StdioService`);
    }
    return problem.then(
      (found) => (found === undefined ? this.run(request, prompt, positional) : invalid(id, found)),
      (error: unknown) => this.policy.internal(id, error, info),
    );
  }

  /** Runs the prompt's procedure with `positional` (the arguments object, then a slot for the context). */
  private run(request: InboundRequest, prompt: Prompt, positional: unknown[]): Settled | Promise<Settled | undefined> {
    const { id } = request;
    const name = prompt.name;
    const fn = this.defs.getPromptProcedure(name);
    if (!fn) return errorReply(id, ErrorCodes.InternalError, `Prompt "${name}" is declared but no procedure is registered for it`);
    return this.calls.execute(request, name, { fn, thisArg: undefined }, positional, 1, this.outcome, prompt);
  }

  /** The result of what the procedure returned; a result of the wrong shape is the server's bug (-32603). */
  private write(request: InboundRequest, prompt: Prompt, value: unknown): Settled {
    const { id, profile } = request;
    // the common answer, a string: one user text message, written at once (what normalized and blockJson would write)
    if (typeof value === 'string') return resultReply(id, `{"messages":[{"role":"user","content":{"type":"text","text":${JSON.stringify(value)}}}]`);
    try {
      const { description, messages } = normalized(value);
      const written = messages.map((message, i) => messageJson(message, i, profile)).join(',');
      const head = description === undefined ? '' : `"description":${JSON.stringify(description)},`;
      return resultReply(id, `{${head}"messages":[${written}]`);
    } catch (error) {
      return this.policy.internal(id, error, { requestId: id, method: METHOD.promptsGet, prompt: prompt.name });
    }
  }
}

function invalid(id: RequestId, message: string): DispatchResult {
  return errorReply(id, ErrorCodes.InvalidParams, `Invalid params: ${message}`);
}

/** What a procedure returned as a description and messages. @throws TypeError for anything else. */
function normalized(value: unknown): { description?: string; messages: readonly unknown[] } {
  if (typeof value === 'string') return { messages: [{ role: 'user', content: { type: 'text', text: value } }] };
  if (Array.isArray(value)) return { messages: value };
  if (isObject(value) && Array.isArray(value.messages)) {
    if (value.description !== undefined && typeof value.description !== 'string') throw new TypeError(`prompt procedure returned description as ${jsonKind(value.description)}, expected a string`);
    return { description: value.description, messages: value.messages };
  }
  if (isObject(value) && 'role' in value) return { messages: [value] };
  throw new TypeError(`prompt procedure returned ${jsonKind(value)}, expected a string, a message { role, content }, an array of messages or { description?, messages }`);
}

/** One message's JSON for `profile`. @throws TypeError / BlockShapeError for a malformed one. */
function messageJson(message: unknown, index: number, profile: ProtocolProfile): string {
  if (!isObject(message)) throw new TypeError(`prompt procedure returned messages[${index}] as ${jsonKind(message)}, expected { role, content }`);
  const { role, content } = message as Partial<PromptMessage>;
  if (role !== 'user' && role !== 'assistant') throw new TypeError(`prompt procedure returned messages[${index}].role ${JSON.stringify(role) ?? 'undefined'}, expected "user" or "assistant"`);
  return `{"role":"${role}","content":${blockJson(content, profile, `messages[${index}].content`)}}`;
}
