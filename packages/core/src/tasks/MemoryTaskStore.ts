/**
 * MemoryTaskStore: the default {@link TaskStore} — tasks in a `Map` of this process, nothing to
 * install. It keeps the same contract as the Redis store (owners, atomic transitions, leases
 * with a heartbeat and a sweep, time to live), bounded by `maxTasks` in all and
 * `maxTasksPerOwner` per owner — a place is only ever freed within the owner that needs it —
 * and keeps no result over `maxTaskResultBytes`. Its timers never keep the process alive;
 * `close()` stops them.
 *
 * @example
 * const store = new MemoryTaskStore();
 * const task = await store.create({ owner: 'https://issuer.example|alice', ttlMs: 3_600_000 });
 * await store.complete(task.taskId, { content: [], isError: false }); // true
 */
import type { JsonObject } from '../declaration/metadata';
import { createTaskId } from './createTaskId';
import { checkInputRequests, checkInputResponses, checkListArguments, checkStatusMessage, checkTaskError, checkTaskInit, checkTaskResult, isJsonObject, oversizedResult, toJsonText } from './taskChecks';
import { TaskEvents } from './TaskEvents';
import { isTerminalTaskStatus } from './TaskRecord';
import type { TaskError, TaskInputRequests, TaskInputResponses, TaskRecord, TaskStatus } from './TaskRecord';
import { TASK_STOPPED_ERROR } from './TaskStore';
import type { TaskEventListener, TaskInit, TaskPage, TaskStore } from './TaskStore';
import { resolveTaskStoreOptions } from './TaskStoreOptions';
import type { ResolvedTaskStoreOptions, TaskStoreOptions } from './TaskStoreOptions';
import { startRepeating } from './timers';
import type { RepeatingTimer } from './timers';

/** Options of {@link MemoryTaskStore}. */
export interface MemoryTaskStoreOptions extends TaskStoreOptions {
  /**
   * Most tasks held at once, of every owner; default 10,000. When full, expired tasks go first,
   * then the oldest finished task of the owner creating one (never another owner's); when there
   * is none, `create` rejects with a `RangeError`.
   */
  readonly maxTasks?: number;
}

/** The default bound of a {@link MemoryTaskStore}. */
export const DEFAULT_MAX_TASKS = 10_000;

/** One stored task; JSON payloads are kept as text, so callers never share objects with the store. */
interface Entry {
  readonly taskId: string;
  /** The store's creation counter: the position `list` pages by. */
  readonly seq: number;
  readonly owner: string;
  status: TaskStatus;
  statusMessage?: string;
  readonly createdAt: number;
  updatedAt: number;
  readonly ttlMs: number | null;
  readonly pollIntervalMs?: number;
  result?: string;
  error?: string;
  /** Every input request ever issued, by key (keys are unique for the task's life). */
  readonly requests: Map<string, string>;
  readonly responses: Map<string, string>;
  cancelRequested: boolean;
  lease?: { holder: string; expiresAt: number };
}

/** A {@link TaskStore} in this process's memory. */
export class MemoryTaskStore implements TaskStore {
  readonly instanceId: string;
  private readonly options: ResolvedTaskStoreOptions;
  private readonly maxTasks: number;
  private readonly tasks = new Map<string, Entry>();
  /** The same tasks by owner, each owner's in creation order (for `list`). */
  private readonly byOwner = new Map<string, Map<string, Entry>>();
  private created = 0;
  /** The tasks this instance runs (their leases are renewed by the heartbeat). */
  private readonly held = new Set<string>();
  private readonly events: TaskEvents;
  private readonly timers: RepeatingTimer[];
  private closed = false;
  /** No task expires before this time (ms since the epoch; a lower bound kept by create and makeRoom). */
  private nextExpiry = Infinity;

  constructor(options: MemoryTaskStoreOptions = {}) {
    const { maxTasks = DEFAULT_MAX_TASKS, ...common } = options;
    if (!Number.isSafeInteger(maxTasks) || maxTasks < 1) throw new TypeError(`MemoryTaskStore option maxTasks: expected a positive integer, got ${JSON.stringify(maxTasks)}`);
    this.options = resolveTaskStoreOptions(common);
    this.maxTasks = maxTasks;
    this.instanceId = this.options.instanceId;
    this.events = new TaskEvents(this.options.onError);
    this.timers = [
      startRepeating(this.options.heartbeatMs, () => this.heartbeat(), this.options.onError),
      startRepeating(this.options.sweepIntervalMs, () => this.sweep(), this.options.onError),
    ];
  }

  /** How many tasks the store holds now (expired ones included until they are swept). */
  get size(): number {
    return this.tasks.size;
  }

