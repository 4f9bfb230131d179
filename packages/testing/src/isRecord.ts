/**
 * isRecord: the guard the client reads JSON with — a plain object (not null, not an array),
 * whose members are still `unknown`.
 */

/** Whether `value` is an object that is neither null nor an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
