/**
 * consoleToStderr: while a stdio server runs, stdout carries only protocol messages, so the
 * console methods that print to stdout are pointed at stderr and restored afterwards. Nested
 * or overlapping uses share one redirection; the last restore puts the originals back.
 */
import { Console } from 'node:console';

/** The console methods redirected: every one that would print to stdout (warn included). */
const METHODS = [
  'log', 'info', 'debug', 'warn', 'dir', 'dirxml', 'table', 'count', 'countReset',
  'group', 'groupCollapsed', 'groupEnd', 'time', 'timeEnd', 'timeLog',
] as const;

type Method = (typeof METHODS)[number];

let users = 0;
let originals: Pick<Console, Method> | undefined;

/**
 * Sends `console.log`, `info`, `debug`, `warn` (and `dir`, `table`, `group`, `time`, `count`
 * and friends) to `target` until the returned function is called.
 * @param target - where the output goes; default `process.stderr`.
 * @returns restore: puts the original methods back once every user has restored (idempotent).
 * @example
 * const restore = consoleToStderr();
 * try { await loop(); } finally { restore(); }
 */
export function consoleToStderr(target: NodeJS.WritableStream = process.stderr): () => void {
  if (users++ === 0) {
    const saved: Partial<Record<Method, unknown>> = {};
    const redirected = new Console({ stdout: target, stderr: target });
    const table = console as unknown as Record<Method, unknown>;
    for (const name of METHODS) {
      saved[name] = table[name];
      table[name] = (redirected[name] as (...args: unknown[]) => void).bind(redirected);
    }
    originals = saved as Pick<Console, Method>;
  }
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    if (--users === 0 && originals) {
      Object.assign(console, originals);
      originals = undefined;
    }
  };
}