  async create(init: TaskInit): Promise<TaskRecord> {
    this.checkOpen();
    checkTaskInit(init);
    const now = Date.now();
    if ((this.byOwner.get(init.owner)?.size ?? 0) >= this.options.maxTasksPerOwner) this.makeOwnerRoom(init.owner, now);
    if (this.tasks.size >= this.maxTasks) this.makeRoom(init.owner, now);
    const entry: Entry = {
      taskId: createTaskId(),
      seq: ++this.created,
      owner: init.owner,
      status: 'working',
      createdAt: now,
      updatedAt: now,
      ttlMs: init.ttlMs,
      requests: new Map(),
      responses: new Map(),
      cancelRequested: false,
      lease: { holder: this.instanceId, expiresAt: now + this.options.leaseMs },
    };
    if (init.pollIntervalMs !== undefined) (entry as { pollIntervalMs?: number }).pollIntervalMs = init.pollIntervalMs;
    if (init.statusMessage !== undefined) entry.statusMessage = init.statusMessage;
    this.tasks.set(entry.taskId, entry);
    const owned = this.byOwner.get(entry.owner);
    if (owned) owned.set(entry.taskId, entry);
    else this.byOwner.set(entry.owner, new Map([[entry.taskId, entry]]));
    this.held.add(entry.taskId);
    if (entry.ttlMs !== null) this.nextExpiry = Math.min(this.nextExpiry, now + entry.ttlMs);
    return snapshot(entry);
  }

  async get(taskId: string, owner: string): Promise<TaskRecord | undefined> {
    const entry = this.owned(taskId, owner, Date.now());
    return entry && snapshot(entry);
  }

  async list(owner: string, limit: number, after?: string): Promise<TaskPage> {
    checkListArguments(owner, limit, after);
    if (after !== undefined && !/^[1-9][0-9]{0,15}$/.test(after)) throw new RangeError(`MemoryTaskStore: ${JSON.stringify(after.slice(0, 40))} is not a list position`);
    const from = after === undefined ? 0 : Number(after);
    const now = Date.now();
    const tasks: TaskRecord[] = [];
    let last = 0;
    let more = false;
    // each owner's map is in creation order: skip to the position, then take a page
    for (const entry of this.byOwner.get(owner)?.values() ?? []) {
      if (entry.seq <= from) continue;
      if (expired(entry, now)) {
        this.forget(entry.taskId);
      } else if (tasks.length === limit) {
        more = true;
        break;
      } else {
        tasks.push(snapshot(entry));
        last = entry.seq;
      }
    }
    return more ? { tasks, next: String(last) } : { tasks };
  }

  async update(taskId: string, owner: string, inputResponses: TaskInputResponses): Promise<TaskRecord | undefined> {
    checkInputResponses(inputResponses);
    const now = Date.now();
    const entry = this.owned(taskId, owner, now);
    if (!entry) return undefined;
    if (isTerminalTaskStatus(entry.status)) return snapshot(entry);
    const accepted: Record<string, JsonObject> = {};
    for (const [key, answer] of Object.entries(inputResponses)) {
      if (!entry.requests.has(key) || entry.responses.has(key) || !isJsonObject(answer)) continue;
      const text = toJsonText(`task inputResponses["${key}"]`, answer);
      entry.responses.set(key, text);
      accepted[key] = JSON.parse(text) as JsonObject;
    }
    if (Object.keys(accepted).length > 0) {
      entry.updatedAt = now;
      if (entry.status === 'input_required' && entry.responses.size === entry.requests.size) entry.status = 'working';
      if (this.runsHere(entry, now)) this.events.emit({ type: 'input', taskId, inputResponses: accepted });
    }
    return snapshot(entry);
  }

  async cancel(taskId: string, owner: string): Promise<TaskRecord | undefined> {
    const now = Date.now();
    const entry = this.owned(taskId, owner, now);
    if (!entry) return undefined;
    if (isTerminalTaskStatus(entry.status)) return snapshot(entry);
    entry.cancelRequested = true;
    entry.updatedAt = now;
    if (entry.lease && entry.lease.expiresAt > now) {
      if (this.runsHere(entry, now)) this.events.emit({ type: 'cancel', taskId });
    } else {
      this.settle(entry, 'cancelled', now);
    }
    return snapshot(entry);
  }

  async complete(taskId: string, result: JsonObject, statusMessage?: string): Promise<boolean> {
    checkTaskResult(result);
    checkStatusMessage(statusMessage);
    const text = toJsonText('task result', result);
    const entry = this.live(taskId, Date.now());
    if (!entry) return false;
    const tooLarge = oversizedResult(text, this.options.maxTaskResultBytes);
    if (tooLarge) {
      entry.error = JSON.stringify(tooLarge);
      this.settle(entry, 'failed', Date.now(), tooLarge.message);
      return true;
    }
    entry.result = text;
    this.settle(entry, 'completed', Date.now(), statusMessage);
    return true;
  }

