/**
 * Command-line options of `npm run bench` (after `--`), resolved once into a plain object.
 * `--quick` is one short round; the defaults are the full run the README reports.
 */
import { HTTP_SERVER_IDS, type HttpServerId } from './catalog';
import { WORKLOAD_IDS, isWorkloadId, type WorkloadId } from '../fixture/workloads';

/** The resolved options. */
export interface BenchOptions {
  quick: boolean;
  rounds: number;
  duration: number;
  warmup: number;
  concurrencies: number[];
  servers: HttpServerId[];
  workloads: WorkloadId[];
  stdioMessages: number;
  /** Measured batches of `stdioMessages` per stdio server and round. */
  stdioBatches: number;
  sections: { http: boolean; stdio: boolean; pingpong: boolean; micro: boolean; progress: boolean; cold: boolean; bundle: boolean; fanout: boolean; listenSoak: boolean };
  /** Spawns per server of the cold-start suite (the servers taking turns). */
  coldSpawns: number;
  /** Measured round trips per stdio server and round of the ping-pong suite (after {@link pingPongWarmup}). */
  pingPongTrips: number;
  pingPongWarmup: number;
  /** Pin the load generators and the servers of the HTTP, stdio and ping-pong suites to two CPUs (where taskset exists); `--no-pin` leaves placement to the scheduler. */
  pinCpus: boolean;
  /** Pipelined calls per stdio run of the progress suite. */
  progressCalls: number;
  /** Write `--cpu-prof` profiles of these servers to `results/profiles/`. */
  profile: 'none' | 'toolwire' | 'all';
  microBudgetMs: number;
  /** Changes made on instance A per bus of the fan-out suite (each measured one at a time, then back to back). */
  fanoutChanges: number;
  /** Seconds the listen soak holds its 1,000 listens per bus (60; `--quick` 10). */
  listenSoakSeconds: number;
  /** The Redis of the fan-out suite and the listen soak (`--redis=URL`); default: a redis-server the run starts on a free port. */
  redisUrl: string | undefined;
  /** Seconds of the soak (`--soak`: 600); 0: no soak. A soak runs alone. */
  soakSeconds: number;
  soakServer: HttpServerId;
  /** After the run, rewrite bench/README.md's results section and the root README's Performance table from it (`--markdown`). */
  markdown: boolean;
  help: boolean;
}

/** What `--help` prints. */
export const USAGE = `usage: npm run bench -- [options]
  --quick                 one short round at c=32, the drills at 50 (a few minutes; its ratios are rough)
  --rounds=N              rounds of the HTTP and stdio suites (default 3)
  --duration=S            seconds per measured HTTP run (default 1)
  --warmup=S              warm-up seconds per server, workload and round (default 1)
  --concurrency=1,32      connection counts
  --servers=a,b           ${HTTP_SERVER_IDS.join(', ')}
  --workloads=a,b         ${WORKLOAD_IDS.join(', ')}
  --stdio-messages=N      pipelined tools/call messages per stdio batch (default 20000)
  --stdio-batches=N       measured batches per stdio server and round, after 3 warm-up batches (default 5)
  --progress-calls=N      pipelined calls per stdio run of the progress suite (default 2000)
  --pingpong=N            measured one-at-a-time round trips per stdio server and round (default 5000, after 5000
                          warm-up; the servers take turns in blocks of 500)
  --no-pin                leave the HTTP, stdio and ping-pong processes where the scheduler puts them (default on
                          Linux with taskset and 2+ CPUs: the load generator or client on CPU 0, the servers on CPU 1)
  --cold-spawns=N         spawns per server of the cold-start suite, the servers taking turns (default 20; --quick 5)
  --only=http,stdio,pingpong,micro,progress,cold,bundle,fanout,listen-soak  sections to run (default all)
  --fanout-changes=N      changes per bus of the fan-out suite (default 200; --quick 20)
  --listen-soak=S         seconds the listen soak holds 1,000 listens per bus (default 60; --quick 10)
  --redis=URL             the Redis of the fan-out suite and the listen soak (default: a redis-server of the run's own)
  --profile[=all]         node --cpu-prof on the toolwire servers (or all) into bench/results/profiles
  --soak[=S]              only the soak: mixed calls at c=32 for S seconds (default 600), memory start/end
  --soak-server=ID        the server soaked (default toolwire-http; toolwire-express works too)
  --markdown              after the run, rewrite bench/README.md's results section and the root README's
                          Performance table from it (a saved run: node bench/dist/markdown.js [FILE.json] [--write])`;

