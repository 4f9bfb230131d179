/**
 * TaskRunner: the server side of tasks, written once for every era — it creates a call's task in
 * the {@link TaskStore} (durable before the reply), runs the tool's procedure inside it with the
 * same call context as an ordinary call (the same validation, formatting and error policy: the
 * ToolCaller runs it), and settles the task from its outcome: a result (an `isError` one too) →
 * `completed`; a JSON-RPC error (an internal one masked by the error policy) → `failed`; a cancel
 * → `cancelled`. Inside a task, `signal` aborts on the owner's cancel (from any instance: the
 * store's `cancel` event), `progress` sets the status message, and an ask makes the task
 * `input_required` (`store.requireInput`, keys unique for the task's life) until the store's
 * `input` event brings the answer — on 2026-07-28 from `tasks/update`; on 2025-11-25 from the
 * client's response to the request a `tasks/result` stream sent it ({@link TaskResultStream}),
 * routed by its id through the store from any instance. Tasks in flight are bounded by
 * `maxConcurrentCalls`, per principal by `maxRunningTasksPerPrincipal` (and the store's own
 * bounds), a procedure's time by `taskTimeoutMs`, and the `tasks/result` requests waiting by
 * `maxTaskResultWaits` (and per principal); nothing it holds outlives a task. A
 * 2025-11-25 task created over a connection (stdio) announces each status it takes there
 * (`notifications/tasks/status`).
 */
import type { Tool } from '../../declaration/Tool';
import { ErrorCodes } from '../../faults/ErrorCodes';
import { InputUnavailableError } from '../../remoting/InputUnavailableError';
import { InvalidAnswerError } from '../../remoting/InvalidAnswerError';
import { MemoryTaskStore } from '../../tasks/MemoryTaskStore';
import { unrefed } from '../../tasks/timers';
import type { TaskEvent, TaskPage, TaskStore } from '../../tasks/TaskStore';
import { isTerminalTaskStatus } from '../../tasks/TaskRecord';
import type { TaskError, TaskRecord } from '../../tasks/TaskRecord';
import { busy } from '../DispatchResult';
import type { DispatchResult } from '../DispatchResult';
import type { DispatchContext } from '../DispatchContext';
import type { ErrorPolicy } from '../errorPolicy';
import { Inbound } from '../Inbound';
import type { InboundRequest } from '../Inbound';
import { errorReply, isResultReply, resultJsonOf, valueReply } from '../replies';
import type { EngineLimits } from '../limits';
import { isObject } from '../../guards';
import { clientCapabilitiesOf } from '../callScope';
import { ASK_METHODS } from '../asks/AskKind';
import type { AskKind } from '../asks/AskKind';
import { answerProblem } from '../asks/answerProblem';
import { isPrepared } from '../ToolCaller';
import type { PreparedCall, Settled, TaskStarter, ToolCaller } from '../ToolCaller';
import type { TaskHooks } from './TaskHooks';
import { taskOwnerOf } from './taskOwner';
import { Tally } from '../tally';
import { TASKS_EXTENSION, createTaskResult, legacyTask } from './taskWire';
import { readTaskAskId, responseAnswer } from './taskStream';
import type { RequestId } from '../jsonRpc';
import type { JsonObject } from '../../declaration/metadata';
import { METHOD } from '../../protocol/methodNames';

/** The task settings of a dispatcher, resolved. */
export interface TaskSettings {
  /** The store; `undefined`: a {@link MemoryTaskStore} made when the first task is created. */
  readonly store: TaskStore | undefined;
  /** A new task's time to live in ms, `null` for none. */
  readonly ttlMs: number | null;
  /** The polling interval suggested to clients, in ms. */
  readonly pollIntervalMs: number;
}

/** The longest delay a timer can take (2^31 - 1 ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** An ask a running task waits on. */
interface Waiter {
  readonly kind: AskKind;
  readonly params: unknown;
  /** 2025-11-25: the answer is a JSON-RPC response's `result` or `error` ({@link responseAnswer}). */
  readonly legacy: boolean;
  resolve(answer: unknown): void;
  reject(error: Error): void;
}

/** A task this instance runs. */
interface RunningTask {
  readonly taskId: string;
  /** Its owner (the creator's principal key). */
  readonly owner: string;
  readonly controller: AbortController;
  readonly waiters: Map<string, Waiter>;
  readonly counts: Record<AskKind, number>;
  /** Set once the owner's cancel reached it: its outcome is dropped. */
  cancelled: boolean;
  /** 2025-11-25 over a connection (stdio): sends `notifications/tasks/status` when the task's status changed. */
  readonly announce?: () => void;
  /** 2025-11-25: the client capabilities the connection declared (stdio); `undefined` when unknown (stateless HTTP). */
  readonly legacyCapabilities?: Readonly<Record<string, unknown>>;
}

