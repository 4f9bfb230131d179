/**
 * Dispatcher: the one place a JSON-RPC message becomes an MCP response. Every transport hands it
 * raw messages plus the request's context and writes back what it returns, including the HTTP
 * status core chose. A message is parsed, its envelope classified, its protocol profile looked
 * up, and it is routed through the method table of its era. Synchronous work stays synchronous
 * (no Promise is created unless a procedure returns one), which is also what lets the
 * synchronous stdio Service share this path.
 */
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import { errorReply } from './replies';
import type { ServiceDefinition } from '../remoting/ServiceDefinition';
import { ErrorCodes } from '../faults/ErrorCodes';
import { DEFAULT_NEGOTIATED_VERSION, LATEST_MODERN_VERSION, isModernVersion, profileFor, ProtocolProfile } from '../protocol/profile';
import { META, claimOf } from '../protocol/meta';
import type { RequestMeta } from '../protocol/meta';
import { admit } from './modern';
import { isObject } from '../guards';
import { ToolCaller } from './ToolCaller';
import { ResourceReader } from './ResourceReader';
import { PromptGetter } from './PromptGetter';
import { ErrorPolicy } from './errorPolicy';
import { checkDispatcherArguments, DispatcherOptions, resolveTaskSettings } from './setup';
import { TaskRunner } from './tasks/TaskRunner';
import { taskOwnerOf } from './tasks/taskOwner';
import { missingProcedures, missingProceduresMessage } from './missingProcedures';
import { warnUnportableSchemas } from '../declaration/unportableSchemas';
import { warnDanglingViews } from '../declaration/danglingViews';
import { StateSealer } from './asks/requestState';
import { classify, Envelope } from './classify';
import { Inbound, InboundRequest, Mode } from './Inbound';
import { answer, DispatchResult, refused, Reply, SILENCE } from './DispatchResult';
import type { Services } from './methods/Handler';
import { ANY_ERA_METHODS, ERA_METHODS } from './methods/methods';
import type { MethodDescriptor } from './methods/MethodDescriptor';
import { Chains } from './rules/chain';
import type { Rule } from './rules/Rule';
import { rulesOf } from './rules/ruleSet';
import { resolveState } from '../governance/StateOptions';
import { EngineLimits, resolveLimits } from './limits';
import { textTooDeep, valueTooDeep } from './nestingDepth';
import { topLevelId } from './topLevelId';
import type { RequestId } from './jsonRpc';
import type { DispatchContext } from './DispatchContext';
import { METHOD } from '../protocol/methodNames';
import { DEFAULT_KEEP_ALIVE_MS, NotificationHub } from './subscriptions/NotificationHub';

/** Set while {@link createDispatcher} constructs a dispatcher whose arguments it has just checked. */
let prechecked = false;

/**
 * Makes a transport's dispatcher, checking its arguments once under the transport's own name
 * (`mcpHandler: expected a ToolDeclaration …`): options a factory already checked (with
 * `resolveHttpOptions` or `checkDispatcherOptions`) are not checked again, and the constructor
 * checks nothing more.
 * @param order - the argument order `owner` takes, to name a swap.
 * @throws TypeError for a missing or swapped argument and for an unknown or mistyped option.
 * @example
 * const dispatcher = createDispatcher('myAdapter', defs, decl, resolved.dispatcher, 'decl, defs');
 */
export function createDispatcher(owner: string, defs: unknown, decl: unknown, options?: DispatcherOptions, order: 'defs, decl' | 'decl, defs' = 'defs, decl'): Dispatcher {
  const checked = checkDispatcherArguments(owner, defs, decl, options, order);
  prechecked = true;
  try {
    return new Dispatcher(defs as ServiceDefinition, decl as ToolDeclaration, checked);
  } finally {
    prechecked = false;
  }
}

/**
 * Maps JSON-RPC messages to MCP responses for one declaration and one procedure table.
 * @example
 * const dispatcher = new Dispatcher(defs, decl);
 * const { body } = await dispatcher.dispatch('{"jsonrpc":"2.0","id":1,"method":"ping"}');
 */
