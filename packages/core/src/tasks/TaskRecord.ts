/**
 * TaskRecord: everything a {@link TaskStore} keeps about one task — what both task eras read
 * (the 2026-07-28 `io.modelcontextprotocol/tasks` extension and the 2025-11-25 experimental
 * tasks): its id, status, status message, timestamps, time to live and poll interval; its
 * outcome (the tool result, or the JSON-RPC error of a failed task); the input it waits for and
 * the answers received; whether a cancel was requested; and who may read it (the owner) and who
 * runs it (the lease).
 */
import type { JsonObject } from '../declaration/metadata';

/** A task's status; `completed`, `failed` and `cancelled` are terminal (final). */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** The terminal statuses: once a task has one, no transition changes it. */
export const TERMINAL_TASK_STATUSES: readonly TaskStatus[] = Object.freeze(['completed', 'failed', 'cancelled']);

/** Whether `status` is terminal (`completed`, `failed` or `cancelled`). */
export function isTerminalTaskStatus(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** The JSON-RPC error a `failed` task carries (JSON-RPC errors only: an `isError` tool result is `completed`). */
export interface TaskError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/**
 * Server-to-client requests a task waits for, by key (the MRTR shape, e.g.
 * `{ name: { method: 'elicitation/create', params: {…} } }`). A key is unique for the task's life.
 */
export type TaskInputRequests = Readonly<Record<string, JsonObject>>;

/** The client's answers to a task's input requests, by the requests' keys. */
export type TaskInputResponses = Readonly<Record<string, JsonObject>>;

/** Who runs a task: the store instance holding its lease, and until when (ms since the epoch). */
export interface TaskLease {
  readonly holder: string;
  readonly expiresAt: number;
}

/** One task as a store holds it (a snapshot: stores hand out copies). */
export interface TaskRecord {
  /** The task's id (from `createTaskId`: 128 random bits, base64url). */
  readonly taskId: string;
  /** The opaque principal the task belongs to; only this owner may read, update or cancel it. */
  readonly owner: string;
  readonly status: TaskStatus;
  readonly statusMessage?: string;
  /** When the task was created (ISO 8601). */
  readonly createdAt: string;
  /** When the task last changed (ISO 8601). */
  readonly lastUpdatedAt: string;
  /** Time to live from `createdAt` in ms; `null` keeps the task until it is evicted (see the store's bound). */
  readonly ttlMs: number | null;
  /** The suggested polling interval in ms. */
  readonly pollIntervalMs?: number;
  /** The tool result of a `completed` task (an `isError: true` result too). */
  readonly result?: JsonObject;
  /** The JSON-RPC error of a `failed` task. */
  readonly error?: TaskError;
  /** The input requests still unanswered (empty unless the status is `input_required`). */
  readonly inputRequests: TaskInputRequests;
  /** Every answer received so far, by key (answers to unknown or already answered keys are not kept). */
  readonly inputResponses: TaskInputResponses;
  /** Whether the owner asked for the task to be cancelled. */
  readonly cancelRequested: boolean;
  /** The lease of the instance running the task; absent once the task is terminal. */
  readonly lease?: TaskLease;
}