function list<T extends string>(value: string, allowed: readonly T[], name: string): T[] {
  const items = value.split(',').filter(Boolean);
  for (const item of items) if (!(allowed as readonly string[]).includes(item)) throw new RangeError(`--${name}: unknown "${item}" (expected ${allowed.join(', ')})`);
  return items as T[];
}

function positive(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new RangeError(`--${name}: expected a positive number, got "${value}"`);
  return n;
}

/** Parses `argv` (without node and the script). Throws RangeError on a bad option. */
export function parseOptions(argv: readonly string[]): BenchOptions {
  const quick = argv.includes('--quick');
  const options: BenchOptions = {
    quick,
    rounds: quick ? 1 : 3,
    duration: quick ? 0.4 : 1,
    warmup: quick ? 0.5 : 1,
    concurrencies: quick ? [32] : [32, 1], // the targets are all at c=32
    servers: [...HTTP_SERVER_IDS],
    workloads: [...WORKLOAD_IDS],
    stdioMessages: 20000,
    stdioBatches: quick ? 3 : 5,
    sections: { http: true, stdio: true, pingpong: true, micro: true, progress: true, cold: true, bundle: true, fanout: true, listenSoak: true },
    fanoutChanges: quick ? 20 : 200,
    listenSoakSeconds: quick ? 10 : 60,
    redisUrl: undefined,
    coldSpawns: quick ? 5 : 20,
    pingPongTrips: 5000,
    pinCpus: true,
    pingPongWarmup: 5000, // toolwire's larger code path is still being optimized by V8 through the first few thousand calls
    progressCalls: quick ? 500 : 2000,
    profile: 'none',
    microBudgetMs: quick ? 150 : 700,
    soakSeconds: 0,
    soakServer: 'toolwire-http',
    markdown: false,
    help: false,
  };
  for (const arg of argv) {
    const [flag, value = ''] = arg.split(/=(.*)/s, 2);
    switch (flag) {
      case '--quick': break;
      case '--help': case '-h': options.help = true; break;
      case '--rounds': options.rounds = Math.round(positive(value, 'rounds')); break;
      case '--duration': options.duration = positive(value, 'duration'); break;
      case '--warmup': options.warmup = Number(value) === 0 ? 0 : positive(value, 'warmup'); break;
      case '--concurrency': options.concurrencies = value.split(',').map((v) => Math.round(positive(v, 'concurrency'))); break;
      case '--servers': options.servers = list(value, HTTP_SERVER_IDS, 'servers'); break;
      case '--workloads': options.workloads = list(value, WORKLOAD_IDS, 'workloads').filter(isWorkloadId); break;
      case '--progress-calls': options.progressCalls = Math.round(positive(value, 'progress-calls')); break;
      case '--stdio-messages': options.stdioMessages = Math.round(positive(value, 'stdio-messages')); break;
      case '--no-pin': options.pinCpus = false; break;
      case '--pingpong': options.pingPongTrips = Math.round(positive(value, 'pingpong')); break;
      case '--cold-spawns': options.coldSpawns = Math.round(positive(value, 'cold-spawns')); break;
      case '--stdio-batches': options.stdioBatches = Math.round(positive(value, 'stdio-batches')); break;
      case '--only': {
        const only = list(value, ['http', 'stdio', 'pingpong', 'micro', 'progress', 'cold', 'bundle', 'fanout', 'listen-soak'] as const, 'only');
        options.sections = {
          http: only.includes('http'),
          stdio: only.includes('stdio'),
          pingpong: only.includes('pingpong'),
          micro: only.includes('micro'),
          progress: only.includes('progress'),
          cold: only.includes('cold'),
          bundle: only.includes('bundle'),
          fanout: only.includes('fanout'),
          listenSoak: only.includes('listen-soak'),
        };
        break;
      }
      case '--fanout-changes': options.fanoutChanges = Math.round(positive(value, 'fanout-changes')); break;
      case '--listen-soak': options.listenSoakSeconds = positive(value, 'listen-soak'); break;
      case '--redis': if (!/^rediss?:\/\//.test(value)) throw new RangeError(`--redis: expected a redis:// or rediss:// URL, got "${value}"`); options.redisUrl = value; break;
      case '--soak': options.soakSeconds = value === '' ? 600 : positive(value, 'soak'); break;
      case '--soak-server': options.soakServer = list(value, HTTP_SERVER_IDS, 'soak-server')[0] ?? 'toolwire-http'; break;
      case '--markdown': options.markdown = true; break;
      case '--profile': options.profile = value === 'all' ? 'all' : 'toolwire'; break;
      default: throw new RangeError(`unknown option ${arg}\n${USAGE}`);
    }
  }
  return options;
}
