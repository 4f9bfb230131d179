/**
 * cpuPinning: on Linux with taskset and two or more CPUs, a process (every thread) is pinned to
 * the CPUs given, and the ping-pong suite pins its servers to CPU 1 and gives this process all
 * CPUs back afterwards.
 */
import { execFileSync, spawn } from 'node:child_process';
import { availableParallelism, cpus, platform } from 'node:os';
import { canPin, cpusOf as listOf, onCpuZero, pin } from '../src/driver/cpuPinning';
import { runPingPongSuite } from '../src/driver/pingPongSuite';

/** A taskset CPU list ("0-2,5" or "0,1") as the CPUs it names. */
function expand(list: string): number[] {
  return list.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

/** The CPUs taskset reports for `pid`. */
function cpusOf(pid: number): number[] {
  return expand(listOf(pid));
}

/** Every online CPU (os.cpus() does not follow this process's pinning, unlike availableParallelism()). */
const ALL = cpus().map((_, i) => i);

describe('cpuPinning', () => {
  it('can pin exactly where Linux, taskset and two CPUs are all present', () => {
    let taskset = true;
    try {
      execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    } catch {
      taskset = false;
    }
    expect(canPin()).toBe(platform() === 'linux' && taskset && availableParallelism() >= 2);
  });

  it('pins a process to CPU 1 and back to every CPU', async () => {
    expect(canPin()).toBe(true); // the bench machine (and CI) is Linux with util-linux and 2+ CPUs
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => undefined, 10_000)'], { stdio: 'ignore' });
    try {
      pin(child.pid!, '1');
      expect(cpusOf(child.pid!)).toEqual([1]);
      pin(child.pid!, ALL.join(','));
      expect(cpusOf(child.pid!)).toEqual(ALL);
    } finally {
      child.kill();
    }
  });

  it('the ping-pong suite runs pinned and gives this process every CPU back', async () => {
    const log: string[] = [];
    const samples = await runPingPongSuite({ rounds: 1, roundTrips: 200, warmup: 20, servers: ['hand-stdio', 'toolwire-stdio'], execArgv: () => [], pin: true, log: (line) => log.push(line) });
    expect(samples.every((s) => !s.failure && s.perSec > 0)).toBe(true);
    expect(log[0]).toMatch(/client on CPU 0, servers on CPU 1/);
    expect(cpusOf(process.pid)).toEqual(ALL);
  });

  it('onCpuZero gives back exactly the CPUs the process had, also when the work fails', async () => {
    const before = cpusOf(process.pid);
    expect(before).toEqual(ALL);
    await expect(onCpuZero(true, async () => {
      expect(cpusOf(process.pid)).toEqual([0]);
      throw new Error('boom');
    })).rejects.toThrow('boom');
    expect(cpusOf(process.pid)).toEqual(before);
    expect(await onCpuZero(false, async () => cpusOf(process.pid))).toEqual(before);
  });
});
