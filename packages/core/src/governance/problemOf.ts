/**
 * problemOf: an option's check as the dispatcher's option checks want it — the message of the
 * TypeError its resolver throws, or `undefined` when the value resolves.
 */

/** Why `resolve` refuses `value` (its TypeError's message), or `undefined`. */
export function problemOf(resolve: (value: unknown) => unknown, value: unknown): string | undefined {
  try {
    resolve(value);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
