/**
 * The HTTP suite: per round, start every server program (a 10-tool process and a 1,000-tool
 * process each), then for each workload and concurrency run the servers one after another
 * (their order rotated each round, so no server always runs first), and stop them all. Each
 * run: verify once per round (the reference body), warm up, then measure with the server's CPU
 * time and RSS read through its side channel right before and after. A server runs only the
 * workloads of the protocol eras it serves (`HttpServerSpec.eras`) that do not leave it out
 * (`Workload.servers`, `HttpServerSpec.workloads`), each on the process variant the workload needs
 * (tool count, environment), at the run's concurrencies or the one a workload has (the drills: 50).
 * A workload with a feature cost (`Workload.cost`) is measured at c=32 as a pair: its baseline
 * workload on the same server right before it, so the ratio compares two runs a second apart.
 * A workload with slices (`Workload.slices`: the drills) is measured in short interleaved slices
 * instead, one sample each. A workload's side-by-side pairs (`Workload.sideBySide`) then run both
 * at once, each with its own load worker, in slices (samples with `alongside` set, which the tables
 * leave out: they shared the CPU). With `pin`, the load workers run on CPU 0 and the servers on CPU 1.
 */
import { httpServer, type HttpServerId } from './catalog';
import { ServerProcess, type Usage } from './ServerProcess';
import { cpuTimes, type CpuTimes } from './cpuStat';
import { pin } from './cpuPinning';
import { median } from './median';
import { MIN_OVERLAP, overlapOf } from './overlap';
import { LoadClient } from '../load/LoadClient';
import { concurrenciesOf, runsWorkload, sideBySideOf, slicesOf, variantOf, workload, type WorkloadId } from '../fixture/workloads';

/** What to run. */
export interface HttpSuiteOptions {
  rounds: number;
  /** Seconds per measured run. */
  duration: number;
  /** Seconds of warm-up per server, workload and round. */
  warmup: number;
  concurrencies: readonly number[];
  servers: readonly HttpServerId[];
  workloads: readonly WorkloadId[];
  /** Node flags per server program (e.g. `--cpu-prof`). */
  execArgv: (server: HttpServerId) => readonly string[];
  log: (line: string) => void;
  /** Pin the load worker to CPU 0 and every server to CPU 1 (see cpuPinning). */
  pin?: boolean;
}

/** One measured run. */
export interface HttpSample {
  round: number;
  /** The slice of the round, for a workload measured in interleaved slices (`Workload.slices`); unset otherwise. */
  slice?: number;
  /** The run measured at the same time, side by side on the same CPU (`Workload.sideBySide`); unset for a run on its own. */
  alongside?: Leg;
  /** The server process measured. */
  pid?: number;
  /** When the measured load began and ended (ms since the epoch). */
  startedAt?: number;
  endedAt?: number;
  /** A side-by-side sample's share of the shorter leg during which both legs ran (`overlapOf`); unset otherwise. */
  overlap?: number;
  server: HttpServerId;
  workload: WorkloadId;
  connections: number;
  /** Right responses per second. */
  reqPerSec: number;
  /** Latency percentiles of right responses, ms. */
  p50: number;
  p99: number;
  /** Server CPU time (user + system) per right response, µs. */
  cpuMicros: number;
  /** Server RSS after the run, bytes. */
  rss: number;
  /** Cores the server used during the run (CPU time ÷ wall time); below ~0.9 at c=32 the server was starved of CPU. */
  cpuShare: number;
  ok: number;
  bad: number;
  errors: number;
  /** Why the run does not count: wrong responses, errors, a server that did not start. */
  failure?: string;
  /** A flow workload (the tasks): HTTP requests per operation (for a task, 1 create + its polls). */
  requestsPerOp?: number;
  /**
   * A feature workload at c=32: its baseline workload (`Workload.cost.baseline`) measured on the
   * same server right before this run (unset when that run failed).
   */
  baseline?: { reqPerSec: number; cpuMicros: number };
  /** What the server's CPU time per response was made of, and how busy its CPU was otherwise (see {@link SampleDetail}). */
  detail?: SampleDetail;
}

