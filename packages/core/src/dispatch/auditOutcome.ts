/**
 * auditOutcome: how an audited request ended, read off its typed answer in one place — refused
 * by a rule (the chain marked it), a JSON-RPC error, an `isError` tool result, cancelled (no
 * answer), or ok — and the task a tools/call created.
 */
import type { DispatchResult } from './DispatchResult';
import { refusedBy } from './rules/refusedBy';
import { METHOD } from '../protocol/methodNames';
import { resultJsonOf } from './replies';
import type { AuditOutcome } from '../governance/AuditEvent';

/** What the answer says of the request. */
export interface ReadOutcome {
  readonly outcome: AuditOutcome;
  readonly code?: number;
  readonly rule?: string;
  readonly taskId?: string;
}

/** The outcome of the answer `result` to a request of `method`. */
export function auditOutcome(result: DispatchResult | undefined, method: string): ReadOutcome {
  if (!result) return { outcome: 'cancelled' }; // a request answered with nothing: its client cancelled it
  const answered = result.outcome;
  const code = answered?.kind === 'error' ? answered.code : undefined;
  const rule = refusedBy(result);
  if (rule !== undefined) return { outcome: 'refused', code, rule };
  if (code !== undefined) return { outcome: 'error', code };
  if (method !== METHOD.toolsCall || answered?.kind !== 'result') return { outcome: 'ok' };
  if (answered.isError) return { outcome: 'tool_error' };
  return answered.taskId === undefined ? { outcome: 'ok' } : { outcome: 'ok', taskId: answered.taskId };
}

/** The result of a success answer as its procedure's side made it (for the `values` hook, parsed only when asked); `undefined` for an error. */
export function resultValue(result: DispatchResult | undefined): unknown {
  const answered = result?.outcome;
  return answered?.kind === 'result' ? (JSON.parse(resultJsonOf(answered)) as unknown) : undefined;
}
