/**
 * RedisTaskStore: a {@link TaskStore} in Redis, shared by every server instance that points at
 * the same Redis and key prefix. A task created through one instance is read, answered and
 * cancelled through any other; every change is one atomic Lua script (scripts.ts); the
 * instance running a task holds a lease its heartbeat renews, and every instance sweeps, so a
 * task whose process died turns `failed` within `leaseMs + sweepIntervalMs`, exactly once.
 * A cancel or an answer reaches the running instance over Redis pub/sub (its own channel), and
 * the heartbeat re-reads the cancel flag, so a lost message delays a cancel by one heartbeat
 * at most. Built on node-redis (`@redis/client`): one connection for commands, one for pub/sub.
 *
 * @example
 * const store = await RedisTaskStore.connect({ url: 'redis://127.0.0.1:6379' });
 * // or over TLS: RedisTaskStore.connect({ url: 'rediss://redis.internal:6380', tls: { ca: readFileSync('ca.crt') } })
 * const task = await store.create({ owner, ttlMs: 3_600_000, pollIntervalMs: 1_000 });
 * store.subscribe((event) => { if (event.type === 'cancel') abortTheWork(event.taskId); });
 * await store.complete(task.taskId, result); // true: it took effect
 */
import type { RedisClientType } from '@redis/client';
import { checkInputRequests, checkInputResponses, checkListArguments, checkStatusMessage, checkTaskError, checkTaskInit, checkTaskResult, createTaskId, oversizedResult, isJsonObject, isTaskId, resolveTaskStoreOptions, startRepeating, TASK_STOPPED_ERROR, TaskEvents, toJsonText } from '@toolwire/core/task-store';
import type { JsonObject, TaskError, TaskRecord, TaskStore } from '@toolwire/core';
import type { RepeatingTimer, ResolvedTaskStoreOptions, TaskEventListener, TaskInit, TaskInputRequests, TaskInputResponses, TaskPage } from '@toolwire/core/task-store';
import { connectRedis } from './connectRedis';
import { pairsToFields, recordOf } from './recordOf';
import type { TaskFields } from './recordOf';
import { DEFAULT_KEY_PREFIX, DEFAULT_REDIS_MAX_TASKS } from './RedisTaskStoreOptions';
import type { RedisTaskStoreOptions } from './RedisTaskStoreOptions';
import { CANCEL, CREATE, LIST, RELEASE, RENEW, REQUIRE_INPUT, SETTLE, STATUS_MESSAGE, SWEEP, UPDATE } from './scripts';

/** Most tasks one heartbeat script renews. */
const RENEW_CHUNK = 500;

/** A {@link TaskStore} in Redis; make one with {@link RedisTaskStore.connect}. */
export class RedisTaskStore implements TaskStore {
  readonly instanceId: string;
  /** The tasks this instance runs, and whether it has told its listeners of a cancel. */
  private readonly held = new Map<string, { cancelSent: boolean }>();
  private readonly events: TaskEvents;
  private readonly timers: RepeatingTimer[] = [];
  private readonly leasesKey: string;
  private readonly channelPrefix: string;
  private closed = false;

  private constructor(
    private readonly client: RedisClientType,
    private readonly subscriber: RedisClientType,
    private readonly options: ResolvedTaskStoreOptions,
    private readonly prefix: string,
    private readonly sweepBatch: number,
    private readonly maxTasks: number,
  ) {
    this.instanceId = options.instanceId;
    this.events = new TaskEvents(options.onError);
    this.leasesKey = `${prefix}leases`;
    this.channelPrefix = `${prefix}i:`;
  }

