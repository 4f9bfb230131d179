/**
 * ToolCaller: tools/call — look the tool up, validate and position the arguments, call the
 * procedure, and write its result as MCP content (or map its failure to isError / JSON-RPC).
 */
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import type { ProcedureEntry, ServiceDefinition } from '../remoting/ServiceDefinition';
import { RemotingFault } from '../faults/RemotingFault';
import type { ResolvedState } from '../governance/StateOptions';
import { InputUnavailableError } from '../remoting/InputUnavailableError';
import { JsonRpcFault } from '../faults/JsonRpcFault';
import { McpError } from '../faults/McpError';
import { ErrorCodes } from '../faults/ErrorCodes';
import { decompose } from '../content/decompose';
import type { ContentFormatter } from '../content/ContentType';
import { isToolError } from '../remoting/ToolError';
import { isResultMeta } from '../remoting/ResultMeta';
import type { Tool } from '../declaration/Tool';
import { compileTool } from './validation';
import type { Check, ToolPlan } from './validation';
import { describe as jsonKind } from '../schema/Property';
import type { RequestId } from './jsonRpc';
import { errorReply, resultReply, toolErrorReply } from './replies';
import { isObject, isThenable } from '../guards';
import type { ProtocolProfile } from '../protocol/profile';
import { InFlightCall } from './Session';
import { StatelessCalls } from './statelessCalls';
import type { CallRegistry } from './statelessCalls';
import { principalOf } from './principal';
import type { ErrorPolicy } from './errorPolicy';
import type { EngineLimits } from './limits';
import { argumentProblem } from './argumentLimits';
import type { InboundRequest } from './Inbound';
import { busy, refused } from './DispatchResult';
import type { DispatchResult, ResultReply } from './DispatchResult';
import { ToolCallContext } from './ToolCallContext';
import { bindingOf, STATE_TTL_MS } from './asks/requestState';
import type { StateSealer } from './asks/requestState';
import type { AskSettings, Interruption } from './asks/CallAsks';
import type { TaskHooks } from './tasks/TaskHooks';
import { unrefed } from '../tasks/timers';
import { METHOD } from '../protocol/methodNames';

/** A call whose tool, procedure and arguments are known and checked: ready to run. */
export interface PreparedCall {
  readonly name: string;
  readonly plan: ToolPlan;
  readonly entry: ProcedureEntry;
  /** The arguments by position, with a free last slot for the context. */
  readonly positional: unknown[];
}

/**
 * How the outcome of one kind of procedure is written (a tool's, a prompt's): its value, its
 * failure, its time running out. One object per kind, made once.
 */
export interface CallOutcome<S> {
  /** How a procedure of this kind is named in messages: `Tool`, `Prompt`. */
  readonly noun: string;
  /** The member of the error hook's info naming it. */
  readonly kind: 'tool' | 'prompt';
  /** The response to the value the procedure settled with (`subject`: what it was called for, as passed to `execute`). */
  format(caller: ToolCaller, request: InboundRequest, subject: S, value: unknown): Settled;
  /** The response to what the procedure threw or rejected with. */
  failure(caller: ToolCaller, request: InboundRequest, name: string, error: unknown): Settled;
  /** The response to a call that ran out of time (`message` says so). */
  timedOut(request: InboundRequest, message: string): Settled;
}

/** How a call ended, typed: a result to write (a tool error included), or a JSON-RPC error. */
export type Settled = ResultReply | DispatchResult;

/** Whether `prepare` gave a call ready to run (not its refusal). */
export function isPrepared(value: PreparedCall | Settled): value is PreparedCall {
  return 'entry' in value;
}

/** What the ToolCaller needs of the task runner: whether a call may begin its task, and starting one. */
export interface TaskStarter {
  /** Whether `context.beginTask()` of this call makes it a task (a modern request that declares tasks, an `onBeginTask` tool). */
  beginsHere(request: InboundRequest, tool: Tool): boolean;
  /** Creates the task of `request` and runs the procedure in it; resolves to the CreateTaskResult reply. */
  start(request: InboundRequest, answers: Readonly<Record<string, unknown>>): Promise<Settled>;
}

class StringSink {
  text = '';
  write(chunk: string): void {
    this.text += chunk;
  }
}