export class Dispatcher {
  private readonly services: Services;
  private readonly limits: EngineLimits;
  /** The rule chain of every request, composed per (era, method). */
  private readonly chains: Chains;
  /** The rules that see every message's arrival, and those that see messages refused before a chain. */
  private readonly arrivals: readonly Rule[];
  private readonly refusals: readonly Rule[];

  /**
   * @param defs - the procedures (not copied: later registrations are seen).
   * @param decl - the tools (not copied: later changes are seen, and rebuild the cached payloads).
   * @param options - see {@link DispatcherOptions}.
   * @throws TypeError for a missing or swapped argument and for an unknown or mistyped option.
   */
  constructor(defs: ServiceDefinition, decl: ToolDeclaration, options?: DispatcherOptions) {
    const checked = prechecked ? (options ?? {}) : checkDispatcherArguments('new Dispatcher', defs, decl, options);
    const policy = new ErrorPolicy(checked.exposeInternalErrors === true, checked.onError);
    this.limits = resolveLimits(checked);
    const key = checked.requestStateKey;
    const sealer = new StateSealer(typeof key === 'string' ? new TextEncoder().encode(key) : key);
    const tools = new ToolCaller(defs, decl, policy, this.limits, sealer);
    const tasks = new TaskRunner(tools, policy, this.limits, resolveTaskSettings(checked));
    tools.tasks = tasks;
    tools.state = resolveState(checked.state);
    const notifications = new NotificationHub(decl, { bus: checked.notificationBus, limits: this.limits, policy, keepAliveMs: checked.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS });
    this.services = { decl, policy, tools, tasks, notifications, resources: new ResourceReader(defs, policy, this.limits.maxUriLength), prompts: new PromptGetter(defs, tools, policy, this.limits) };
    const missing = checked.missingProcedures ?? 'warn';
    if (missing === 'error') {
      const names = missingProcedures(defs, decl);
      if (names.length) throw new TypeError(`new Dispatcher: ${missingProceduresMessage(names)} (or pass missingProcedures: 'warn')`);
    }
    this.unchecked = missing === 'warn' ? defs : undefined;
    const rules = rulesOf(checked, policy);
    this.chains = new Chains(rules, this.services);
    this.arrivals = rules.filter((rule) => rule.arrive);
    this.refusals = rules.filter((rule) => rule.refused);
  }

  /** A message answered before it reached a chain: the rules that observe refusals see it (telemetry records its span). */
  private refuse(result: DispatchResult, context: DispatchContext, envelope?: Envelope): DispatchResult {
    if (this.refusals.length === 0) return result;
    const target = envelope && ANY_ERA_METHODS.get(envelope.method)?.target?.(envelope.params, this.services);
    for (const rule of this.refusals) result = rule.refused!(result, context, envelope, target);
    return result;
  }

  /**
   * Ends every notification stream this dispatcher holds, gracefully (server shutdown): each
   * 2026-07-28 `subscriptions/listen` is answered its final result, each legacy `GET` stream
   * ends. Clients re-listen (on another instance) and re-fetch.
   */
  endSubscriptions(): void {
    this.services.notifications.endAll();
  }

  /** @internal The listeners this dispatcher holds (the HTTP pipeline's `GET` stream joins them). */
  get notifications(): NotificationHub {
    return this.services.notifications;
  }

  /** The procedures still to be checked against the declaration (once, on the first message), when warning. */
  private unchecked: ServiceDefinition | undefined;

  /** Dispatches a raw message (JSON text) or an already parsed one; always resolves, never rejects. */
  dispatch(message: unknown, context: DispatchContext = {}): Promise<DispatchResult> {
    return Promise.resolve(this.arrive(message, context, 'async'));
  }

  /**
   * Dispatches without waiting: procedures run on the calling thread, and one that returns a
   * Promise is answered with a -32603 error ("asynchronous procedure").
   */
  dispatchSync(message: unknown, context: DispatchContext = {}): DispatchResult {
    return this.arrive(message, context, 'sync') as DispatchResult;
  }