/** Per right response unless named otherwise: what explains a run's CPU time. */
export interface SampleDetail {
  /** CPU time in user and in system mode, µs. */
  userMicros: number;
  systemMicros: number;
  /** Time in garbage-collection pauses, µs. */
  gcMicros: number;
  minorFaults: number;
  majorFaults: number;
  voluntarySwitches: number;
  involuntarySwitches: number;
  /**
   * With the servers pinned: the share of the wall time their CPU ran something other than this
   * server (other processes, interrupts), and the share the hypervisor took (steal).
   */
  othersShare?: number;
  stealShare?: number;
}

/** The CPU the servers run on when pinned. */
const SERVER_CPU = 1;

function detailOf(before: Usage, after: Usage, ok: number, seconds: number, cpuBefore?: CpuTimes, cpuAfter?: CpuTimes): SampleDetail {
  const per = (value: number): number => value / ok;
  const detail: SampleDetail = {
    userMicros: per(after.userMicros - before.userMicros),
    systemMicros: per(after.systemMicros - before.systemMicros),
    gcMicros: per(after.gcMicros - before.gcMicros),
    minorFaults: per(after.minorFaults - before.minorFaults),
    majorFaults: per(after.majorFaults - before.majorFaults),
    voluntarySwitches: per(after.voluntarySwitches - before.voluntarySwitches),
    involuntarySwitches: per(after.involuntarySwitches - before.involuntarySwitches),
  };
  if (cpuBefore && cpuAfter) {
    const own = (after.cpuMicros - before.cpuMicros) / 1e6;
    detail.othersShare = Math.max(0, cpuAfter.busy - cpuBefore.busy - own) / seconds;
    detail.stealShare = (cpuAfter.steal - cpuBefore.steal) / seconds;
  }
  return detail;
}

/** One side of a side-by-side comparison: a server under a workload. */
export interface Leg {
  server: HttpServerId;
  workload: WorkloadId;
}

/**
 * The side-by-side comparisons of workload `w` (`Workload.sideBySide`) a run of these servers can
 * make: both servers in it, each serving its leg's workload.
 */
export function pairsOf(w: WorkloadId, servers: readonly HttpServerId[]): [Leg, Leg][] {
  return (workload(w).sideBySide ?? []).flatMap(({ server, against = server, baseline = w }): [Leg, Leg][] => {
    const legs: [Leg, Leg] = [
      { server: server as HttpServerId, workload: w },
      { server: against as HttpServerId, workload: baseline as WorkloadId },
    ];
    return legs.every((leg) => servers.includes(leg.server) && runsWorkload(httpServer(leg.server), leg.workload)) ? [legs] : [];
  });
}

/** The concurrency at which a feature workload is measured as a pair with its baseline. */
export const PAIRED_CONNECTIONS = 32;

/** The workload a feature workload is paired with, if `w` has a feature cost. */
function baselineOf(w: WorkloadId): WorkloadId | undefined {
  return workload(w).cost?.baseline as WorkloadId | undefined;
}

type Processes = Map<string, ServerProcess | Error>;

function key(server: HttpServerId, w: WorkloadId): string {
  return `${server}/${variantOf(w).key}`;
}

/** Where the second leg of a side-by-side pair runs: its own process, or a twin when both legs would share one. */
function legKey([a, b]: [Leg, Leg]): string {
  const own = key(b.server, b.workload);
  return own === key(a.server, a.workload) ? `${own} twin` : own;
}