/** Creates, runs and settles the tasks of one dispatcher. */
export class TaskRunner implements TaskStarter {
  private storeInUse: TaskStore | undefined;
  private readonly running = new Map<string, RunningTask>();
  /** The running tasks by owner. */
  private readonly runningBy = new Tally();
  /** The `tasks/result` requests waiting, by owner. */
  private readonly waits = new Tally();
  /** Who watches a task of this instance change (`tasks/result`), by task id. */
  private readonly watchers = new Map<string, Set<() => void>>();

  constructor(
    private readonly tools: ToolCaller,
    private readonly policy: ErrorPolicy,
    private readonly limits: EngineLimits,
    private readonly settings: TaskSettings,
  ) {}

  /** The store, made (and listened to) on first use. */
  get store(): TaskStore {
    if (this.storeInUse) return this.storeInUse;
    const store = this.settings.store ?? new MemoryTaskStore();
    store.subscribe((event) => this.onEvent(event));
    return (this.storeInUse = store);
  }

  /** The store when a task was ever created or looked up, else `undefined` (nothing to find). */
  get storeIfUsed(): TaskStore | undefined {
    return this.storeInUse ?? this.settings.store;
  }

  /** How many tasks this dispatcher runs now. */
  get size(): number {
    return this.running.size;
  }

  /** Whether the request declares the tasks extension in its `_meta` client capabilities (2026-07-28). */
  static declares(request: InboundRequest): boolean {
    const extensions = request.meta?.clientCapabilities?.extensions;
    return isObject(extensions) && isObject(extensions[TASKS_EXTENSION]);
  }

  /**
   * Whether this tools/call becomes a task before its procedure runs: 2026-07-28, a task tool
   * called by a request that declares the extension; 2025-11-25, one whose call carries `params.task`.
   */
  wants(request: InboundRequest): boolean {
    const tool = this.toolOf(request);
    if (!tool || tool.taskSupport === 'forbidden' || request.mode !== 'async') return false;
    if (request.profile.era === 'legacy') return request.profile.experimentalTasks && isObject((request.params as Record<string, unknown>).task);
    return tool.taskBegins === 'immediately' && this.canTask(request, tool);
  }

  beginsHere(request: InboundRequest, tool: Tool): boolean {
    return tool.taskBegins === 'onBeginTask' && this.canTask(request, tool);
  }

  private canTask(request: InboundRequest, tool: Tool): boolean {
    return tool.taskSupport !== 'forbidden' && request.mode === 'async' && request.profile.era === 'modern' && TaskRunner.declares(request);
  }

  private toolOf(request: InboundRequest): Tool | undefined {
    const target = request.target;
    return target?.kind === 'tool' ? target : undefined;
  }

  /**
   * Creates the task of a tools/call and starts its procedure; resolves to the reply that hands
   * the task to the client, once the task is stored. Arguments are checked first (a bad call is
   * answered as it would be without a task).
   * @param answers - answers taken in the multi round-trip rounds before the task (`beginTask`).
   */
  async start(request: InboundRequest, answers: Readonly<Record<string, unknown>> = {}): Promise<Settled> {
    const prepared = await this.tools.prepare(request);
    if (!isPrepared(prepared)) return prepared;
    const max = this.limits.maxConcurrentCalls;
    if (this.running.size >= max) {
      return busy(errorReply(request.id, ErrorCodes.ServerBusy, `Server busy: ${this.running.size} tasks are running (maxConcurrentCalls (${max})); try again later`));
    }
    const owner = taskOwnerOf(request.context);
    const mine = this.runningBy.of(owner);
    const perPrincipal = this.limits.maxRunningTasksPerPrincipal;
    if (mine >= perPrincipal) {
      return busy(errorReply(request.id, ErrorCodes.ServerBusy, `Server busy: this caller has ${mine} tasks running (maxRunningTasksPerPrincipal (${perPrincipal})); try again later`));
    }
    let task: TaskRecord;
    try {
      task = await this.store.create({ owner, ttlMs: this.ttlOf(request), pollIntervalMs: this.settings.pollIntervalMs });
    } catch (error) {
      if (error instanceof RangeError) return busy(errorReply(request.id, ErrorCodes.ServerBusy, `Server busy: ${error.message}`));
      return this.policy.internal(request.id, error, { requestId: request.id, method: METHOD.toolsCall });
    }
    void this.run(task, prepared, request, answers);
    return { ...valueReply(request.id, createTaskResult(task, request.profile.era === 'modern'), 'task'), taskId: task.taskId };
  }