  /** Like {@link dispatch}, but returns the result directly when no procedure went asynchronous. */
  handle(message: unknown, context: DispatchContext = {}): DispatchResult | Promise<DispatchResult> {
    return this.arrive(message, context, 'async');
  }

  /** Dispatches a message or batch within the rules that see arrivals (none: directly). */
  private arrive(message: unknown, context: DispatchContext, mode: Mode): DispatchResult | Promise<DispatchResult> {
    if (this.arrivals.length === 0) return this.guarded(message, context, mode);
    let run = () => this.guarded(message, context, mode);
    for (const rule of this.arrivals) {
      const inner = run;
      run = () => rule.arrive!(inner);
    }
    return run();
  }

  /** Never throws: anything unexpected (say, a parsed message object with a throwing getter) is -32603. */
  private guarded(message: unknown, context: DispatchContext, mode: Mode): DispatchResult | Promise<DispatchResult> {
    if (this.unchecked) this.warnMissing(this.unchecked);
    try {
      return this.run(message, context, mode);
    } catch (error) {
      return this.services.policy.internal(null, error, {});
    }
  }

  private run(message: unknown, context: DispatchContext, mode: Mode): DispatchResult | Promise<DispatchResult> {
    let parsed = message;
    const { maxDepth } = this.limits;
    if (typeof message === 'string') {
      if (textTooDeep(message, maxDepth)) return this.refuseDeep(this.tooDeep(topLevelId(message), maxDepth, context), context);
      try {
        parsed = JSON.parse(message);
      } catch (e) {
        // a broken response to one of the server's own requests (an ask) must still end that wait
        this.unreadableResponse(topLevelId(message), context, 'is not valid JSON');
        return this.refuse(refused(errorReply(null, ErrorCodes.ParseError, `Parse error: ${(e as Error).message}`)), context);
      }
    } else if (valueTooDeep(message, maxDepth)) {
      return this.refuseDeep(this.tooDeep(isObject(message) && isRequestId(message.id) ? message.id : undefined, maxDepth, context), context);
    }
    const version = context.protocolVersion ?? context.session?.protocolVersion ?? DEFAULT_NEGOTIATED_VERSION;
    const profile = this.services.decl.profileOf(version);
    if (Array.isArray(parsed)) {
      if (parsed.some((entry) => isObject(entry) && claimOf(entry.params))) {
        return this.refuse(refused(errorReply(null, ErrorCodes.InvalidRequest, 'Invalid Request: a batch must not carry 2026-07-28 requests')), context);
      }
      if (!profile && isModernVersion(version.trim())) return this.refuse(refused(noBatches(version.trim())), context);
      if (!profile) return this.refuse(refused(unsupported(null, version)), context);
      return this.batch(parsed, profile, context, mode);
    }
    const envelope = classify(parsed);
    if (envelope.kind === 'invalid') return this.refuse(refused(envelope.reply), context);
    if (envelope.kind === 'ignored') {
      this.responded(envelope.id, parsed, context);
      return SILENCE;
    }
    if (claimOf(envelope.params)) return settle(this.modern(envelope, context, mode));
    if (!profile && context.protocolVersion !== undefined && isModernVersion(context.protocolVersion.trim())) return this.refuse(unclaimed(envelope), context, envelope);
    if (!profile) {
      // an unsupported version refuses everything but the handshake, which negotiates a supported one
      if (envelope.method !== METHOD.initialize) return this.refuse(refused(unsupported(envelope.id ?? null, version)), context, envelope);
      return settle(this.message(envelope, profileFor(DEFAULT_NEGOTIATED_VERSION), context, mode, false));
    }
    return settle(this.message(envelope, profile, context, mode, false));
  }