async function startAll(options: HttpSuiteOptions): Promise<Processes> {
  // every server's variants for its workloads and their baselines, and the processes of side-by-side legs
  const wanted = new Map<string, Leg>();
  const needed = options.workloads.flatMap((w) => [w, ...(baselineOf(w) === undefined ? [] : [baselineOf(w) as WorkloadId])]);
  for (const server of options.servers) for (const w of needed) if (runsWorkload(httpServer(server), w)) wanted.set(key(server, w), { server, workload: w });
  for (const w of options.workloads) {
    for (const pair of pairsOf(w, options.servers)) {
      wanted.set(key(pair[0].server, w), pair[0]);
      wanted.set(legKey(pair), pair[1]);
    }
  }
  const processes: Processes = new Map();
  await Promise.all(
    [...wanted].map(async ([name, { server, workload: w }]) => {
      const { tools, env } = variantOf(w);
      const started = await ServerProcess.start(httpServer(server).program, { tools, env, execArgv: options.execArgv(server) }).catch((error: unknown) =>
        error instanceof Error ? error : new Error(String(error)),
      );
      if (options.pin && started instanceof ServerProcess) pin(started.pid, String(SERVER_CPU));
      processes.set(name, started);
    }),
  );
  return processes;
}

function failed(round: number, server: HttpServerId, w: WorkloadId, connections: number, failure: string): HttpSample {
  return { round, server, workload: w, connections, reqPerSec: NaN, p50: NaN, p99: NaN, cpuMicros: NaN, rss: NaN, cpuShare: NaN, ok: 0, bad: 0, errors: 0, failure };
}

function rotate<T>(items: readonly T[], by: number): T[] {
  const n = by % items.length;
  return [...items.slice(n), ...items.slice(0, n)];
}

async function measure(load: LoadClient, server: ServerProcess, round: number, id: HttpServerId, w: WorkloadId, connections: number, reference: string, duration: number, pinned: boolean): Promise<HttpSample> {
  const before = await server.usage();
  const cpuBefore = pinned ? cpuTimes(SERVER_CPU) : undefined;
  const startedAt = Date.now();
  const outcome = await load.load({ url: server.url, workload: w, connections, duration, reference });
  const endedAt = Date.now();
  const cpuAfter = pinned ? cpuTimes(SERVER_CPU) : undefined;
  const after = await server.usage();
  // requests still in flight when the load stopped keep a slow server busy: let it finish them
  // before the next server is measured, so it does not steal that one's CPU
  await server.settle();
  const sample: HttpSample = {
    round,
    server: id,
    workload: w,
    connections,
    reqPerSec: outcome.ok / outcome.seconds,
    p50: outcome.p50,
    p99: outcome.p99,
    cpuMicros: outcome.ok ? (after.cpuMicros - before.cpuMicros) / outcome.ok : NaN,
    rss: after.rss,
    cpuShare: (after.cpuMicros - before.cpuMicros) / 1e6 / outcome.seconds,
    ok: outcome.ok,
    bad: outcome.bad,
    errors: outcome.errors,
    pid: server.pid,
    startedAt,
    endedAt,
  };
  if (outcome.ok) sample.detail = detailOf(before, after, outcome.ok, outcome.seconds, cpuBefore, cpuAfter);
  if (outcome.requests !== undefined && outcome.ok + outcome.bad > 0) sample.requestsPerOp = outcome.requests / (outcome.ok + outcome.bad);
  if (outcome.bad) sample.failure = `${outcome.bad} wrong responses, first: ${outcome.firstBad}`;
  else if (outcome.errors) sample.failure = `${outcome.errors} connection errors or timeouts`;
  return sample;
}