  /**
   * Connects to Redis (a command connection and a pub/sub connection), subscribes to this
   * instance's channel and starts the heartbeat and the sweep. Rejects when Redis cannot be
   * reached within `connectTimeoutMs` (with the last connection error), and at once, naming the
   * cause, when no retry can help: a TLS certificate signed by an untrusted CA or for another
   * host name, a client certificate the server requires or refuses, a `rediss://` URL for a
   * plain-text port or a `redis://` URL for a TLS-only one. A `TypeError` names a bad option
   * (`tls.ca`, `tls.cert`, `tls.key` that are not PEM, among others).
   */
  static async connect(options: RedisTaskStoreOptions = {}): Promise<RedisTaskStore> {
    const { url, tls, clientOptions, connectTimeoutMs, keyPrefix = DEFAULT_KEY_PREFIX, sweepBatch = 1000, maxTasks = DEFAULT_REDIS_MAX_TASKS, ...common } = options;
    if (typeof keyPrefix !== 'string') throw new TypeError(`RedisTaskStore option keyPrefix: expected a string, got ${typeof keyPrefix}`);
    if (!Number.isSafeInteger(sweepBatch) || sweepBatch < 1) throw new TypeError(`RedisTaskStore option sweepBatch: expected a positive integer, got ${JSON.stringify(sweepBatch)}`);
    if (!Number.isSafeInteger(maxTasks) || maxTasks < 1) throw new TypeError(`RedisTaskStore option maxTasks: expected a positive integer, got ${JSON.stringify(maxTasks)}`);
    const resolved = resolveTaskStoreOptions(common);
    const made: { store?: RedisTaskStore } = {};
    await connectRedis('RedisTaskStore', { url, tls, clientOptions, connectTimeoutMs }, resolved.onError, async ({ client, subscriber }) => {
      const store = (made.store = new RedisTaskStore(client, subscriber, resolved, keyPrefix, sweepBatch, maxTasks));
      await subscriber.subscribe(`${store.channelPrefix}${store.instanceId}`, (message) => store.onMessage(message));
    });
    const store = made.store!; // connectRedis resolves only after its setup made it
    store.timers.push(
      startRepeating(resolved.heartbeatMs, () => store.heartbeat(), resolved.onError),
      startRepeating(resolved.sweepIntervalMs, () => store.sweep(), resolved.onError),
    );
    return store;
  }

  async create(init: TaskInit): Promise<TaskRecord> {
    this.checkOpen();
    checkTaskInit(init);
    const taskId = createTaskId();
    const message = init.statusMessage;
    const keys = [this.taskKey(taskId), this.leasesKey, this.ownerKey(init.owner), `${this.prefix}seq`, `${this.prefix}all`];
    const created = await CREATE.run<number>(this.client, keys, [
      taskId,
      init.owner,
      init.ttlMs === null ? '' : init.ttlMs,
      init.pollIntervalMs ?? '',
      message === undefined ? '0' : '1',
      message ?? '',
      this.instanceId,
      this.options.leaseMs,
      this.taskKey(''),
      this.maxTasks,
      this.options.maxTasksPerOwner,
    ]);
    if (created === -1) throw new RangeError(`RedisTaskStore: this owner has ${this.options.maxTasksPerOwner} live tasks (maxTasksPerOwner); try again later`);
    if (created === -2) throw new RangeError(`RedisTaskStore: full (${this.maxTasks} tasks, maxTasks, and none of this owner's is finished); try again later`);
    if (created === 0) throw new Error('RedisTaskStore: a task with a new random id exists already (is the key prefix shared with something else?)');
    this.held.set(taskId, { cancelSent: false });
    const at = new Date(created).toISOString();
    return {
      taskId,
      owner: init.owner,
      status: 'working',
      ...(message !== undefined && { statusMessage: message }),
      createdAt: at,
      lastUpdatedAt: at,
      ttlMs: init.ttlMs,
      ...(init.pollIntervalMs !== undefined && { pollIntervalMs: init.pollIntervalMs }),
      inputRequests: {},
      inputResponses: {},
      cancelRequested: false,
      lease: { holder: this.instanceId, expiresAt: created + this.options.leaseMs },
    };
  }

  async get(taskId: string, owner: string): Promise<TaskRecord | undefined> {
    if (!isTaskId(taskId) || typeof owner !== 'string') return undefined;
    const fields = (await this.client.hGetAll(this.taskKey(taskId))) as TaskFields;
    return fields.o === owner ? recordOf(taskId, fields) : undefined;
  }