  /**
   * A new task's time to live: `taskTtlMs`, or less when a 2025-11-25 call asks for less
   * (`params.task.ttl`, a positive integer; a longer or malformed request is ignored — the
   * revision lets the server decide, and the answer states the ttl it chose).
   */
  private ttlOf(request: InboundRequest): number | null {
    const limit = this.settings.ttlMs;
    const task = request.profile.era === 'legacy' ? (request.params as { task?: { ttl?: unknown } }).task : undefined;
    const asked = task?.ttl;
    if (typeof asked !== 'number' || !Number.isSafeInteger(asked) || asked < 1) return limit;
    return limit === null ? asked : Math.min(asked, limit);
  }

  /** Runs the procedure inside the task and settles the task from its outcome. Never rejects. */
  private async run(record: TaskRecord, prepared: PreparedCall, request: InboundRequest, answers: Readonly<Record<string, unknown>>): Promise<void> {
    const outer = request.context;
    const legacy = request.profile.era === 'legacy';
    let announced: string = record.status;
    const task: RunningTask = {
      taskId: record.taskId,
      owner: record.owner,
      controller: new AbortController(),
      waiters: new Map(),
      counts: { elicitation: 0, sampling: 0, roots: 0 },
      cancelled: false,
      ...(legacy &&
        outer.session &&
        outer.notify && {
          announce: () => this.announce(record, outer, (status) => (status === announced ? false : ((announced = status), true))),
          legacyCapabilities: outer.session.clientCapabilities ?? {},
        }),
    };
    this.running.set(task.taskId, task);
    this.runningBy.add(task.owner);
    // the task's own context: its signal is the task's, and nothing goes back on the request that created it
    const context: DispatchContext = { protocolVersion: outer.protocolVersion, request: outer.request, access: outer.access, signal: task.controller.signal };
    const inbound = new Inbound(request.id, request.method, request.params, request.profile, context, 'async', false, request.meta) as InboundRequest;
    inbound.descriptor = request.descriptor;
    inbound.target = request.target;
    const hooks: TaskHooks = {
      ask: (kind, params, key) => this.ask(task, inbound, prepared.name, kind, params, key, answers),
      cancelled: () => task.cancelled,
      status: (message) => {
        this.store.setStatusMessage(task.taskId, message).catch((error: unknown) => this.report(error, task, prepared.name));
      },
    };
    const ttl = record.ttlMs === null || record.ttlMs > MAX_TIMER_MS ? Infinity : record.ttlMs;
    let outcome: Settled | undefined;
    try {
      outcome = await this.tools.invoke(prepared, inbound, { hooks, timeoutMs: Math.min(ttl, this.limits.taskTimeoutMs) });
    } catch (error) {
      outcome = this.policy.internal(request.id, error, { requestId: request.id, method: METHOD.toolsCall, tool: prepared.name });
    }
    try {
      if (!task.cancelled) await this.settle(task.taskId, outcome);
    } catch (error) {
      this.report(error, task, prepared.name);
    } finally {
      this.finish(task, `the task ended`);
      if (!task.cancelled) task.announce?.();
    }
  }

  /**
   * A page of the owner's tasks, oldest first (2025-11-25 `tasks/list`): the store's, so behind
   * one shared store every instance lists the same tasks. A `RangeError` for an `after` the store
   * did not make.
   */
  list(owner: string, limit: number, after?: string): Promise<TaskPage> {
    const store = this.storeIfUsed;
    return store ? store.list(owner, limit, after) : Promise.resolve({ tasks: [] });
  }

  /**
   * The owner's task once it is terminal (2025-11-25 `tasks/result`), or `undefined` when it is
   * unknown, expired or foreign. Looks again when a task of this instance changes (an ask, an
   * answer, its outcome), and otherwise every poll interval (the task may run on another
   * instance); `onState` sees every live state it reads. Stops when `signal` aborts.
   */
  async terminal(taskId: string, owner: string, signal?: AbortSignal, onState?: (task: TaskRecord) => void): Promise<TaskRecord | undefined> {
    const store = this.storeIfUsed;
    if (!store) return undefined;
    this.waits.add(owner);
    try {
      return await this.poll(store, taskId, owner, signal, onState);
    } finally {
      this.waits.remove(owner);
    }
  }

