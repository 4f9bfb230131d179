/**
 * cpuPinning: pins processes to CPUs with Linux's `taskset` (util-linux), for the ping-pong
 * suite. One call at a time between two processes is ruled by where the scheduler puts them: on
 * the same CPU a reply wakes the other side with a context switch, on two CPUs with a cross-CPU
 * wake-up (costly on a VM) — and it moves them at will, so unpinned round-trip rates jump
 * between two levels, block to block, by 2–3×. Pinned (the client on one CPU, the server on
 * another, as on a host with cores to spare), every server is measured in the same placement.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism, platform } from 'node:os';

/** Whether processes can be pinned here: Linux, `taskset` found, at least two CPUs. */
export function canPin(): boolean {
  if (platform() !== 'linux' || availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Pins every thread of process `pid` to the CPUs `cpus` (taskset's list syntax, e.g. `1` or `0-3`). */
export function pin(pid: number, cpus: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}

/** The CPUs process `pid` may run on now, in taskset's list syntax (to give them back after a {@link pin}). */
export function cpusOf(pid: number): string {
  const reported = execFileSync('taskset', ['-c', '-p', String(pid)], { encoding: 'utf8' }).trim();
  const list = reported.slice(reported.lastIndexOf(': ') + 2);
  if (!/^[0-9,-]+$/.test(list)) throw new Error(`taskset: cannot read the CPU list of ${pid} from ${JSON.stringify(reported)}`);
  return list;
}

/**
 * Runs `work` with this process pinned to CPU 0 (when `pinned`), then gives it back the CPUs it
 * had (read before: `availableParallelism()` follows the pinning, so it cannot tell them later).
 */
export async function onCpuZero<T>(pinned: boolean | undefined, work: () => Promise<T>): Promise<T> {
  if (!pinned) return work();
  const before = cpusOf(process.pid);
  pin(process.pid, '0');
  try {
    return await work();
  } finally {
    pin(process.pid, before);
  }
}