  async list(owner: string, limit: number, after?: string): Promise<TaskPage> {
    checkListArguments(owner, limit, after);
    if (after !== undefined && !/^[1-9][0-9]{0,15}$/.test(after)) throw new RangeError(`RedisTaskStore: ${JSON.stringify(after.slice(0, 40))} is not a list position`);
    const reply = await LIST.run<[string, ...(string | string[])[]]>(this.client, [this.ownerKey(owner)], [this.taskKey(''), after ?? '0', limit]);
    const tasks: TaskRecord[] = [];
    for (let i = 1; i + 1 < reply.length; i += 2) {
      const fields = pairsToFields(reply[i + 1] as string[]);
      if (fields.o === owner) tasks.push(recordOf(reply[i] as string, fields));
    }
    return reply[0] === '' ? { tasks } : { tasks, next: reply[0] };
  }

  async update(taskId: string, owner: string, inputResponses: TaskInputResponses): Promise<TaskRecord | undefined> {
    checkInputResponses(inputResponses);
    if (!isTaskId(taskId) || typeof owner !== 'string') return undefined;
    const answers: string[] = [];
    for (const [key, answer] of Object.entries(inputResponses)) {
      if (isJsonObject(answer)) answers.push(key, toJsonText(`task inputResponses["${key}"]`, answer));
    }
    const reply = await UPDATE.run<string[] | null>(this.client, [this.taskKey(taskId)], [owner, this.channelPrefix, taskId, ...answers]);
    return reply ? recordOf(taskId, pairsToFields(reply)) : undefined;
  }

  async cancel(taskId: string, owner: string): Promise<TaskRecord | undefined> {
    if (!isTaskId(taskId) || typeof owner !== 'string') return undefined;
    const reply = await CANCEL.run<string[] | null>(this.client, [this.taskKey(taskId), this.leasesKey], [owner, this.channelPrefix, taskId]);
    return reply ? recordOf(taskId, pairsToFields(reply)) : undefined;
  }

  async complete(taskId: string, result: JsonObject, statusMessage?: string): Promise<boolean> {
    checkTaskResult(result);
    const text = toJsonText('task result', result);
    const tooLarge = oversizedResult(text, this.options.maxTaskResultBytes);
    if (tooLarge) return this.settle(taskId, 'failed', 'e', JSON.stringify(tooLarge), tooLarge.message);
    return this.settle(taskId, 'completed', 'r', text, statusMessage);
  }

  async fail(taskId: string, error: TaskError, statusMessage?: string): Promise<boolean> {
    checkTaskError(error);
    const text = toJsonText('task error', { code: error.code, message: error.message, ...(error.data !== undefined && { data: error.data }) });
    return this.settle(taskId, 'failed', 'e', text, statusMessage);
  }

  async markCancelled(taskId: string, statusMessage?: string): Promise<boolean> {
    return this.settle(taskId, 'cancelled', '-', '', statusMessage);
  }

  async requireInput(taskId: string, inputRequests: TaskInputRequests, statusMessage?: string): Promise<boolean> {
    checkInputRequests(inputRequests);
    checkStatusMessage(statusMessage);
    const requests = Object.entries(inputRequests).flatMap(([key, request]) => [key, toJsonText(`task inputRequests["${key}"]`, request)]);
    if (!isTaskId(taskId)) return false;
    const args = [statusMessage === undefined ? '0' : '1', statusMessage ?? '', ...requests];
    const [outcome, key] = await REQUIRE_INPUT.run<[number, string?]>(this.client, [this.taskKey(taskId)], args);
    if (outcome === -1) throw new RangeError(`task inputRequests: key "${key}" was already used by this task (keys are unique for a task's life)`);
    return outcome === 1;
  }

  async setStatusMessage(taskId: string, statusMessage: string): Promise<boolean> {
    if (typeof statusMessage !== 'string') throw new TypeError(`task statusMessage: expected a string, got ${typeof statusMessage}`);
    if (!isTaskId(taskId)) return false;
    return (await STATUS_MESSAGE.run<number>(this.client, [this.taskKey(taskId)], [statusMessage])) === 1;
  }

  async renewLease(taskId: string): Promise<boolean> {
    if (!this.held.has(taskId)) return false;
    const [outcome] = await this.renew([taskId]);
    return outcome !== 0;
  }

