/**
 * cpuStat: one CPU's time counters from Linux's `/proc/stat`, to tell how busy the CPU a server
 * is pinned to was during a measured run — by the server itself, by other processes, and by the
 * hypervisor (steal: time the virtual CPU wanted to run and the host ran something else).
 */
import { readFileSync } from 'node:fs';

/** A CPU's counters, in seconds since boot. */
export interface CpuTimes {
  /** Running anything (user, nice, system, irq, softirq). */
  busy: number;
  /** Taken by the hypervisor while the CPU had work. */
  steal: number;
}

/** Kernel clock ticks per second (`getconf CLK_TCK`), 100 on every Linux this bench runs on. */
const TICKS = 100;

/** CPU `cpu`'s counters now, or undefined where `/proc/stat` has none (not Linux, no such CPU). */
export function cpuTimes(cpu: number): CpuTimes | undefined {
  let stat: string;
  try {
    stat = readFileSync('/proc/stat', 'utf8');
  } catch {
    return undefined;
  }
  const line = stat.split('\n').find((l) => l.startsWith(`cpu${cpu} `));
  if (line === undefined) return undefined;
  // user nice system idle iowait irq softirq steal guest guest_nice
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return { busy: (user + nice + system + irq + softirq) / TICKS, steal: (steal ?? 0) / TICKS };
}
