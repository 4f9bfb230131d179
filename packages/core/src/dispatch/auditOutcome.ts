/**
 * auditOutcome: how an audited request ended, read off its answer in one place — refused by a
 * rule (the chain marked it), a JSON-RPC error, an `isError` tool result, or ok — and the task a
 * tools/call created. It reads the response text the way telemetry does (`responseOutcome.ts`);
 * when handlers return typed replies, this is the one function to switch.
 */
import type { DispatchResult } from './DispatchResult';
import { refusedBy } from './rules/refusedBy';
import { METHOD } from '../protocol/methodNames';
import { isToolError, outcomeOf } from '../telemetry/responseOutcome';
import { isObject } from '../guards';
import type { AuditOutcome } from '../governance/AuditEvent';

/** What the answer says of the request. */
export interface ReadOutcome {
  readonly outcome: AuditOutcome;
  readonly code?: number;
  readonly rule?: string;
  readonly taskId?: string;
}

/** The outcome of the answer `result` to request `id` of `method`. */
export function auditOutcome(result: DispatchResult | undefined, id: string | number, method: string): ReadOutcome {
  if (!result) return { outcome: 'ok' };
  const { code } = outcomeOf(result.body, id);
  const rule = refusedBy(result);
  if (rule !== undefined) return { outcome: 'refused', code, rule };
  if (code !== undefined) return { outcome: 'error', code };
  if (method !== METHOD.toolsCall) return { outcome: 'ok' };
  if (isToolError(result.body)) return { outcome: 'tool_error' };
  const taskId = result.body.includes('"taskId"') ? taskIdOf(result.body) : undefined;
  return taskId === undefined ? { outcome: 'ok' } : { outcome: 'ok', taskId };
}

/** The task id of a CreateTaskResult (2025-11-25 `result.task.taskId`, 2026-07-28 flat `result.taskId`). */
function taskIdOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    const result = isObject(parsed) ? parsed.result : undefined;
    const task = isObject(result) ? (isObject(result.task) ? result.task : result) : undefined;
    return task && typeof task.taskId === 'string' ? task.taskId : undefined;
  } catch {
    return undefined;
  }
}

/** The result of a success answer, parsed (for the `values` hook); `undefined` for an error. */
export function resultValue(result: DispatchResult | undefined): unknown {
  if (!result || result.body === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(result.body);
    return isObject(parsed) ? parsed.result : undefined;
  } catch {
    return undefined;
  }
}