  /**
   * The -32000 (HTTP 503) refusal of a `tasks/result` while `maxTaskResultWaits` of them wait, or
   * `maxTaskResultWaitsPerPrincipal` of the owner's; `undefined` when it may wait.
   */
  waitRefusal(request: InboundRequest, owner: string): DispatchResult | undefined {
    const { maxTaskResultWaits: all, maxTaskResultWaitsPerPrincipal: perPrincipal } = this.limits;
    const mine = this.waits.of(owner);
    let problem: string | undefined;
    if (this.waits.total >= all) problem = `${this.waits.total} tasks/result requests are waiting (maxTaskResultWaits (${all}))`;
    else if (mine >= perPrincipal) problem = `this caller has ${mine} tasks/result requests waiting (maxTaskResultWaitsPerPrincipal (${perPrincipal}))`;
    return problem === undefined ? undefined : busy(errorReply(request.id, ErrorCodes.ServerBusy, `Server busy: ${problem}; try again later`));
  }

  private async poll(store: TaskStore, taskId: string, owner: string, signal: AbortSignal | undefined, onState: ((task: TaskRecord) => void) | undefined): Promise<TaskRecord | undefined> {
    for (;;) {
      const task = await store.get(taskId, owner);
      if (!task || isTerminalTaskStatus(task.status)) return task;
      if (signal?.aborted) throw signal.reason;
      onState?.(task);
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', wake);
          this.watchers.get(taskId)?.delete(wake);
          if (this.watchers.get(taskId)?.size === 0) this.watchers.delete(taskId);
          resolve();
        };
        const timer = unrefed(setTimeout(wake, task.pollIntervalMs ?? this.settings.pollIntervalMs));
        signal?.addEventListener('abort', wake, { once: true });
        let watchers = this.watchers.get(taskId);
        if (!watchers) this.watchers.set(taskId, (watchers = new Set()));
        watchers.add(wake);
      });
    }
  }

  /**
   * A client's JSON-RPC response to a request a 2025-11-25 task sent on a `tasks/result` stream
   * (its id made by {@link taskAskId}): stored as the answer to that input request — the store
   * takes it only from the task's owner and only once, and brings it to the instance running the
   * task. False when the id is not a task's.
   */
  answered(id: RequestId | undefined, message: unknown, owner: string): boolean {
    const ask = readTaskAskId(id);
    if (!ask) return false;
    const store = this.storeIfUsed;
    if (store && isObject(message)) {
      store.update(ask.taskId, owner, { [ask.key]: responseAnswer(message) as JsonObject }).catch((error: unknown) =>
        this.policy.report(error, { requestId: ask.taskId, method: METHOD.tasksResult }),
      );
    }
    return true;
  }

  /** A task of this instance changed: who watches it looks again, and its connection hears of a new status. */
  private changed(task: RunningTask): void {
    const watchers = this.watchers.get(task.taskId);
    // after the store's write has been awaited (or started, for a cancel): the next get sees it
    if (watchers) queueMicrotask(() => watchers.forEach((wake) => wake()));
    task.announce?.();
  }

  /** Stores the outcome of a procedure run: its result (the object the tool caller wrote), or its JSON-RPC error. */
  private async settle(taskId: string, outcome: Settled | undefined): Promise<void> {
    if (isResultReply(outcome)) {
      await this.store.complete(taskId, JSON.parse(resultJsonOf(outcome)) as Record<string, unknown>);
      return;
    }
    const error = outcome?.outcome;
    const failure: TaskError =
      error?.kind !== 'error'
        ? { code: ErrorCodes.InternalError, message: 'Internal error: the task ended without an outcome' }
        : error.data === undefined
          ? { code: error.code, message: error.message }
          : { code: error.code, message: error.message, data: error.data };
    await this.store.fail(taskId, failure);
  }

  /** An ask inside a task: answered before the task (`beginTask`), or by the client through the task. */
  private ask(task: RunningTask, inbound: InboundRequest, toolName: string, kind: AskKind, params: unknown, key: string | undefined, before: Readonly<Record<string, unknown>>): Promise<unknown> {
    const name = key ?? `${kind}-${++task.counts[kind]}`;
    if (Object.prototype.hasOwnProperty.call(before, name)) return Promise.resolve(before[name]);
    const legacy = inbound.profile.era !== 'modern';
    // 2025-11-25: the connection's capabilities when known (stdio); over stateless HTTP the client's response says
    const capabilities = legacy ? task.legacyCapabilities : clientCapabilitiesOf(inbound);
    if (capabilities && !isObject(capabilities[kind])) {
      const who = legacy ? 'the client' : 'the request that created its task';
      return Promise.reject(new InputUnavailableError(`Tool "${toolName}" asked the client for ${kind}, but ${who} did not declare the "${kind}" capability`));
    }
    if (task.cancelled || !this.running.has(task.taskId)) return Promise.reject(new InputUnavailableError(`Tool "${toolName}" asked after its task ended`));
    if (task.waiters.has(name)) return Promise.reject(new InputUnavailableError(`Tool "${toolName}" asked twice with the key "${name}" (keys are unique for a task's life)`));
    return new Promise((resolve, reject) => {
      task.waiters.set(name, { kind, params, legacy, resolve, reject });
      this.store.requireInput(task.taskId, { [name]: { method: ASK_METHODS[kind], params: params as Record<string, never> } }).then(
        (took) => {
          if (took) this.changed(task);
          else this.dropWaiter(task, name, new InputUnavailableError(`Tool "${toolName}" asked after its task ended`));
        },
        (error: unknown) => this.dropWaiter(task, name, error instanceof RangeError ? new InputUnavailableError(error.message) : (error as Error)),
      );
    });
  }

  private dropWaiter(task: RunningTask, key: string, error: Error): void {
    const waiter = task.waiters.get(key);
    if (!waiter) return;
    task.waiters.delete(key);
    waiter.reject(error);
  }

  /** What the store tells the instance running a task: a cancel, or answers. */
  private onEvent(event: TaskEvent): void {
    const task = this.running.get(event.taskId);
    if (!task) return;
    if (event.type === 'cancel') {
      task.cancelled = true;
      const reason = new Error('the task was cancelled');
      reason.name = 'AbortError';
      task.controller.abort(reason);
      this.finish(task, 'the task was cancelled');
      this.store.markCancelled(task.taskId).then(
        () => task.announce?.(),
        (error: unknown) => this.report(error, task),
      );
      return;
    }
    for (const [key, value] of Object.entries(event.inputResponses)) {
      const waiter = task.waiters.get(key);
      if (!waiter) continue;
      task.waiters.delete(key);
      const method = ASK_METHODS[waiter.kind];
      const answer = waiter.legacy ? unwrapResponse(method, value) : value;
      if (answer instanceof Error) {
        waiter.reject(answer);
        continue;
      }
      const problem = answerProblem(waiter.kind, waiter.params, answer, this.limits);
      if (problem) waiter.reject(new InvalidAnswerError(`The client's answer to ${method} is not valid: ${problem}`));
      else waiter.resolve(answer);
    }
    this.changed(task);
  }

  /** Sends a 2025-11-25 task's status (`notifications/tasks/status`) on the connection that created it, when `fresh` says it is new. */
  private announce(record: TaskRecord, context: DispatchContext, fresh: (status: string) => boolean): void {
    this.store
      .get(record.taskId, record.owner)
      .then((task) => {
        if (task && fresh(task.status)) context.notify?.(JSON.stringify({ jsonrpc: '2.0', method: METHOD.taskStatus, params: legacyTask(task) }), 'legacy');
      })
      .catch((error: unknown) => this.policy.report(error, { requestId: record.taskId, method: METHOD.taskStatus }));
  }

  /** Forgets a task this instance ran; asks still waiting reject; who waits for it to settle looks again. */
  private finish(task: RunningTask, why: string): void {
    if (this.running.get(task.taskId) === task) {
      this.running.delete(task.taskId);
      this.runningBy.remove(task.owner);
    }
    const watchers = this.watchers.get(task.taskId);
    // after the store's write of the outcome has been awaited (run) or started (cancel): the next get sees it
    if (watchers) queueMicrotask(() => watchers.forEach((wake) => wake()));
    for (const [key] of task.waiters) this.dropWaiter(task, key, new InputUnavailableError(`No answer can come: ${why}`));
  }

  private report(error: unknown, task: RunningTask, tool?: string): void {
    this.policy.report(error, { requestId: task.taskId, method: METHOD.toolsCall, ...(tool !== undefined && { tool }) });
  }
}

/** A 2025-11-25 answer (a JSON-RPC response's `result` or `error`, {@link responseAnswer}): the result, or why there is none. */
function unwrapResponse(method: string, value: unknown): unknown {
  if (!isObject(value)) return new InputUnavailableError(`The client answered ${method} without a result`);
  if (isObject(value.error)) return new InputUnavailableError(`The client answered ${method} with an error: ${String(value.error.message ?? value.error.code)}`);
  if (!isObject(value.result)) return new InputUnavailableError(`The client answered ${method} without a result`);
  return value.result;
}
