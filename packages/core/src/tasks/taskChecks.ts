/**
 * taskChecks: the argument checks every {@link TaskStore} makes before it writes — a task's init,
 * a result, a JSON-RPC error, a set of input requests — so that both stores refuse the same
 * mistakes with the same `TypeError`, and `toJsonText`, which turns what a store keeps into
 * JSON text (stores keep JSON, never live objects), and `oversizedResult`, the error a task
 * gets instead of a result larger than the store keeps.
 */
import type { JsonObject } from '../declaration/metadata';
import type { TaskInit } from './TaskStore';
import type { TaskError, TaskInputRequests } from './TaskRecord';
import { ErrorCodes } from '../faults/ErrorCodes';

const isPositiveInteger = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Whether `value` is a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a {@link TaskInit} (a `TypeError` naming the bad member). */
export function checkTaskInit(init: TaskInit): void {
  if (!isJsonObject(init)) throw new TypeError(`task init: expected an object, got ${typeof init}`);
  if (typeof init.owner !== 'string') throw new TypeError(`task init owner: expected a string, got ${typeof init.owner}`);
  if (init.ttlMs !== null && !isPositiveInteger(init.ttlMs)) throw new TypeError(`task init ttlMs: expected a positive integer or null, got ${JSON.stringify(init.ttlMs)}`);
  if (init.pollIntervalMs !== undefined && !isPositiveInteger(init.pollIntervalMs)) {
    throw new TypeError(`task init pollIntervalMs: expected a positive integer, got ${JSON.stringify(init.pollIntervalMs)}`);
  }
  checkStatusMessage(init.statusMessage);
}

/** Checks the arguments of {@link TaskStore.list} (a `TypeError` naming the bad one). */
export function checkListArguments(owner: unknown, limit: unknown, after: unknown): void {
  if (typeof owner !== 'string') throw new TypeError(`task list owner: expected a string, got ${typeof owner}`);
  if (!isPositiveInteger(limit)) throw new TypeError(`task list limit: expected a positive integer, got ${JSON.stringify(limit)}`);
  if (after !== undefined && typeof after !== 'string') throw new TypeError(`task list after: expected a string, got ${typeof after}`);
}

/** Checks an optional status message. */
export function checkStatusMessage(message: unknown): void {
  if (message !== undefined && typeof message !== 'string') throw new TypeError(`task statusMessage: expected a string, got ${typeof message}`);
}

/** Checks a task's tool result (a JSON object). */
export function checkTaskResult(result: unknown): asserts result is JsonObject {
  if (!isJsonObject(result)) throw new TypeError(`task result: expected a JSON object (a tool result), got ${Array.isArray(result) ? 'an array' : typeof result}`);
}

/** Checks a failed task's JSON-RPC error (`code` an integer, `message` a string). */
export function checkTaskError(error: unknown): asserts error is TaskError {
  if (!isJsonObject(error) || !Number.isSafeInteger(error.code) || typeof error.message !== 'string') {
    throw new TypeError(`task error: expected a JSON-RPC error ({ code: integer, message: string, data? }), got ${JSON.stringify(error)}`);
  }
}

/** Checks input requests: a non-empty object whose values are JSON objects. */
export function checkInputRequests(requests: unknown): asserts requests is TaskInputRequests {
  if (!isJsonObject(requests) || Object.keys(requests).length === 0) throw new TypeError('task inputRequests: expected a non-empty object of requests by key');
  for (const [key, request] of Object.entries(requests)) {
    if (!isJsonObject(request)) throw new TypeError(`task inputRequests["${key}"]: expected a JSON object, got ${typeof request}`);
  }
}

/** Checks that answers are an object (entries that are not JSON objects are ignored by the stores). */
export function checkInputResponses(responses: unknown): asserts responses is Readonly<Record<string, unknown>> {
  if (!isJsonObject(responses)) throw new TypeError(`task inputResponses: expected an object of answers by key, got ${typeof responses}`);
}

/** `value` as JSON text (a `TypeError` when it cannot be written as JSON, e.g. a cycle or a bigint). */
export function toJsonText(what: string, value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    throw new TypeError(`${what}: expected JSON, ${(error as Error).message}`, { cause: error });
  }
}

/**
 * The error a task gets instead of its result when the result's JSON text is more than
 * `maxBytes` bytes of UTF-8 (`maxTaskResultBytes`), else `undefined`.
 */
export function oversizedResult(text: string, maxBytes: number): TaskError | undefined {
  // a code unit is 1 to 3 bytes: only a text in between needs counting
  const bytes = text.length > maxBytes || text.length * 3 <= maxBytes ? text.length : new TextEncoder().encode(text).byteLength;
  if (bytes <= maxBytes) return undefined;
  const size = text.length > maxBytes ? `at least ${text.length}` : String(bytes);
  return { code: ErrorCodes.InternalError, message: `Task result too large: ${size} bytes, more than maxTaskResultBytes (${maxBytes}); the result was not kept` };
}
