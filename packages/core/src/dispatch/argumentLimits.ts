/**
 * argumentLimits: one pass over a tools/call's `arguments` before they are validated, enforcing
 * `maxArgumentElements` and `maxStringLength` and refusing the key `__proto__` at any level
 * (and `prototype` inside a `constructor` member): JSON.parse makes them harmless own
 * properties, but a procedure that copies arguments with `Object.assign` or a deep merge would
 * turn them into prototype changes. The pass stops at the first problem and is bounded by the
 * limits, so a huge argument costs no more than the limit; the path of a problem is built only
 * when there is one, so accepted arguments allocate nothing. The answers a client gives to a
 * tool's asks pass the same walk ({@link limitProblem}).
 */
import type { EngineLimits } from './limits';

/** The first problem with `args` under `limits` (the text after "Invalid params: "), or `undefined`. */
export function argumentProblem(args: Record<string, unknown>, limits: EngineLimits): string | undefined {
  const problem = limitProblem(args, limits);
  if (!problem) return undefined;
  if (problem.whole) return `arguments ${problem.reason}`;
  return problem.path === '' ? `arguments: ${problem.reason}` : `argument "${problem.path}": ${problem.reason}`;
}

/** A problem {@link limitProblem} found. */
export interface LimitProblem {
  /** What is wrong ("a string of N characters exceeds maxStringLength (M)", …). */
  readonly reason: string;
  /** Where, as `a.b[2]` (`''`: the object itself). */
  readonly path: string;
  /** The object as a whole holds too many values (`reason` then reads "hold more than …"). */
  readonly whole: boolean;
}

/**
 * The first problem of the members of `object` under `limits` — `maxArgumentElements` counted
 * through every level, `maxStringLength` on strings and keys, the keys `__proto__` and
 * `constructor.prototype` — or `undefined`.
 */
export function limitProblem(object: Record<string, unknown>, limits: EngineLimits): LimitProblem | undefined {
  const failure = new ArgumentWalk(limits).members(object);
  if (!failure) return undefined;
  return { reason: failure.reason, path: failure.path.reverse().join('').replace(/^\./, ''), whole: failure.whole === true };
}

/** A problem found by the walk; `path` holds the segments from the problem up to the root. */
interface Failure {
  readonly reason: string;
  readonly path: string[];
  /** The problem is the arguments as a whole (too many values), not one argument. */
  readonly whole?: boolean;
}

class ArgumentWalk {
  private remaining: number;

  constructor(private readonly limits: EngineLimits) {
    this.remaining = limits.maxArgumentElements;
  }

  members(object: Record<string, unknown>): Failure | undefined {
    for (const key in object) {
      if (key.length > this.limits.maxStringLength) {
        return { reason: `a key of ${key.length} characters exceeds maxStringLength (${this.limits.maxStringLength})`, path: [] };
      }
      const value = object[key];
      const failure = key === '__proto__'
        ? { reason: 'the key "__proto__" is not allowed', path: [] }
        : key === 'constructor' && isObject(value) && Object.prototype.hasOwnProperty.call(value, 'prototype')
          ? { reason: 'the key "prototype" inside "constructor" is not allowed', path: ['.prototype'] }
          : this.value(value);
      if (failure) {
        failure.path.push('.' + key);
        return failure;
      }
    }
    return undefined;
  }

  private value(value: unknown): Failure | undefined {
    if (--this.remaining < 0) return { reason: `hold more than maxArgumentElements (${this.limits.maxArgumentElements}) values`, path: [], whole: true };
    if (typeof value === 'string') {
      return value.length > this.limits.maxStringLength ? { reason: `a string of ${value.length} characters exceeds maxStringLength (${this.limits.maxStringLength})`, path: [] } : undefined;
    }
    if (typeof value !== 'object' || value === null) return undefined;
    if (!Array.isArray(value)) return this.members(value as Record<string, unknown>);
    for (let i = 0; i < value.length; i++) {
      const failure = this.value(value[i]);
      if (failure) {
        failure.path.push(`[${i}]`);
        return failure;
      }
    }
    return undefined;
  }
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