  /**
   * A message that nests deeper than `maxDepth`: a response to one of the server's own requests
   * (an ask awaited on this connection) ends that wait with an error and is answered with nothing;
   * a request whose id can be read is answered -32602 with that id (in-band, so a client waiting
   * on it is answered); any other message -32600 with `id: null` (HTTP 400).
   */
  private tooDeep(id: RequestId | undefined, maxDepth: number, context: DispatchContext): DispatchResult {
    const problem = `the message nests deeper than maxDepth (${maxDepth})`;
    if (this.unreadableResponse(id, context, `nests deeper than maxDepth (${maxDepth})`)) return SILENCE;
    if (id !== undefined) return errorReply(id, ErrorCodes.InvalidParams, `Invalid params: ${problem}`);
    return refused(errorReply(null, ErrorCodes.InvalidRequest, `Invalid Request: ${problem}`));
  }

  /** A too-deep message's answer, refused with its span — unless it was a response to an ask (nothing to answer, no span). */
  private refuseDeep(result: DispatchResult, context: DispatchContext): DispatchResult {
    return result === SILENCE ? result : this.refuse(result, context);
  }

  /**
   * A response to a request the server sent: to an ask of a 2025-11-25 task (read from any
   * instance, through the task store), or to an ask or ping awaited on this connection.
   */
  private responded(id: RequestId | undefined, message: unknown, context: DispatchContext): void {
    if (id !== undefined && !this.services.tasks.answered(id, message, taskOwnerOf(context))) context.session?.responded(id, message);
  }

  /** Settles the server's awaited request `id` with an error when an unreadable message answers it; true when it did. */
  private unreadableResponse(id: RequestId | undefined, context: DispatchContext, why: string): boolean {
    const session = context.session;
    if (id === undefined || !session?.awaits(id)) return false;
    session.responded(id, { jsonrpc: '2.0', id, error: { code: ErrorCodes.InvalidRequest, message: `the client's response ${why}` } });
    return true;
  }

  private batch(entries: unknown[], profile: ProtocolProfile, context: DispatchContext, mode: Mode): DispatchResult | Promise<DispatchResult> {
    if (entries.length === 0) return this.refuse(refused(errorReply(null, ErrorCodes.InvalidRequest, 'Invalid Request: empty batch')), context);
    if (!profile.batches) {
      return this.refuse(refused(noBatches(profile.version)), context);
    }
    const { maxBatch } = this.limits;
    if (entries.length > maxBatch) {
      return this.refuse(refused(errorReply(null, ErrorCodes.InvalidRequest, `Invalid Request: a batch of ${entries.length} entries exceeds maxBatch (${maxBatch})`)), context);
    }
    const replies: Reply[] = [];
    let pending = false;
    for (const entry of entries) {
      const envelope = classify(entry);
      const reply =
        envelope.kind === 'invalid'
          ? this.refuse(envelope.reply, context)
          : envelope.kind === 'ignored'
            ? void this.responded(envelope.id, entry, context)
            : this.message(envelope, profile, context, mode, true);
      if (reply instanceof Promise) pending = true;
      replies.push(reply);
    }
    const join = (results: (DispatchResult | undefined)[]): DispatchResult => {
      const bodies = results.filter((r): r is DispatchResult => r !== undefined).map((r) => r.body);
      return bodies.length ? answer(`[${bodies.join(',')}]`) : SILENCE;
    };
    return pending ? Promise.all(replies).then(join) : join(replies as (DispatchResult | undefined)[]);
  }

  /**
   * Answers one request or notification: its method as its era serves it and its target are
   * resolved once, then it is served. An unexpected exception becomes a -32603 reply, never a crash.
   */
  private message(envelope: Envelope, profile: ProtocolProfile, context: DispatchContext, mode: Mode, inBatch: boolean, meta?: RequestMeta): Reply {
    const inbound = new Inbound(envelope.id, envelope.method, envelope.params, profile, context, mode, inBatch, meta);
    let descriptor: MethodDescriptor | undefined;
    if (inbound.id !== undefined) {
      const { decl } = this.services;
      descriptor = ERA_METHODS[profile.era].get(inbound.method);
      if (descriptor && descriptor.offered && !descriptor.offered(decl)) descriptor = undefined;
      if (descriptor) {
        inbound.descriptor = descriptor;
        try {
          if (descriptor.target) inbound.target = descriptor.target(inbound.params, this.services);
        } catch (error) {
          return this.internal(inbound, error);
        }
      }
    }
    return this.serve(inbound, descriptor);
  }

