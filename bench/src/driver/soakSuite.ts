/**
 * The soak (`npm run bench -- --soak`, not part of a normal run): one toolwire HTTP server under
 * mixed tools/call load at c=32 for ten minutes — the workloads below in turn, a few seconds each,
 * every response checked — with the server's RSS and its heap after a full collection (it runs
 * with `--expose-gc`) read after every segment. Memory is flat when neither grew from the end of
 * the first minute (warm-up: code compiled, pools filled) to the end: no cache or table grows
 * per request.
 */
import { httpServer, type HttpServerId } from './catalog';
import { ServerProcess, type Usage } from './ServerProcess';
import { LoadClient } from '../load/LoadClient';
import { runsWorkload, variantOf, type WorkloadId } from '../fixture/workloads';

/** The mixed calls, each run for one segment in turn (every one on the `STRUCTURED=1` variant with 10 tools). */
export const SOAK_WORKLOADS: readonly WorkloadId[] = ['call-add', 'modern-call-add', 'call-structured', 'call-echo', 'initialize'];

/** What to run. */
export interface SoakOptions {
  server: HttpServerId;
  /** Total seconds under load (default 600). */
  seconds: number;
  /** Seconds per segment (one workload). */
  segment: number;
  connections: number;
  log: (line: string) => void;
}

/** Memory after one segment. */
export interface SoakSample {
  /** Seconds since the load began. */
  at: number;
  workload: WorkloadId;
  ok: number;
  rss: number;
  heapUsed: number;
}

/** The soak's outcome. */
export interface SoakResult {
  server: HttpServerId;
  samples: SoakSample[];
  requests: number;
  /** Wrong answers and connection errors over the whole soak (must be 0). */
  failures: number;
  firstFailure?: string;
  /** The baseline: the first sample at or after one minute (or a sixth of a shorter soak). */
  start: SoakSample;
  end: SoakSample;
}

/** RSS growth that still counts as flat (allocator and OS noise). */
export const FLAT_RSS_MB = 10;
/** Growth of the heap after a full collection that still counts as flat. */
export const FLAT_HEAP_MB = 2;

/** Runs the soak. */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const spec = httpServer(options.server);
  for (const w of SOAK_WORKLOADS) if (!runsWorkload(spec, w)) throw new RangeError(`--soak: ${options.server} does not run ${w}`);
  const { tools, env } = variantOf('call-structured');
  const server = await ServerProcess.start(spec.program, { tools, env, execArgv: ['--expose-gc'] });
  const load = LoadClient.start();
  const samples: SoakSample[] = [];
  let requests = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  try {
    const references = new Map<WorkloadId, string>();
    for (const w of SOAK_WORKLOADS) {
      const verified = await load.verify({ url: server.url, workload: w });
      if (verified.problem) throw new Error(`${w}: wrong answer: ${verified.problem}`);
      references.set(w, verified.body);
    }
    const began = Date.now();
    for (let k = 0; (Date.now() - began) / 1000 < options.seconds; k++) {
      const w = SOAK_WORKLOADS[k % SOAK_WORKLOADS.length];
      const outcome = await load.load({ url: server.url, workload: w, connections: options.connections, duration: options.segment, reference: references.get(w) as string });
      requests += outcome.ok;
      failures += outcome.bad + outcome.errors;
      if (!firstFailure && outcome.bad) firstFailure = `${w}: ${outcome.firstBad}`;
      if (!firstFailure && outcome.errors) firstFailure = `${w}: ${outcome.errors} connection errors or timeouts`;
      const usage: Usage = await server.usage(true);
      const sample = { at: (Date.now() - began) / 1000, workload: w, ok: outcome.ok, rss: usage.rss, heapUsed: usage.heapUsed };
      samples.push(sample);
      if (k % 12 === 0) options.log(`soak ${Math.round(sample.at)}/${options.seconds} s: ${requests} requests, RSS ${mb(usage.rss)} MB, heap after GC ${mb(usage.heapUsed)} MB`);
    }
  } finally {
    await load.close();
    await server.close();
  }
  const warm = Math.min(60, options.seconds / 6);
  const start = samples.find((s) => s.at >= warm) ?? samples[0];
  return { server: options.server, samples, requests, failures, firstFailure, start, end: samples[samples.length - 1] };
}

function mb(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(1);
}

/** The soak's report: memory over time, start against end, and its PASS/MISS lines. */
export function soakReport(result: SoakResult, options: Pick<SoakOptions, 'seconds' | 'connections'>): { lines: string[]; pass: boolean } {
  const { start, end } = result;
  const rssGrowth = (end.rss - start.rss) / 2 ** 20;
  const heapGrowth = (end.heapUsed - start.heapUsed) / 2 ** 20;
  const lines = [
    '',
    `soak — ${httpServer(result.server).label}, ${Math.round(options.seconds / 60)} min of mixed calls (${SOAK_WORKLOADS.join(', ')}) at c=${options.connections}`,
    `${'at s'.padStart(6)} ${'requests'.padStart(10)} ${'RSS MB'.padStart(8)} ${'heap MB'.padStart(8)}  (heap: after a full GC)`,
  ];
  let total = 0;
  const everyMinute = result.samples.filter((s, i, all) => i === all.length - 1 || Math.floor(s.at / 60) !== Math.floor((all[i + 1]?.at ?? 0) / 60));
  for (const s of result.samples) {
    total += s.ok;
    if (everyMinute.includes(s)) lines.push(`${Math.round(s.at).toString().padStart(6)} ${total.toLocaleString('en-US').padStart(10)} ${mb(s.rss).padStart(8)} ${mb(s.heapUsed).padStart(8)}`);
  }
  lines.push(
    `start (${Math.round(start.at)} s): RSS ${mb(start.rss)} MB, heap ${mb(start.heapUsed)} MB; end (${Math.round(end.at)} s): RSS ${mb(end.rss)} MB, heap ${mb(end.heapUsed)} MB`,
    `${result.requests.toLocaleString('en-US')} requests, ${result.failures} wrong or failed${result.firstFailure ? ` (first: ${result.firstFailure})` : ''}`,
  );
  const verdicts = [
    { pass: rssGrowth <= FLAT_RSS_MB, text: `soak: RSS flat, start to end ≤ +${FLAT_RSS_MB} MB: ${sign(rssGrowth)} MB` },
    { pass: heapGrowth <= FLAT_HEAP_MB, text: `soak: heap after GC flat, start to end ≤ +${FLAT_HEAP_MB} MB: ${sign(heapGrowth)} MB` },
    { pass: result.failures === 0, text: `soak: every response right: ${result.failures} wrong or failed` },
  ];
  lines.push('', ...verdicts.map((v) => `${v.pass ? 'PASS' : 'MISS'}  ${v.text}`));
  return { lines, pass: verdicts.every((v) => v.pass) };
}

function sign(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;
}