  async releaseLease(taskId: string): Promise<boolean> {
    if (!this.held.delete(taskId)) return false;
    await RELEASE.run<number>(this.client, [this.taskKey(taskId), this.leasesKey], [taskId, this.instanceId]);
    return true;
  }

  async sweep(): Promise<number> {
    const failed = await SWEEP.run<string[]>(this.client, [this.leasesKey], [
      `${this.prefix}t:`,
      this.sweepBatch,
      JSON.stringify(TASK_STOPPED_ERROR),
      TASK_STOPPED_ERROR.message,
    ]);
    return failed.length;
  }

  subscribe(listener: TaskEventListener): () => void {
    return this.events.subscribe(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) timer.stop();
    const running = [...this.held.keys()];
    this.held.clear();
    this.events.clear();
    try {
      if (this.client.isReady) {
        await Promise.all(running.map((taskId) => this.settle(taskId, 'failed', 'e', JSON.stringify(TASK_STOPPED_ERROR), TASK_STOPPED_ERROR.message)));
      }
    } finally {
      await Promise.allSettled([this.subscriber.close(), this.client.close()]);
    }
  }

  /** Renews the leases of every task this instance runs; tells listeners of cancels and of tasks lost. */
  private async heartbeat(): Promise<void> {
    const ids = [...this.held.keys()];
    for (let start = 0; start < ids.length; start += RENEW_CHUNK) {
      const chunk = ids.slice(start, start + RENEW_CHUNK);
      const outcomes = await this.renew(chunk);
      chunk.forEach((taskId, i) => {
        if (outcomes[i] === 1) return;
        // 2: a cancel was requested (its message may have been lost); 0: the task ended elsewhere
        if (outcomes[i] === 0) {
          const wasHeld = this.held.delete(taskId);
          if (wasHeld) this.events.emit({ type: 'cancel', taskId });
        } else {
          this.noteCancel(taskId);
        }
      });
    }
  }

  private renew(ids: readonly string[]): Promise<number[]> {
    return RENEW.run<number[]>(this.client, [this.leasesKey, ...ids.map((id) => this.taskKey(id))], [this.instanceId, this.options.leaseMs, ...ids]);
  }

  private async settle(taskId: string, status: 'completed' | 'failed' | 'cancelled', field: 'r' | 'e' | '-', payload: string, statusMessage?: string): Promise<boolean> {
    checkStatusMessage(statusMessage);
    if (!isTaskId(taskId)) return false;
    const args = [taskId, status, field, payload, statusMessage === undefined ? '0' : '1', statusMessage ?? ''];
    const applied = (await SETTLE.run<number>(this.client, [this.taskKey(taskId), this.leasesKey], args)) === 1;
    this.held.delete(taskId);
    return applied;
  }

  /** A message on this instance's channel: a cancel or answers for a task it runs. */
  private onMessage(message: string): void {
    let event: { type?: unknown; taskId?: unknown; inputResponses?: unknown };
    try {
      event = JSON.parse(message) as typeof event;
    } catch (error) {
      this.options.onError(error);
      return;
    }
    if (typeof event.taskId !== 'string' || !this.held.has(event.taskId)) return;
    if (event.type === 'cancel') {
      this.noteCancel(event.taskId);
    } else if (event.type === 'input' && isJsonObject(event.inputResponses)) {
      const inputResponses: Record<string, JsonObject> = {};
      for (const [key, text] of Object.entries(event.inputResponses)) inputResponses[key] = JSON.parse(String(text)) as JsonObject;
      this.events.emit({ type: 'input', taskId: event.taskId, inputResponses });
    }
  }

  /** Tells listeners of a cancel once per task. */
  private noteCancel(taskId: string): void {
    const entry = this.held.get(taskId);
    if (!entry || entry.cancelSent) return;
    entry.cancelSent = true;
    this.events.emit({ type: 'cancel', taskId });
  }

  /** The sorted set of an owner's task ids, by creation time. */
  private ownerKey(owner: string): string {
    return `${this.prefix}o:${owner}`;
  }

  private taskKey(taskId: string): string {
    return `${this.prefix}t:${taskId}`;
  }

  private checkOpen(): void {
    if (this.closed) throw new Error('RedisTaskStore: closed');
  }
}
