/**
 * Entry of `npm run bench [-- options]`: the HTTP suite (every server, workload and concurrency,
 * interleaved over rounds, the drills included), the stdio suite, the stdio ping-pong suite, the
 * progress suite, the dispatcher micro-benchmark, the cold-start and bundle-size suites, the live-list fan-out and the listen
 * soak (in-process and Redis buses), then the tables, the feature costs, the PASS/MISS
 * lines of the targets, and a JSON file in `bench/results/`; with `--markdown`, also
 * `bench/README.md`'s results section and the root README's Performance table rewritten from this run.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { STDIO_SERVER_IDS } from './driver/catalog';
import { parseOptions, USAGE, type BenchOptions } from './driver/options';
import { runHttpSuite, type HttpSample } from './driver/httpSuite';
import { runStdioSuite, type StdioSample } from './driver/stdioSuite';
import { PING_PONG_SERVERS, runPingPongSuite, type PingPongSample } from './driver/pingPongSuite';
import { canPin } from './driver/cpuPinning';
import { aggregate } from './driver/aggregate';
import { summarize, summaryText } from './driver/summary';
import { readResults, writeResults } from './driver/results';
import { writeGenerated } from './driver/markdown';
import { runMicro, type MicroResult } from './micro/dispatcherMicro';
import { runProgressSuite, type ProgressSample } from './driver/progressSuite';
import { runSoak, soakReport } from './driver/soakSuite';
import { COLD_SERVER_IDS, runColdStartSuite, type ColdStartRun } from './driver/coldStartSuite';
import { BUNDLE_IDS, runBundleSuite, type BundleSample } from './driver/bundleSuite';
import { runLiveSuites, type LiveRun } from './fanout/liveSuites';

const RESULTS_DIR = join(__dirname, '..', 'results');

let profiles = 0;

function profileFlags(options: BenchOptions, server: string): string[] {
  if (options.profile === 'none' || (options.profile === 'toolwire' && !server.startsWith('toolwire'))) return [];
  const name = `${server}-${new Date().toISOString().replace(/[:.]/g, '-')}-${++profiles}.cpuprofile`;
  return ['--cpu-prof', `--cpu-prof-dir=${join(RESULTS_DIR, 'profiles')}`, `--cpu-prof-name=${name}`];
}

async function main(argv: readonly string[]): Promise<number> {
  const options = parseOptions(argv);
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const started = Date.now();
  const loadAtStart = loadavg();
  const log = (text: string): void => void process.stderr.write(`[${String(Math.round((Date.now() - started) / 1000)).padStart(3)} s] ${text}\n`);
  if (options.soakSeconds > 0) return soak(options, started, loadAtStart, argv, log);
  log(`toolwire bench: ${options.quick ? 'quick' : 'full'} run — ${options.rounds} round(s), ${options.duration}s per HTTP run, Node ${process.version}`);

  let http: HttpSample[] = [];
  let stdio: StdioSample[] = [];
  let micro: MicroResult[] = [];
  if (options.sections.http) {
    http = await runHttpSuite({ ...options, execArgv: (s) => profileFlags(options, s), pin: options.pinCpus && canPin(), log });
  }
  if (options.sections.stdio) {
    stdio = await runStdioSuite({ rounds: options.rounds, messages: options.stdioMessages, batches: options.stdioBatches, servers: STDIO_SERVER_IDS, execArgv: (s) => profileFlags(options, s), pin: options.pinCpus && canPin(), log });
  }
  let pingPong: PingPongSample[] = [];
  if (options.sections.pingpong) {
    pingPong = await runPingPongSuite({ rounds: options.rounds, roundTrips: options.pingPongTrips, warmup: options.pingPongWarmup, servers: PING_PONG_SERVERS, execArgv: (s) => profileFlags(options, s), pin: options.pinCpus && canPin(), log });
  }
  let progress: ProgressSample[] = [];
  const progressOptions = { rounds: options.rounds, calls: options.progressCalls, duration: options.duration, concurrency: 8, log };
  if (options.sections.progress) progress = await runProgressSuite(progressOptions);
  if (options.sections.micro) {
    log('dispatcher micro-benchmark …');
    micro = runMicro({ budgetMs: options.microBudgetMs });
  }
  const coldStart: ColdStartRun = options.sections.cold ? await runColdStartSuite({ spawns: options.coldSpawns, servers: COLD_SERVER_IDS, log }) : { samples: [], footprints: [] };
  const bundles: BundleSample[] = options.sections.bundle ? await runBundleSuite(BUNDLE_IDS, log) : [];
  const live: LiveRun = await runLiveSuites(options, log);

  const settings = { pingPongWarmup: options.pingPongWarmup, progressCalls: options.progressCalls, progressConcurrency: progressOptions.concurrency };
  const summary = summarize({ http, stdio, pingPong, progress, micro, coldStart, bundles, settings });
  console.log(summaryText(summary));
  if (live.lines.length) console.log(live.lines.join('\n'));

  const record = { options, settings, seconds: (Date.now() - started) / 1000, load: { start: loadAtStart, end: loadavg() }, http: { rows: aggregate(http), samples: http }, stdio, pingPong, progress, micro, coldStart, bundles, fanout: live.fanout, listenSoak: live.listenSoak, targets: summary.targets };
  const file = writeResults(RESULTS_DIR, argv, record);
  log(`\nresults: ${file} (${Math.round((Date.now() - started) / 1000)} s)`);
  if (options.markdown) {
    for (const written of writeGenerated(readResults(file))) log(`rewritten from this run: ${written}`);
  }
  const broken =
    http.some((s) => s.failure && s.server.startsWith('toolwire')) ||
    stdio.some((s) => s.failure && s.server === 'toolwire-stdio') ||
    pingPong.some((s) => s.failure && s.server.startsWith('toolwire')) ||
    progress.some((s) => s.failure && s.server.startsWith('toolwire')) ||
    coldStart.samples.some((s) => s.failure !== undefined && s.server.startsWith('toolwire')) ||
    bundles.some((s) => s.failure !== undefined && s.id.startsWith('toolwire')) ||
    !live.pass;
  return broken ? 1 : 0;
}

/** `--soak`: the soak alone; exit 1 when memory grew or an answer was wrong. */
async function soak(options: BenchOptions, started: number, loadAtStart: number[], argv: readonly string[], log: (text: string) => void): Promise<number> {
  const soakOptions = { server: options.soakServer, seconds: options.soakSeconds, segment: 5, connections: 32, log };
  log(`toolwire bench: soak of ${options.soakServer} for ${options.soakSeconds} s, Node ${process.version}`);
  const result = await runSoak(soakOptions);
  const report = soakReport(result, soakOptions);
  console.log(report.lines.join('\n'));
  const file = writeResults(RESULTS_DIR, argv, { options, seconds: (Date.now() - started) / 1000, load: { start: loadAtStart, end: loadavg() }, soak: result });
  log(`\nresults: ${file} (${Math.round((Date.now() - started) / 1000)} s)`);
  return report.pass ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