  async fail(taskId: string, error: TaskError, statusMessage?: string): Promise<boolean> {
    checkTaskError(error);
    checkStatusMessage(statusMessage);
    const text = toJsonText('task error', { code: error.code, message: error.message, ...(error.data !== undefined && { data: error.data }) });
    const entry = this.live(taskId, Date.now());
    if (!entry) return false;
    entry.error = text;
    this.settle(entry, 'failed', Date.now(), statusMessage);
    return true;
  }

  async markCancelled(taskId: string, statusMessage?: string): Promise<boolean> {
    checkStatusMessage(statusMessage);
    const entry = this.live(taskId, Date.now());
    if (!entry) return false;
    this.settle(entry, 'cancelled', Date.now(), statusMessage);
    return true;
  }

  async requireInput(taskId: string, inputRequests: TaskInputRequests, statusMessage?: string): Promise<boolean> {
    checkInputRequests(inputRequests);
    checkStatusMessage(statusMessage);
    const texts = Object.entries(inputRequests).map(([key, request]) => [key, toJsonText(`task inputRequests["${key}"]`, request)] as const);
    const now = Date.now();
    const entry = this.live(taskId, now);
    if (!entry) return false;
    for (const [key] of texts) {
      if (entry.requests.has(key)) throw new RangeError(`task inputRequests: key "${key}" was already used by this task (keys are unique for a task's life)`);
    }
    for (const [key, text] of texts) entry.requests.set(key, text);
    entry.status = 'input_required';
    if (statusMessage !== undefined) entry.statusMessage = statusMessage;
    entry.updatedAt = now;
    return true;
  }

  async setStatusMessage(taskId: string, statusMessage: string): Promise<boolean> {
    if (typeof statusMessage !== 'string') throw new TypeError(`task statusMessage: expected a string, got ${typeof statusMessage}`);
    const now = Date.now();
    const entry = this.live(taskId, now);
    if (!entry) return false;
    entry.statusMessage = statusMessage;
    entry.updatedAt = now;
    return true;
  }

  async renewLease(taskId: string): Promise<boolean> {
    const now = Date.now();
    const entry = this.live(taskId, now);
    if (!entry || !this.held.has(taskId) || entry.lease?.holder !== this.instanceId) return false;
    entry.lease.expiresAt = now + this.options.leaseMs;
    return true;
  }

  async releaseLease(taskId: string): Promise<boolean> {
    if (!this.held.delete(taskId)) return false;
    const entry = this.live(taskId, Date.now());
    if (entry?.lease) entry.lease.expiresAt = Date.now();
    return true;
  }

  async sweep(): Promise<number> {
    const now = Date.now();
    let failed = 0;
    for (const entry of this.tasks.values()) {
      if (expired(entry, now)) {
        this.forget(entry.taskId);
      } else if (!isTerminalTaskStatus(entry.status) && entry.lease && entry.lease.expiresAt <= now) {
        const wasHere = this.held.has(entry.taskId);
        entry.error = JSON.stringify(TASK_STOPPED_ERROR);
        this.settle(entry, 'failed', now, TASK_STOPPED_ERROR.message);
        failed++;
        // the runner is alive after all (its heartbeat was late): tell it to stop
        if (wasHere) this.events.emit({ type: 'cancel', taskId: entry.taskId });
      }
    }
    return failed;
  }

  subscribe(listener: TaskEventListener): () => void {
    return this.events.subscribe(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) timer.stop();
    const now = Date.now();
    for (const taskId of [...this.held]) {
      const entry = this.live(taskId, now);
      if (entry) {
        entry.error = JSON.stringify(TASK_STOPPED_ERROR);
        this.settle(entry, 'failed', now, TASK_STOPPED_ERROR.message);
      }
    }
    this.held.clear();
    this.events.clear();
  }

  /** Renews the leases of the tasks this instance runs. */
  private heartbeat(): void {
    const now = Date.now();
    for (const taskId of this.held) {
      const entry = this.live(taskId, now);
      if (entry?.lease) entry.lease.expiresAt = now + this.options.leaseMs;
      else this.held.delete(taskId);
    }
  }

  /** The task when it exists, has not expired and belongs to `owner`. */
  private owned(taskId: string, owner: string, now: number): Entry | undefined {
    if (typeof taskId !== 'string' || typeof owner !== 'string') return undefined;
    const entry = this.tasks.get(taskId);
    if (!entry) return undefined;
    if (expired(entry, now)) {
      this.forget(taskId);
      return undefined;
    }
    return entry.owner === owner ? entry : undefined;
  }

