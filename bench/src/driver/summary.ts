/**
 * The summary of one run as printed text: the HTTP tables, the feature costs, the stdio,
 * ping-pong and progress tables, the dispatcher micro-benchmark and the PASS/MISS lines of the
 * targets. Built from the samples alone, so a run's saved results file renders the same summary
 * (`markdown.ts`) as the run printed.
 */
import { aggregate } from './aggregate';
import { featureCostTable, httpTables, pingPongTable, stdioTable } from './report';
import { evaluateTargets, formatTargets, type TargetResult } from './targets';
import { progressTable, type ProgressSample } from './progressSuite';
import type { HttpSample } from './httpSuite';
import type { StdioSample } from './stdioSuite';
import type { PingPongSample } from './pingPongSuite';
import { formatMicro, type MicroResult } from '../micro/dispatcherMicro';
import { coldStartTable, type ColdStartRun } from './coldStartSuite';
import { bundleTable, type BundleSample } from './bundleSuite';
import { bundleTargets, coldStartTargets } from './coldTargets';

/** What one run measured, as its results file holds it. */
export interface RunSamples {
  http: readonly HttpSample[];
  stdio: readonly StdioSample[];
  pingPong: readonly PingPongSample[];
  progress: readonly ProgressSample[];
  micro: readonly MicroResult[];
  /** The cold-start suite's spawns and footprints (absent: not run). */
  coldStart?: ColdStartRun;
  /** The bundle-size suite's bundles (absent: not run). */
  bundles?: readonly BundleSample[];
  /** The run's settings the tables name: ping-pong warm-up, progress calls and clients. */
  settings: { pingPongWarmup: number; progressCalls: number; progressConcurrency: number };
}

/** The summary's parts: each a list of lines (empty when the run left that part out). */
export interface Summary {
  http: string[];
  features: string[];
  stdio: string[];
  pingPong: string[];
  progress: string[];
  micro: string[];
  coldStart: string[];
  bundles: string[];
  targets: TargetResult[];
  targetLines: string[];
}

/** The heading of the targets' lines. */
export const TARGETS_HEADING = 'Targets (c=32, the drills at their 50 clients; median of per-round ratios, the drills of per-slice ratios)';

/** Builds every part of the summary from the samples. */
export function summarize(run: RunSamples): Summary {
  const coldStart = run.coldStart ?? { samples: [], footprints: [] };
  const bundles = run.bundles ?? [];
  const targets = [...evaluateTargets(run.http, run.stdio, run.micro, run.pingPong), ...coldStartTargets(coldStart), ...bundleTargets(bundles)];
  return {
    http: run.http.length
      ? [
          'HTTP — medians over rounds. CPU µs/req: server CPU time per right response; cores: server CPU time ÷ wall time',
          '(at c=32 a server below ~0.9 was starved by other processes); ×raw / ×express: req/s relative to the hand-written',
          'node:http / Express server, median of per-round ratios.',
          ...httpTables(aggregate(run.http)),
        ]
      : [],
    features: featureCostTable(run.http),
    stdio: run.stdio.length ? stdioTable(run.stdio) : [],
    pingPong: run.pingPong.length ? pingPongTable(run.pingPong, run.settings.pingPongWarmup) : [],
    progress: run.progress.length ? progressTable(run.progress, { calls: run.settings.progressCalls, concurrency: run.settings.progressConcurrency }) : [],
    micro: run.micro.length ? ['', 'Dispatcher micro-benchmark (Dispatcher.handle, in-process)', ...formatMicro(run.micro)] : [],
    coldStart: coldStartTable(coldStart),
    bundles: bundleTable(bundles),
    targets,
    targetLines: formatTargets(targets),
  };
}

/** The summary as the run prints it: every table, the feature costs, then the targets. */
export function summaryText(summary: Summary): string {
  return [...summary.http, ...summary.features, ...summary.stdio, ...summary.pingPong, ...summary.progress, ...summary.micro, ...summary.coldStart, ...summary.bundles, '', TARGETS_HEADING, ...summary.targetLines].join('\n');
}
