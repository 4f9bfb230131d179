/**
 * timers: the repeating timers of the task stores, made so that they never keep a process
 * alive (`unref` where the platform has it, as Node and Bun do) and never overlap themselves
 * (an asynchronous tick that outlasts its interval skips the next one).
 */

/** A started repeating timer; `stop()` ends it. */
export interface RepeatingTimer {
  stop(): void;
}

/** Runs `tick` every `ms`; a failed tick goes to `onError`. */
export function startRepeating(ms: number, tick: () => Promise<unknown> | unknown, onError: (error: unknown) => void): RepeatingTimer {
  let busy = false;
  const handle: unknown = setInterval(() => {
    if (busy) return;
    busy = true;
    Promise.resolve()
      .then(tick)
      .catch(onError)
      .finally(() => {
        busy = false;
      });
  }, ms);
  unrefed(handle);
  return { stop: () => clearInterval(handle as Parameters<typeof clearInterval>[0]) };
}

/**
 * `handle` (a timer), made not to keep the process alive where the platform can say so (Node,
 * Bun): a time limit or a poll is never a reason to stay up — the transport that waits for the
 * answer is.
 */
export function unrefed<T>(handle: T): T {
  const unref = (handle as { unref?: () => void }).unref;
  if (typeof unref === 'function') unref.call(handle);
  return handle;
}
