/**
 * liveSuites: the live-list sections of `npm run bench` — the fan-out (`--only=fanout`: latency
 * A → 1,000 listeners on B and deliveries/s, in-process and Redis buses, Redis's own
 * PUBLISH→message floor in the same run) and the listen soak (`--only=listen-soak`: 1,000 listens
 * held for a minute with changes flowing, memory before, during and after). Both use the Redis of
 * `--redis=URL`, or a redis-server the run starts on a free port. Their lines print after the
 * other tables; a listen soak MISS fails the run (the fan-out's targets are reported, not enforced).
 */
import type { BenchOptions } from '../driver/options';
import { startRedis } from '../servers/benchTaskStore';
import { fanoutTargets, formatFanout, runFanout, type FanoutResult } from './fanoutBench';
import { listenSoakReport, runListenSoak, type ListenSoakResult } from './listenSoak';
import { memoryPair, redisPair } from './liveInstance';

/** What the live-list sections measured, and their lines. */
export interface LiveRun {
  readonly fanout: readonly FanoutResult[];
  readonly listenSoak: readonly ListenSoakResult[];
  readonly lines: readonly string[];
  /** False when the listen soak missed one of its verdicts. */
  readonly pass: boolean;
}

/** The listens of each suite. */
const LISTENERS = 1000;

/** Runs the live-list sections `options` asks for. */
export async function runLiveSuites(options: BenchOptions, log: (line: string) => void): Promise<LiveRun> {
  const { fanout: wantsFanout, listenSoak: wantsSoak } = options.sections;
  if (!wantsFanout && !wantsSoak) return { fanout: [], listenSoak: [], lines: [], pass: true };
  const redisUrl = options.redisUrl ?? (await startRedis());
  const lines: string[] = [];
  let fanout: FanoutResult[] = [];
  if (wantsFanout) {
    log(`live-list fan-out: A → ${LISTENERS} listeners on B, ${options.fanoutChanges} changes per bus …`);
    fanout = await runFanout({ listeners: LISTENERS, changes: options.fanoutChanges, redisUrl });
    lines.push('', `Live-list fan-out (A → ${LISTENERS.toLocaleString('en-US')} listeners on B, ${options.fanoutChanges} changes per bus)`, ...formatFanout(fanout), '', ...fanoutTargets(fanout).lines);
  }
  const listenSoak: ListenSoakResult[] = [];
  let pass = true;
  if (wantsSoak) {
    const soakOptions = { listeners: LISTENERS, seconds: options.listenSoakSeconds, changesPerSecond: 20, sampleSeconds: Math.max(1, options.listenSoakSeconds / 12), log };
    const memory = memoryPair();
    listenSoak.push(await runListenSoak(memory, soakOptions));
    await memory.close();
    const redis = await redisPair(redisUrl, `toolwire:bench:soak:${process.pid}`);
    try {
      listenSoak.push(await runListenSoak(redis, soakOptions));
    } finally {
      await redis.close();
    }
    const report = listenSoakReport(listenSoak);
    lines.push(...report.lines);
    pass = report.pass;
  }
  return { fanout, listenSoak, lines, pass };
}
