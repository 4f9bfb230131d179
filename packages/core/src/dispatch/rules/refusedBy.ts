/**
 * refusedBy: which rule of the chain refused a request — the chain marks each rule's refusal as
 * it passes it on (a WeakMap beside the answer, so answers keep their shape), and what records
 * refusals (the `audit` option's `rule` field) reads it back.
 */
import type { DispatchResult } from '../DispatchResult';

const rules = new WeakMap<DispatchResult, string>();

/** `result`, marked as the refusal of rule `name`. */
export function markRefused<T extends DispatchResult | undefined>(result: T, name: string): T {
  if (result) rules.set(result, name);
  return result;
}

/** The name of the rule that refused with `result`; `undefined` when no rule did. */
export function refusedBy(result: DispatchResult | undefined): string | undefined {
  return result && rules.get(result);
}
