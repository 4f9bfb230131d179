/**
 * sleepSync: blocks the calling thread for a few milliseconds without spinning, for the
 * synchronous Service retrying a non-blocking descriptor that has nothing to give yet.
 */

const cell = new Int32Array(new SharedArrayBuffer(4));

/** Blocks for `ms` milliseconds (Atomics.wait on a cell nobody notifies). */
export function sleepSync(ms: number): void {
  Atomics.wait(cell, 0, 0, ms);
}

/**
 * Retries `attempt` while it throws EAGAIN (a non-blocking descriptor that is not ready),
 * sleeping 1 ms, then longer, up to 10 ms between tries.
 */
export function retryOnEagain<T>(attempt: () => T): T {
  let delay = 1;
  for (;;) {
    try {
      return attempt();
    } catch (error) {
      if ((error as NodeJS.ErrnoException | null)?.code !== 'EAGAIN') throw error;
      sleepSync(delay);
      delay = Math.min(delay * 2, 10);
    }
  }
}
