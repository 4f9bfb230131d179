/**
 * recordOf: a task's Redis hash (see scripts.ts for its fields) as the {@link TaskRecord} every
 * store hands out, and `pairsToFields`, which turns a Lua script's `HGETALL` reply (a flat
 * array) into the same field object `HGETALL` gives a client.
 */
import type { JsonObject, TaskError, TaskRecord, TaskStatus } from '@toolwire/core';

/** The fields of a task's hash. */
export type TaskFields = Readonly<Record<string, string>>;

/** `[f1, v1, f2, v2, …]` as `{ f1: v1, … }`. */
export function pairsToFields(pairs: readonly string[]): TaskFields {
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < pairs.length; i += 2) fields[pairs[i]] = pairs[i + 1];
  return fields;
}

const iso = (ms: string): string => new Date(Number(ms)).toISOString();

/** The record of task `taskId` from its hash fields. */
export function recordOf(taskId: string, fields: TaskFields): TaskRecord {
  const status = fields.s as TaskStatus;
  const inputRequests: Record<string, JsonObject> = {};
  const inputResponses: Record<string, JsonObject> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (field.startsWith('a:')) inputResponses[field.slice(2)] = JSON.parse(value) as JsonObject;
  }
  if (status === 'input_required') {
    for (const [field, value] of Object.entries(fields)) {
      if (field.startsWith('i:') && fields[`a:${field.slice(2)}`] === undefined) inputRequests[field.slice(2)] = JSON.parse(value) as JsonObject;
    }
  }
  return {
    taskId,
    owner: fields.o,
    status,
    ...(fields.m !== undefined && { statusMessage: fields.m }),
    createdAt: iso(fields.c),
    lastUpdatedAt: iso(fields.u),
    ttlMs: fields.t === undefined ? null : Number(fields.t),
    ...(fields.p !== undefined && { pollIntervalMs: Number(fields.p) }),
    ...(fields.r !== undefined && { result: JSON.parse(fields.r) as JsonObject }),
    ...(fields.e !== undefined && { error: JSON.parse(fields.e) as TaskError }),
    inputRequests,
    inputResponses,
    cancelRequested: fields.x === '1',
    ...(fields.h !== undefined && fields.l !== undefined && { lease: { holder: fields.h, expiresAt: Number(fields.l) } }),
  };
}