/** Runs tools/call requests for one declaration and procedure table. */
export class ToolCaller {
  /** Compiled tools, for the schema revision they were compiled at. */
  private plans = { revision: -1, byTool: new WeakMap<Tool, ToolPlan>() };
  /** Where a call of an `onBeginTask` tool becomes a task (set by the dispatcher). */
  tasks: TaskStarter | undefined;
  /** The `state` option (`ctx.state`), set by the Dispatcher. */
  state: ResolvedState | undefined;
  /** Calls whose procedure went asynchronous and has not settled (bounded by `maxConcurrentCalls`). */
  private inFlight = 0;
  private readonly asks: AskSettings;
  /** Session-less calls in flight, for `notifications/cancelled` over stateless HTTP. */
  readonly stateless = new StatelessCalls();

  constructor(
    private readonly defs: ServiceDefinition,
    private readonly decl: ToolDeclaration,
    private readonly policy: ErrorPolicy,
    /** The dispatcher's limits (the rules read theirs here). */
    readonly limits: EngineLimits,
    sealer: StateSealer,
  ) {
    this.asks = { sealer, limits };
  }

  /** The -32000 (HTTP 503) refusal of a call while `maxConcurrentCalls` calls are in flight, or `undefined`. */
  busyRefusal(request: InboundRequest): DispatchResult | undefined {
    const max = this.limits.maxConcurrentCalls;
    if (this.inFlight < max) return undefined;
    return busy(errorReply(request.id, ErrorCodes.ServerBusy, `Server busy: ${this.inFlight} tool and prompt calls are in flight (maxConcurrentCalls (${max})); try again later`));
  }

  /** Answers one tools/call request; a Promise only when the procedure returned one. */
  call(request: InboundRequest): Settled | Promise<Settled | undefined> {
    const prepared = this.prepare(request);
    if (prepared instanceof Promise) return prepared.then((ready) => (isPrepared(ready) ? this.invoke(ready, request) : ready));
    return isPrepared(prepared) ? this.invoke(prepared, request) : prepared;
  }

  /**
   * Looks the tool up and binds the arguments to the procedure's positions: the prepared call,
   * or the error response text (an unknown tool, invalid arguments, no procedure) — a Promise of
   * either when the tool's Standard Schema validates asynchronously.
   */
  prepare(request: InboundRequest): PreparedCall | Settled | Promise<PreparedCall | Settled> {
    const { id, params, profile } = request;
    if (!isObject(params)) return invalid(id, 'tools/call expects params to be an object with "name" and "arguments"');
    const name = params.name;
    if (typeof name !== 'string') return invalid(id, `tools/call requires "name" as a string, got ${name === undefined ? 'nothing' : jsonKind(name)}`);
    const args = params.arguments;
    if (args !== undefined && !isObject(args)) return invalid(id, `"arguments" must be an object, got ${jsonKind(args)}`);
    const tool = request.target;
    if (tool?.kind !== 'tool') return invalid(id, `Unknown tool: ${name}`);
    const plan = this.plan(tool);
    const entry = this.defs.getProcedure(name);
    if (!entry) return errorReply(id, ErrorCodes.InternalError, `Tool "${name}" is declared but no procedure is registered for it`);

    const overLimit = args === undefined ? undefined : argumentProblem(args, this.limits);
    if (overLimit) return invalid(id, overLimit);
    const positional: unknown[] = new Array(plan.arity + 1);
    const problem = args === undefined ? plan.bind({}, positional) : plan.bind(args, positional);
    if (problem === undefined) return { name, plan, entry, positional };
    if (typeof problem === 'string') return invalidArguments(id, profile, problem);
    return this.validating(request, problem, { name, plan, entry, positional });
  }

  /**
   * A Standard Schema that validates asynchronously: the call once it has (its failure answered
   * as invalid arguments, a validator that threw as -32603). Synchronous dispatch cannot wait:
   * -32603, as for an asynchronous procedure.
   */
  private validating(request: InboundRequest, problem: Promise<string | undefined>, prepared: PreparedCall): Settled | Promise<PreparedCall | Settled> {
    const { id, profile } = request;
    const info = { requestId: id, method: request.method, tool: prepared.name };
    if (request.mode === 'sync') {
      problem.catch((error: unknown) => this.policy.report(error, info));
      return errorReply(id, ErrorCodes.InternalError, `Tool "${prepared.name}" validates its arguments asynchronously (its input schema returned a Promise); use StdioService`);
    }
    return problem.then(
      (found): PreparedCall | Settled => (found === undefined ? prepared : invalidArguments(id, profile, found)),
      (error: unknown) => this.policy.internal(id, error, info),
    );
  }