  /** The task when it exists, has not expired and is not terminal. */
  private live(taskId: string, now: number): Entry | undefined {
    const entry = typeof taskId === 'string' ? this.tasks.get(taskId) : undefined;
    if (!entry) return undefined;
    if (expired(entry, now)) {
      this.forget(taskId);
      return undefined;
    }
    return isTerminalTaskStatus(entry.status) ? undefined : entry;
  }

  private runsHere(entry: Entry, now: number): boolean {
    return this.held.has(entry.taskId) && entry.lease?.holder === this.instanceId && entry.lease.expiresAt > now;
  }

  /** A terminal transition: the status, the time, and the lease ends. */
  private settle(entry: Entry, status: 'completed' | 'failed' | 'cancelled', now: number, statusMessage?: string): void {
    this.held.delete(entry.taskId);
    entry.status = status;
    if (statusMessage !== undefined) entry.statusMessage = statusMessage;
    entry.updatedAt = now;
    delete entry.lease;
  }

  private forget(taskId: string): void {
    const entry = this.tasks.get(taskId);
    if (!entry) return;
    this.tasks.delete(taskId);
    this.held.delete(taskId);
    const owned = this.byOwner.get(entry.owner);
    owned?.delete(taskId);
    if (owned?.size === 0) this.byOwner.delete(entry.owner);
  }

  /**
   * Frees one of `owner`'s places: its oldest task that is expired or finished (an owner's tasks
   * are in creation order, so this stops at the first one that can go).
   */
  private makeOwnerRoom(owner: string, now: number): void {
    for (const entry of this.byOwner.get(owner)?.values() ?? []) {
      if (expired(entry, now) || isTerminalTaskStatus(entry.status)) {
        this.forget(entry.taskId);
        return;
      }
    }
    throw new RangeError(`MemoryTaskStore: this owner has ${this.options.maxTasksPerOwner} live tasks (maxTasksPerOwner); try again later`);
  }

  /** Forgets `owner`'s oldest terminal task; whether there was one. */
  private evictOldestFinished(owner: string): boolean {
    // each owner's map is in creation order, so the first terminal task is the oldest
    for (const entry of this.byOwner.get(owner)?.values() ?? []) {
      if (isTerminalTaskStatus(entry.status)) {
        this.forget(entry.taskId);
        return true;
      }
    }
    return false;
  }

  /** Frees one place for `owner`: expired tasks (of anyone) first, then `owner`'s oldest terminal one. */
  private makeRoom(owner: string, now: number): void {
    // a full store is scanned for expired tasks only once one can have expired (not on every create)
    if (now >= this.nextExpiry) {
      let next = Infinity;
      for (const entry of this.tasks.values()) {
        if (expired(entry, now)) this.forget(entry.taskId);
        else if (entry.ttlMs !== null) next = Math.min(next, entry.createdAt + entry.ttlMs);
      }
      this.nextExpiry = next;
    }
    if (this.tasks.size < this.maxTasks) return;
    if (!this.evictOldestFinished(owner)) throw new RangeError(`MemoryTaskStore: full (${this.maxTasks} tasks, maxTasks, and none of this owner's is finished); try again later`);
  }

  private checkOpen(): void {
    if (this.closed) throw new Error('MemoryTaskStore: closed');
  }
}

function expired(entry: Entry, now: number): boolean {
  return entry.ttlMs !== null && now >= entry.createdAt + entry.ttlMs;
}

function snapshot(entry: Entry): TaskRecord {
  const inputRequests: Record<string, JsonObject> = {};
  if (entry.status === 'input_required') {
    for (const [key, text] of entry.requests) if (!entry.responses.has(key)) inputRequests[key] = JSON.parse(text) as JsonObject;
  }
  const inputResponses: Record<string, JsonObject> = {};
  for (const [key, text] of entry.responses) inputResponses[key] = JSON.parse(text) as JsonObject;
  return {
    taskId: entry.taskId,
    owner: entry.owner,
    status: entry.status,
    ...(entry.statusMessage !== undefined && { statusMessage: entry.statusMessage }),
    createdAt: new Date(entry.createdAt).toISOString(),
    lastUpdatedAt: new Date(entry.updatedAt).toISOString(),
    ttlMs: entry.ttlMs,
    ...(entry.pollIntervalMs !== undefined && { pollIntervalMs: entry.pollIntervalMs }),
    ...(entry.result !== undefined && { result: JSON.parse(entry.result) as JsonObject }),
    ...(entry.error !== undefined && { error: JSON.parse(entry.error) as TaskError }),
    inputRequests,
    inputResponses,
    cancelRequested: entry.cancelRequested,
    ...(entry.lease && { lease: { ...entry.lease } }),
  };
}