/** Runs the suite and returns every sample (failed runs included, with `failure` set). */
export async function runHttpSuite(options: HttpSuiteOptions): Promise<HttpSample[]> {
  const samples: HttpSample[] = [];
  const load = LoadClient.start();
  // the second load worker of side-by-side runs, started when one is due
  const partner = options.workloads.some((w) => pairsOf(w, options.servers).length > 0) ? LoadClient.start() : undefined;
  if (options.pin) {
    pin(load.pid, '0');
    if (partner) pin(partner.pid, '0');
    options.log(`HTTP: the load generator${partner ? 's' : ''} on CPU 0, the servers on CPU 1`);
  }
  try {
    for (let round = 1; round <= options.rounds; round++) {
      const processes = await startAll(options);
      const order = rotate(options.servers, round - 1);
      // per server and workload: the verified answer (once per round; a warm-up follows it)
      const references = new Map<string, string | Error>();
      const prepared = async (server: ServerProcess, id: HttpServerId, w: WorkloadId, connections: number): Promise<string | Error> => {
        let reference = references.get(`${id}|${w}`);
        if (reference !== undefined) return reference;
        const verified = await load.verify({ url: server.url, workload: w });
        reference = verified.problem ? new Error(`wrong answer: ${verified.problem}`) : verified.body;
        references.set(`${id}|${w}`, reference);
        if (typeof reference === 'string' && options.warmup > 0) {
          await load.load({ url: server.url, workload: w, connections, duration: options.warmup, reference });
          await server.settle();
        }
        return reference;
      };
      /** One measured run (after `rewarm` seconds of the same load unmeasured, for a slice). */
      const run = async (id: HttpServerId, w: WorkloadId, connections: number, duration = options.duration, rewarm = 0): Promise<HttpSample> => {
        const server = processes.get(key(id, w));
        if (server === undefined) return failed(round, id, w, connections, 'not started');
        if (server instanceof Error) return failed(round, id, w, connections, `did not start: ${server.message.split('\n')[0]}`);
        const reference = await prepared(server, id, w, connections);
        if (reference instanceof Error) return failed(round, id, w, connections, reference.message);
        try {
          if (rewarm > 0) {
            await load.load({ url: server.url, workload: w, connections, duration: rewarm, reference });
            await server.settle();
          }
          return await measure(load, server, round, id, w, connections, reference, duration, options.pin === true);
        } catch (error) {
          return failed(round, id, w, connections, `run failed: ${String(error)}`);
        }
      };
      // a workload measured in slices: the servers take turns slice by slice, forward then backward
      const sliced = async (w: WorkloadId, connections: number, slices: number, seconds: number): Promise<HttpSample[]> => {
        const ids = order.filter((id) => runsWorkload(httpServer(id), w));
        const taken: HttpSample[] = [];
        for (let slice = 0; slice < slices; slice++) {
          // each slice after as long again of the same load, unmeasured: a server idle through the other
          // servers' slices is measured back at its steady pace, not while it recovers from the pause
          for (const id of slice % 2 === 0 ? ids : [...ids].reverse()) taken.push({ ...(await run(id, w, connections, seconds, seconds)), slice });
        }
        const line = ids.map((id) => {
          const mine = taken.filter((s) => s.server === id);
          const failure = mine.find((s) => s.failure)?.failure;
          return `${id} ${failure ? `FAIL (${failure})` : Math.round(median(mine.map((s) => s.reqPerSec)))}`;
        });
        options.log(`round ${round}/${options.rounds}  ${w} c=${connections}, ${slices} slices of ${seconds} s: ${line.join(', ')} (medians)`);
        return taken;
      };
      /**
       * A pair measured side by side: both legs under load at once, each with its own load worker,
       * in slices (after one unmeasured run as long as a slice or the warm-up, whichever is longer:
       * a twin process is fresh), each ending when both are idle again.
       */
      const sideBySide = async (w: WorkloadId, pair: [Leg, Leg]): Promise<HttpSample[]> => {
        const { connections, slices, seconds } = sideBySideOf(w, options.duration);
        const [a, b] = pair;
        const both = [processes.get(key(a.server, a.workload)), processes.get(legKey(pair))];
        const taken: HttpSample[] = [];
        const fail = (failure: string): HttpSample[] => [
          { ...failed(round, a.server, a.workload, connections, failure), alongside: b },
          { ...failed(round, b.server, b.workload, connections, failure), alongside: a },
        ];
        if (!partner || !both.every((p): p is ServerProcess => p instanceof ServerProcess)) return fail('not started');
        const [pa, pb] = both;
        const [ra, rb] = [await prepared(pa, a.server, a.workload, connections), await prepared(pb, b.server, b.workload, connections)];
        if (ra instanceof Error || rb instanceof Error) return fail((ra instanceof Error ? ra : (rb as Error)).message);
        try {
          const warm = Math.max(seconds, options.warmup);
          await Promise.all([
            load.load({ url: pa.url, workload: a.workload, connections, duration: warm, reference: ra }),
            partner.load({ url: pb.url, workload: b.workload, connections, duration: warm, reference: rb }),
          ]);
          await Promise.all([pa.settle(), pb.settle()]);
          for (let slice = 0; slice < slices; slice++) {
            const [sa, sb] = await Promise.all([
              measure(load, pa, round, a.server, a.workload, connections, ra, seconds, options.pin === true),
              measure(partner, pb, round, b.server, b.workload, connections, rb, seconds, options.pin === true),
            ]);
            const overlap = overlapOf(sa, sb);
            taken.push({ ...sa, slice, alongside: b, overlap }, { ...sb, slice, alongside: a, overlap });
          }
        } catch (error) {
          return [...taken, ...fail(`run failed: ${String(error)}`)];
        }
        const cpu = (leg: Leg): string => {
          const name = leg.workload === w ? leg.server : `${leg.server} ${leg.workload}`;
          return `${name} ${median(taken.filter((s) => s.server === leg.server && s.workload === leg.workload).map((s) => s.cpuMicros)).toFixed(1)}`;
        };
        const apart = taken.filter((s, k) => k % 2 === 0 && (s.overlap ?? 0) < MIN_OVERLAP).map((s) => `slice ${s.slice ?? 0} ${Math.round(100 * (s.overlap ?? 0))}%`);
        const together = apart.length ? `NOT side by side in ${apart.join(', ')} (the machine is busy; the ratio is unreliable)` : `legs at once for ≥ ${Math.round(100 * MIN_OVERLAP)}% of each slice`;
        options.log(`round ${round}/${options.rounds}  ${w} c=${connections}, side by side, ${slices} slices of ${seconds} s: ${cpu(a)}, ${cpu(b)} µs CPU per operation (medians; ${together})`);
        return taken;
      };
      try {
        for (const w of options.workloads) {
          const { slices, seconds } = slicesOf(w, options.duration);
          for (const connections of concurrenciesOf(w, options.concurrencies)) {
            if (slices > 1) {
              samples.push(...(await sliced(w, connections, slices, seconds)));
              continue;
            }
            const line: string[] = [];
            for (const id of order) {
              if (!runsWorkload(httpServer(id), w)) continue;
              const baseline = connections === PAIRED_CONNECTIONS ? baselineOf(w) : undefined;
              const before = baseline !== undefined && runsWorkload(httpServer(id), baseline) ? await run(id, baseline, connections) : undefined;
              const sample = await run(id, w, connections);
              if (before && !before.failure) sample.baseline = { reqPerSec: before.reqPerSec, cpuMicros: before.cpuMicros };
              samples.push(sample);
              const perOp = sample.requestsPerOp === undefined ? '' : ` [${sample.requestsPerOp.toFixed(2)} requests/op]`;
              line.push(`${id} ${sample.failure ? 'FAIL' : Math.round(sample.reqPerSec)}${perOp}${sample.baseline ? ` (${baseline} ${Math.round(sample.baseline.reqPerSec)})` : ''}`);
            }
            options.log(`round ${round}/${options.rounds}  ${w} c=${connections}: ${line.join(', ')}`);
          }
          // its side-by-side pairs, when the run has their concurrency
          if (concurrenciesOf(w, options.concurrencies).includes(sideBySideOf(w, options.duration).connections)) {
            for (const pair of pairsOf(w, options.servers)) samples.push(...(await sideBySide(w, pair)));
          }
        }
      } finally {
        await Promise.all([...processes.values()].map((p) => (p instanceof ServerProcess ? p.close() : undefined)));
      }
    }
  } finally {
    await Promise.all([load.close(), partner?.close()]);
  }
  return samples;
}