  /**
   * Calls a prepared procedure for `request` (whose context may differ from the one it was
   * prepared with: a task runs it with its own) and formats its outcome as the response text.
   * @param task - inside a task: its hooks (asks, status) and its time limit instead of `callTimeoutMs`.
   */
  invoke(prepared: PreparedCall, request: InboundRequest, task?: { readonly hooks: TaskHooks; readonly timeoutMs: number }): Settled | Promise<Settled | undefined> {
    const { plan } = prepared;
    const begins = !task && this.tasks?.beginsHere(request, plan.tool) === true;
    return this.execute(request, prepared.name, prepared.entry, prepared.positional, plan.arity, TOOL_OUTCOME, plan, task, begins);
  }

  /**
   * Runs a procedure — a tool's, or another kind's (a prompt's) with its own {@link CallOutcome}
   * — as every call runs: with its {@link ToolCallContext} in slot `slot` of `positional`, within
   * its time limit, counted among the calls in flight, cancellable, its asks answered by the
   * client (2026-07-28: `input_required` rounds; legacy stdio: requests on the connection).
   */
  execute<S>(
    request: InboundRequest,
    name: string,
    entry: ProcedureEntry,
    positional: unknown[],
    slot: number,
    outcome: CallOutcome<S>,
    subject: S,
    task?: { readonly hooks: TaskHooks; readonly timeoutMs: number },
    begins = false,
  ): Settled | Promise<Settled | undefined> {
    const { id } = request;
    const sync = request.mode === 'sync';
    const timeoutMs = task ? task.timeoutMs : this.limits.callTimeoutMs;
    const session = sync || task ? undefined : this.registryOf(request);
    // a call that can time out needs its own signal, even without a session to register it in
    const call = session || (!sync && timeoutMs !== Infinity) ? new InFlightCall(request) : undefined;
    const context = new ToolCallContext(request, name, call, this.decl.loggingLevel, this.asks, this.state);
    if (task) context.taskHooks = task.hooks;
    else if (begins) context.onBeginTask = true;
    positional[slot] = context;

    let value: unknown;
    try {
      value = entry.fn.apply(entry.thisArg, positional);
    } catch (error) {
      context.finished = true;
      return outcome.failure(this, request, name, error);
    }
    if (!isThenable(value)) {
      context.finished = true;
      return outcome.format(this, request, subject, value);
    }
    if (sync) {
      context.finished = true;
      Promise.resolve(value).catch(() => undefined); // its outcome can no longer be reported
      return errorReply(id, ErrorCodes.InternalError, `${outcome.noun} "${name}" returned a Promise: asynchronous procedure; use StdioService`);
    }
    // Only now can anything else run — a cancel, the end of the connection — so only a call that
    // went asynchronous is registered in the session; one that finished on the spot costs none of it.
    if (session && call) session.begin(id, call);
    return this.settle(value, request, name, outcome, subject, session, call, context, timeoutMs);
  }

  /**
   * Waits for an asynchronous procedure, or for its time limit: then its signal aborts and the
   * call is answered "timed out"; whatever the procedure settles with later is dropped. A call
   * cancelled by the client is answered with nothing, whichever comes first.
   */
  private settle<S>(
    value: PromiseLike<unknown>,
    request: InboundRequest,
    name: string,
    outcome: CallOutcome<S>,
    subject: S,
    session: CallRegistry | undefined,
    call: InFlightCall | undefined,
    context: ToolCallContext,
    timeoutMs: number,
  ): Promise<Settled | undefined> {
    const id = request.id;
    const info = { requestId: id, method: request.method, [outcome.kind]: name };
    /** Whether the call holds its slot of `maxConcurrentCalls`: a task waiting for the client's input (already, maybe) holds none. */
    let holding = !context.waiting;
    if (holding) this.inFlight++;
    return new Promise((resolve) => {
      let open = true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      context.onWaiting = (waiting) => {
        if (!open || holding !== waiting) return;
        holding = !waiting;
        this.inFlight += waiting ? -1 : 1;
      };
      /** Ends the call; true when its reply is to be sent (it was not cancelled). */
      const close = (): boolean => {
        open = false;
        if (holding) this.inFlight--;
        context.finished = true;
        if (timer !== undefined) clearTimeout(timer);
        // a cancelled call is answered with nothing: a session's (or stateless caller's) notifications/cancelled,
        // a task's cancel, or — outside a task — the transport's signal (the client closed the request: nobody
        // to answer, and its going away is no error of the procedure's for onError)
        if (session && call && !session.end(id, call)) return false;
        if (context.taskHooks) return context.taskHooks.cancelled() !== true;
        return request.context.signal?.aborted !== true;
      };
      context.onInterrupt = (interruption) => {
        if (!open) return;
        const answered = close();
        call?.abort(new Error('the call was interrupted: ' + interruption.kind));
        resolve(answered ? this.interruption(id, name, interruption, context, outcome.kind) : undefined);
      };
      if (call && timeoutMs !== Infinity) {
        timer = unrefed(setTimeout(() => {
          if (!open) return;
          const answered = close();
          const error = new Error(`${outcome.noun} "${name}" timed out after ${timeoutMs} ms`);
          error.name = 'TimeoutError';
          call.abort(error);
          if (answered) this.policy.report(error, info);
          // a task's procedure that ran out of time fails its task; an ordinary call is a tool error (a prompt's: its outcome's)
          const reply = context.taskHooks ? errorReply(id, ErrorCodes.InternalError, error.message) : outcome.timedOut(request, error.message);
          resolve(answered ? reply : undefined);
        }, timeoutMs));
      }
      Promise.resolve(value)
        .then(
          (result) => open && resolve(close() ? outcome.format(this, request, subject, result) : undefined),
          (error: unknown) => open && resolve(close() ? outcome.failure(this, request, name, error) : undefined),
        )
        .then(undefined, (error: unknown) => resolve(this.policy.internal(id, error, info)));
    });
  }

