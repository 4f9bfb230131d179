/**
 * guards: type guards for JSON values arriving as `unknown`. A leaf every folder of core may use
 * (it imports nothing), so a folder that needs one does not import the dispatcher's folder for it.
 */

/** A JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Anything with a callable `then` (a Promise or another thenable). */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