  /** Serves a resolved request (its descriptor: `undefined` when its era lacks the method) or a notification (with telemetry, in its span). */
  private serve(inbound: Inbound, descriptor: MethodDescriptor | undefined): Reply {
    try {
      return this.route(inbound, descriptor);
    } catch (error) {
      return this.internal(inbound, error);
    }
  }

  /** The -32603 reply of an unexpected exception (nothing for a notification). */
  private internal(inbound: Inbound, error: unknown): Reply {
    const reply = this.services.policy.internal(inbound.id ?? null, error, { requestId: inbound.id, method: inbound.method });
    return inbound.id === undefined ? undefined : reply;
  }

  private warnMissing(defs: ServiceDefinition): void {
    this.unchecked = undefined;
    warnUnportableSchemas(this.services.decl);
    warnDanglingViews(this.services.decl.catalog);
    const names = missingProcedures(defs, this.services.decl);
    if (names.length) console.error(`toolwire: ${missingProceduresMessage(names)} (missingProcedures: 'ignore' silences this)`);
  }

  /** A request that claims the modern era: the admission ladder, then the modern method table. */
  private modern(envelope: Envelope, context: DispatchContext, mode: Mode): Reply {
    const { id, params } = envelope;
    if (id === undefined) {
      const profile = this.services.decl.modernProfileOf(String(claimOf(params)?.value)) ?? profileFor(LATEST_MODERN_VERSION);
      return this.message(envelope, profile, context, mode, false);
    }
    const admission = admit(envelope, id, context, this.services.decl);
    if (!('meta' in admission)) return this.refuse(admission, context, envelope);
    return this.message(envelope, admission.profile, context, mode, false, admission.meta);
  }

  /**
   * The pipeline of one admitted message: a notification goes to its handler (if any); a request
   * of a method its era has passes the rules' chain, then its one handler, and its era stamps the reply.
   */
  private route(inbound: Inbound, descriptor: MethodDescriptor | undefined): Reply {
    if (inbound.id === undefined) {
      this.chains.notification(inbound);
      return undefined; // notifications (and requests sent without an id) get no reply
    }
    return this.chains.request(inbound as InboundRequest, descriptor);
  }
}

/**
 * A message without a claim under a modern `MCP-Protocol-Version` header: a malformed modern
 * request (-32602; `initialize`, which is legacy, -32020), never the legacy "unsupported version".
 */
function unclaimed(envelope: Envelope): DispatchResult {
  if (envelope.id === undefined) return SILENCE;
  if (envelope.method === METHOD.initialize) {
    return refused(errorReply(envelope.id, ErrorCodes.HeaderMismatch, 'Header mismatch: initialize is a legacy request; MCP-Protocol-Version names a 2026-07-28 version'));
  }
  return refused(errorReply(envelope.id, ErrorCodes.InvalidParams, `Invalid params: a 2026-07-28 request must carry params._meta["${META.protocolVersion}"]`));
}

/** The refusal of a batch under a protocol version that has none (2025-06-18 on, 2026-07-28). */
function noBatches(version: string): DispatchResult {
  return errorReply(null, ErrorCodes.InvalidRequest, `Invalid Request: batches are not supported in protocol version ${version}`);
}

function unsupported(id: Envelope['id'] | null, version: string): DispatchResult {
  return errorReply(id ?? null, ErrorCodes.InvalidRequest, `Unsupported MCP-Protocol-Version: ${version}`);
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

function settle(reply: Reply): DispatchResult | Promise<DispatchResult> {
  return reply instanceof Promise ? reply.then((r) => r ?? SILENCE) : (reply ?? SILENCE);
}