  /**
   * A 2026-07-28 call ended by an ask: the interim result, or the error its ask was refused with.
   * A state longer than `maxRequestStateBytes` is not sent (the client could never send it back):
   * answers too large for it are the client's -32602, asks too many for it the server's -32603.
   */
  private async interruption(id: RequestId, tool: string, interruption: Interruption, context: ToolCallContext, kind: CallOutcome<unknown>['kind'] = 'tool'): Promise<Settled> {
    if (interruption.kind === 'capability') {
      const capability = interruption.capability;
      return refused(errorReply(id, ErrorCodes.MissingClientCapability, `Missing required client capability: ${capability} (${kind} "${tool}" asks for it)`, { requiredCapabilities: { [capability]: {} } }));
    }
    if (interruption.kind === 'invalid') return errorReply(id, ErrorCodes.InvalidParams, `Invalid params: ${interruption.message}`);
    if (interruption.kind === 'task') {
      if (!this.tasks) return this.policy.internal(id, new Error('beginTask without a task runner'), { requestId: id, method: METHOD.toolsCall, tool });
      return this.tasks.start(context.inbound, interruption.answers);
    }
    const { requests, answers } = interruption;
    const round = { answers, pending: Object.keys(requests), expires: Date.now() + STATE_TTL_MS };
    const state = await this.asks.sealer.seal(round, bindingOf(context.inbound, tool));
    const max = this.limits.maxRequestStateBytes;
    if (state.length > max) {
      const taken = Object.keys(answers);
      if (taken.length === 0) {
        return this.policy.internal(id, new Error(`Tool "${tool}" asked more at once (${round.pending.length} ask${round.pending.length === 1 ? '' : 's'}) than a requestState of maxRequestStateBytes (${max}) can track`), { requestId: id, method: METHOD.toolsCall, tool });
      }
      const message = `Invalid params: the answers so far (${taken.map((key) => JSON.stringify(key)).join(', ')}) need a requestState of ${state.length} bytes, more than maxRequestStateBytes (${max}); the call cannot go on with answers this large`;
      return errorReply(id, ErrorCodes.InvalidParams, message);
    }
    return resultReply(id, `{"inputRequests":${JSON.stringify(requests)},"requestState":${JSON.stringify(state)}`, 'input_required');
  }

  /**
   * Where an asynchronous call of `request` is registered so `notifications/cancelled` reaches
   * it: its session (stdio), else — on a stateless transport — its authenticated caller's calls
   * here; an anonymous caller's call is not registered (anonymous callers share one principal).
   */
  private registryOf(request: InboundRequest): CallRegistry | undefined {
    const ctx = request.context;
    if (ctx.session) return ctx.session;
    const principal = principalOf(ctx);
    return principal.kind === 'anonymous' ? undefined : this.stateless.of(principal.key);
  }

  /** The compiled plan of the request's (resolved) tool. */
  private plan(tool: Tool): ToolPlan {
    const revision = this.decl.catalog.lists.tools.revision.value;
    if (this.plans.revision !== revision) this.plans = { revision, byTool: new WeakMap() };
    let plan = this.plans.byTool.get(tool);
    if (!plan) {
      plan = compileTool(tool);
      this.plans.byTool.set(tool, plan);
    }
    return plan;
  }

