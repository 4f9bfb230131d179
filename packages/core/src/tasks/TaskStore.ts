/**
 * TaskStore: where tasks live between the `tools/call` that starts one and the `tasks/get` that
 * reads its outcome — the seam between the protocol wiring and a storage engine
 * ({@link MemoryTaskStore} in one process, `RedisTaskStore` from `@toolwire/redis` for several).
 *
 * Two kinds of callers use a store. The **client side** (the wiring of `tasks/get`,
 * `tasks/update`, `tasks/cancel`) names the owner, and a task of another owner is answered
 * exactly like an unknown id. The **running side** (the instance that runs the task) creates
 * the task, holding its lease, and settles it with atomic transitions: a terminal state is
 * final and a second terminal transition is refused, so every method that changes a task says
 * whether it took effect. Every instance sweeps: a task whose lease was not renewed in time
 * (its process died) turns `failed` with {@link TASK_STOPPED_ERROR}, exactly once.
 */
import type { JsonObject } from '../declaration/metadata';
import { ErrorCodes } from '../faults/ErrorCodes';
import type { TaskError, TaskInputRequests, TaskInputResponses, TaskRecord } from './TaskRecord';

/** What {@link TaskStore.create} needs to know about a new task. */
export interface TaskInit {
  /** The opaque principal the task belongs to (the wiring derives it from issuer + subject). */
  readonly owner: string;
  /** Time to live from creation in ms (a positive integer), or `null` for no expiry. */
  readonly ttlMs: number | null;
  /** The suggested polling interval in ms (a positive integer). */
  readonly pollIntervalMs?: number;
  /** The first status message. */
  readonly statusMessage?: string;
}

/**
 * What a store tells the instance running a task (only for tasks this instance holds):
 * `cancel` — stop: the owner asked for a cancel (or the task ended elsewhere);
 * `input` — the owner answered input requests (only the newly accepted answers).
 */
export type TaskEvent =
  | { readonly type: 'cancel'; readonly taskId: string }
  | { readonly type: 'input'; readonly taskId: string; readonly inputResponses: TaskInputResponses };

/** Receives {@link TaskEvent}s. */
export type TaskEventListener = (event: TaskEvent) => void;

/** One page of an owner's tasks, from {@link TaskStore.list}. */
export interface TaskPage {
  /** The tasks, oldest first (copies, like every record a store hands out). */
  readonly tasks: TaskRecord[];
  /** Where the next page starts (pass it to `list` as `after`); absent on the last page. */
  readonly next?: string;
}

/** The storage behind tasks. Every method is asynchronous; records are copies. */
export interface TaskStore {
  /** This instance's id: the lease holder of the tasks it creates. */
  readonly instanceId: string;

  /**
   * Stores a new `working` task held by this instance (its lease starts now and the store's
   * heartbeat renews it until the task is terminal). Resolves once the task is durable: a
   * `get` on any instance finds it. Rejects with a `RangeError` when the owner holds
   * `maxTasksPerOwner` live tasks or the store is full and none of the owner's tasks is finished
   * (a place is only ever freed from the creating owner's own tasks).
   */
  create(init: TaskInit): Promise<TaskRecord>;

  /** The task, or `undefined` when it is unknown, expired or owned by someone else. */
  get(taskId: string, owner: string): Promise<TaskRecord | undefined>;

  /**
   * The owner's tasks the store still holds (expired ones are not listed), oldest first, at most
   * `limit` (a positive integer) of them, starting after the position `after` (the `next` of the
   * previous page). A shared store lists the tasks every instance created. A page may hold fewer
   * than `limit` tasks and still have a `next`. Rejects with a `RangeError` when `after` is not a
   * position this kind of store makes; a position whose task has gone since is still valid.
   */
  list(owner: string, limit: number, after?: string): Promise<TaskPage>;

  /**
   * Merges answers into the task (`tasks/update`): each answer to a still unanswered request
   * is kept; unknown or already answered keys are ignored; partial answers are fine. When no
   * request is left unanswered, an `input_required` task is `working` again. The running
   * instance gets an `input` event with the accepted answers. Resolves to the task (a terminal
   * one unchanged), or `undefined` like {@link get}.
   */
  update(taskId: string, owner: string, inputResponses: TaskInputResponses): Promise<TaskRecord | undefined>;

  /**
   * The owner's cancel (`tasks/cancel`), cooperative: marks the task `cancelRequested` and sends
   * a `cancel` event to the instance running it, which stops and calls {@link markCancelled}. A
   * task no live instance holds is `cancelled` at once. A terminal task is left as it is
   * (idempotent). Resolves to the task, or `undefined` like {@link get}.
   */
  cancel(taskId: string, owner: string): Promise<TaskRecord | undefined>;

  /**
   * `working`/`input_required` → `completed` with the tool result. Whether it took effect. A
   * result over `maxTaskResultBytes` is not kept: the task turns `failed` with -32603 "Task result
   * too large" instead (and this resolves `true`: the task is settled).
   */
  complete(taskId: string, result: JsonObject, statusMessage?: string): Promise<boolean>;

  /** `working`/`input_required` → `failed` with a JSON-RPC error. Whether it took effect. */
  fail(taskId: string, error: TaskError, statusMessage?: string): Promise<boolean>;

  /** `working`/`input_required` → `cancelled` (the running side's answer to a cancel). Whether it took effect. */
  markCancelled(taskId: string, statusMessage?: string): Promise<boolean>;

  /**
   * `working`/`input_required` → `input_required`, adding requests to the unanswered ones.
   * Whether it took effect (false on a terminal or unknown task). A key the task used before
   * is a `RangeError` (keys are unique for the task's life).
   */
  requireInput(taskId: string, inputRequests: TaskInputRequests, statusMessage?: string): Promise<boolean>;

  /** Sets the status message of a live task (progress). Whether it took effect. */
  setStatusMessage(taskId: string, statusMessage: string): Promise<boolean>;

  /** Renews this instance's lease on a live task now (the heartbeat does it on its own). Whether it took effect. */
  renewLease(taskId: string): Promise<boolean>;

  /**
   * Stops running a task without settling it: the lease ends now, the heartbeat forgets the
   * task, and the next sweep (on any instance) fails it with {@link TASK_STOPPED_ERROR}.
   * Whether this instance held it.
   */
  releaseLease(taskId: string): Promise<boolean>;

  /** Fails every live task whose lease has expired; resolves to how many this call failed. */
  sweep(): Promise<number>;

  /** Listens to events for the tasks this instance runs; returns the function that stops listening. */
  subscribe(listener: TaskEventListener): () => void;

  /**
   * Stops the timers, fails the tasks this instance still runs (they cannot finish without it)
   * and releases what the store holds. Idempotent.
   */
  close(): Promise<void>;
}

/** The error a task gets when the instance running it stopped renewing its lease. */
export const TASK_STOPPED_ERROR: TaskError = Object.freeze({ code: ErrorCodes.InternalError, message: 'the server running this task stopped' });
