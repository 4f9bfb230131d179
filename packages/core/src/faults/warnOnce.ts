/**
 * warnOnce: a mistake that would otherwise pass in silence (`ctx.log` on a declaration without
 * `logging: true`, a `traceparent` no propagator reads, a Host or Origin the server refuses) is
 * told once on stderr, under a key, and never again for that key. The keys are remembered in a
 * bounded set: once it is full one last line says so and later warnings are dropped, so a
 * stream of distinct values (refused Host headers sent by anyone) cannot grow it. Setup
 * warnings share one process-wide set; an HTTP endpoint keeps its own for refused values.
 */

/** Tells each key's warning once; `true` when the line was written. */
export type Warn = (key: string, message: string) => boolean;

/**
 * A warner remembering at most `limit` keys.
 * @param write - where a line goes (stderr by default).
 */
export function createWarnOnce(limit: number, write: (line: string) => void = (line) => console.error(line)): Warn {
  const told = new Set<string>();
  let full = false;
  return function warnOnce(key: string, message: string): boolean {
    if (told.has(key)) return false;
    if (told.size >= limit) {
      if (!full) write(`toolwire: ${limit} distinct warnings told; further ones are not`);
      full = true;
      return false;
    }
    told.add(key);
    write(`toolwire: ${message}`);
    return true;
  };
}

/** The process-wide warner of setup mistakes (a fixed handful of keys). */
export const warnOnce: Warn = createWarnOnce(64);