  /**
   * Writes the result through the tool's content type, or as structured output, with the members
   * of a {@link withResultMeta} value's `_meta` beside it: the era's writer writes that `_meta`
   * (on 2026-07-28 with the serverInfo). (@internal: for {@link TOOL_OUTCOME}.)
   */
  format(id: RequestId, plan: ToolPlan, value: unknown, profile: ProtocolProfile): Settled {
    if (isToolError(value)) return toolErrorReply(id, value.message);
    return isResultMeta(value) ? this.write(id, plan, value.value, profile, value.members) : this.write(id, plan, value, profile, undefined);
  }

  /** The result; `meta`: the members of its own `_meta` (`undefined` or `''` for none). */
  private write(id: RequestId, plan: ToolPlan, value: unknown, profile: ProtocolProfile, meta: string | undefined): Settled {
    const tool = plan.tool;
    if (plan.outputValue) {
      // a Standard Schema output: its own validation, and its output is what is sent
      const checked = plan.outputValue(value);
      return typeof checked === 'string' ? this.structured(id, tool, () => checked, value, profile, meta) : this.structured(id, tool, plan.output!, checked.value, profile, meta);
    }
    if (plan.output) return this.structured(id, tool, plan.output, value, profile, meta);
    const content = tool.content;
    let formatter: ContentFormatter | undefined;
    const out = new StringSink();
    try {
      formatter = content.getFormatter({ protocolVersion: profile.version, profile });
      out.write('{');
      decompose(value, formatter.beginContent(out));
      formatter.finishContent(out);
      out.write(',"isError":false');
      return resultReply(id, out.text, 'complete', false, meta);
    } catch (error) {
      if (error instanceof JsonRpcFault) {
        this.policy.report(error, { requestId: id, method: METHOD.toolsCall, tool: tool.name });
        return errorReply(id, error.code, error.message);
      }
      return this.policy.internal(id, error, { requestId: id, method: METHOD.toolsCall, tool: tool.name });
    } finally {
      if (formatter) content.releaseFormatter(formatter);
    }
  }

  /**
   * Structured output: the result checked against the output schema (a mismatch is a server
   * bug: -32603, reported), then one text block with its compact JSON and, for versions that
   * have it, the same value as `structuredContent`. A root that is not an object is wrapped.
   */
  private structured(id: RequestId, tool: Tool, check: Check, value: unknown, profile: ProtocolProfile, meta: string | undefined): Settled {
    const info = { requestId: id, method: METHOD.toolsCall, tool: tool.name };
    const problem = value === undefined ? 'result: expected a value, got undefined' : check(value, '');
    if (problem) return this.policy.internal(id, new Error(`Tool "${tool.name}" returned a result that does not match its output schema: ${problem}`), info);
    let json: string;
    try {
      json = JSON.stringify(tool.output?.objectRoot || profile.anyOutputRoot ? value : { result: value });
    } catch (error) {
      return this.policy.internal(id, error, info);
    }
    const text = `{"content":[{"type":"text","text":${JSON.stringify(json)}}],`;
    return resultReply(id, `${text}${profile.structuredOutput ? `"structuredContent":${json},` : ''}"isError":false`, 'complete', false, meta);
  }

  /**
   * @internal A procedure threw or rejected: an {@link McpError} is its JSON-RPC error, faults are
   * tool errors, anything else is internal.
   */
  failure(id: RequestId, tool: string, error: unknown): Settled {
    if (error instanceof McpError) return errorReply(id, error.code, error.message, error.data);
    if (error instanceof RemotingFault || error instanceof InputUnavailableError) return toolErrorReply(id, error.message);
    return this.policy.internal(id, error, { requestId: id, method: METHOD.toolsCall, tool });
  }
}

/** How a tool's outcome is written: content or structured output; faults as tool errors. */
const TOOL_OUTCOME: CallOutcome<ToolPlan> = {
  noun: 'Tool',
  kind: 'tool',
  format: (caller, request, plan, value) => caller.format(request.id, plan, value, request.profile),
  failure: (caller, request, name, error) => caller.failure(request.id, name, error),
  timedOut: (request, message) => toolErrorReply(request.id, message),
};

function invalid(id: RequestId, message: string): DispatchResult {
  return errorReply(id, ErrorCodes.InvalidParams, message);
}

/** Arguments that fail their schema: a tool error the model can retry from (2025-11-25 on), -32602 before. */
function invalidArguments(id: RequestId, profile: ProtocolProfile, problem: string): Settled {
  return profile.validationIsToolError ? toolErrorReply(id, problem) : invalid(id, problem);
}
