/**
 * TaskStoreOptions: the settings every {@link TaskStore} shares — the instance id, how long a
 * lease lasts, how often it is renewed, how often expired leases are swept, where errors of
 * the store's own timers and listeners go, how many tasks one owner may hold and how large a
 * result a task may keep — checked and resolved once, when a store is made, with
 * `resolveTaskStoreOptions`.
 */
import { createTaskId } from './createTaskId';

/** The options every task store accepts. */
export interface TaskStoreOptions {
  /** This instance's id (the lease holder name); default a random id. */
  readonly instanceId?: string;
  /** How long a lease lasts without renewal, in ms; default 30,000. */
  readonly leaseMs?: number;
  /** How often the heartbeat renews this instance's leases, in ms; default a third of `leaseMs`. */
  readonly heartbeatMs?: number;
  /** How often this instance sweeps expired leases (and, in memory, expired tasks), in ms; default half of `leaseMs`. */
  readonly sweepIntervalMs?: number;
  /** Receives errors of the store's timers and event listeners; default one line on stderr. */
  readonly onError?: (error: unknown) => void;
  /**
   * Most tasks one owner holds at once; default 1,000. When an owner has this many, its oldest
   * task that has expired or finished goes; when all of them are live, `create` rejects with a
   * `RangeError`. Another owner's tasks are never evicted for it, so one
   * caller's burst cannot erase another's results before their time to live.
   */
  readonly maxTasksPerOwner?: number;
  /**
   * Largest tool result a task keeps, in bytes of its JSON text (UTF-8); default 1,048,576 (1 MiB).
   * A larger result is not stored: `complete` fails the task instead with -32603 "Task result too
   * large" naming this limit (and resolves `true`: the task is settled), so a few huge results
   * cannot hold memory (or Redis) for a whole time to live.
   */
  readonly maxTaskResultBytes?: number;
}

/** {@link TaskStoreOptions} with every default filled in. */
export interface ResolvedTaskStoreOptions {
  readonly instanceId: string;
  readonly leaseMs: number;
  readonly heartbeatMs: number;
  readonly sweepIntervalMs: number;
  readonly onError: (error: unknown) => void;
  readonly maxTasksPerOwner: number;
  readonly maxTaskResultBytes: number;
}

/** The default bound of tasks one owner holds in a store. */
export const DEFAULT_MAX_TASKS_PER_OWNER = 1000;

/** The default largest result a task keeps: 1 MiB of JSON text. */
export const DEFAULT_MAX_TASK_RESULT_BYTES = 1024 * 1024;

/** The default lease: 30 s. A dead instance's tasks fail within `leaseMs + sweepIntervalMs`. */
export const DEFAULT_TASK_LEASE_MS = 30_000;

const reportToStderr = (error: unknown): void => {
  console.error(`toolwire: task store error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
};

function positiveInteger(name: string, value: unknown, fallback: number, unit = 'ms'): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(`task store option ${name}: expected a positive integer (${unit}), got ${JSON.stringify(value) ?? typeof value}`);
  }
  return value;
}

/** Checks `options` (a `TypeError` naming the bad one) and fills in the defaults. */
export function resolveTaskStoreOptions(options: TaskStoreOptions = {}): ResolvedTaskStoreOptions {
  if (options.instanceId !== undefined && (typeof options.instanceId !== 'string' || !/^[A-Za-z0-9_.:-]{1,128}$/.test(options.instanceId))) {
    throw new TypeError(`task store option instanceId: expected 1-128 characters of A-Z a-z 0-9 _ . : -, got ${JSON.stringify(options.instanceId)}`);
  }
  if (options.onError !== undefined && typeof options.onError !== 'function') {
    throw new TypeError(`task store option onError: expected a function, got ${typeof options.onError}`);
  }
  const leaseMs = positiveInteger('leaseMs', options.leaseMs, DEFAULT_TASK_LEASE_MS);
  const heartbeatMs = positiveInteger('heartbeatMs', options.heartbeatMs, Math.max(1, Math.floor(leaseMs / 3)));
  if (heartbeatMs >= leaseMs) throw new RangeError(`task store option heartbeatMs: expected less than leaseMs (${leaseMs}), got ${heartbeatMs}`);
  return Object.freeze({
    instanceId: options.instanceId ?? createTaskId(),
    leaseMs,
    heartbeatMs,
    sweepIntervalMs: positiveInteger('sweepIntervalMs', options.sweepIntervalMs, Math.max(1, Math.floor(leaseMs / 2))),
    onError: options.onError ?? reportToStderr,
    maxTasksPerOwner: positiveInteger('maxTasksPerOwner', options.maxTasksPerOwner, DEFAULT_MAX_TASKS_PER_OWNER, 'tasks'),
    maxTaskResultBytes: positiveInteger('maxTaskResultBytes', options.maxTaskResultBytes, DEFAULT_MAX_TASK_RESULT_BYTES, 'bytes'),
  });
}
