/**
 * The stdio ping-pong suite: latency, not throughput. Per round and server (order rotated each
 * round), spawn the stdio server, do the initialize handshake, then send one `tools/call add` at a
 * time — the next only once the previous reply is in — first for a warm-up, then for the measured
 * round trips: round trips per second (their count ÷ the time they took together), p50 and p99 of
 * the single round trips, and the server's CPU time per round trip. Every reply is checked.
 */
import { stdioServer, type StdioServerId } from './catalog';
import { ServerProcess } from './ServerProcess';
import { checkCallText, checkInitialize } from '../fixture/checks';
import { PROTOCOL_VERSION } from '../fixture/workloads';
import { FrameCollector, frame } from './frames';
import { LatencyRecorder } from '../load/LatencyRecorder';

/** What to run. */
export interface PingPongOptions {
  rounds: number;
  /** Measured round trips per server and round. */
  roundTrips: number;
  /** Round trips before the measured ones. */
  warmup: number;
  servers: readonly StdioServerId[];
  execArgv: (server: StdioServerId) => readonly string[];
  log: (line: string) => void;
}

/** One measured ping-pong run. */
export interface PingPongSample {
  round: number;
  server: StdioServerId;
  roundTrips: number;
  /** Measured round trips ÷ the time they took. */
  perSec: number;
  /** Latency percentiles of one round trip, ms. */
  p50: number;
  p99: number;
  /** The slowest round trip, ms. */
  max: number;
  /** Server CPU time per round trip, µs. */
  cpuMicros: number;
  failure?: string;
}

/** The servers the suite runs by default: every stdio server. */
export const PING_PONG_SERVERS: readonly StdioServerId[] = ['hand-stdio', 'toolwire-stdio', 'toolwire-stdio-cl', 'sdk-stdio', 'tmcp-stdio'];

function failed(round: number, server: StdioServerId, roundTrips: number, failure: string): PingPongSample {
  return { round, server, roundTrips, perSec: NaN, p50: NaN, p99: NaN, max: NaN, cpuMicros: NaN, failure };
}

async function runOne(round: number, id: StdioServerId, options: PingPongOptions): Promise<PingPongSample> {
  const { program, framing } = stdioServer(id);
  const server = await ServerProcess.start(program, { tools: 10, stdio: true, execArgv: options.execArgv(id) });
  try {
    let onMessage: (json: string) => void = () => undefined;
    const collector = new FrameCollector(framing, (json) => onMessage(json));
    server.stdout.on('data', (chunk: Buffer) => collector.push(chunk));
    const reply = (): Promise<string> =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no reply within 10 s')), 10_000);
        onMessage = (json) => {
          clearTimeout(timer);
          resolve(json);
        };
      });

    const greeting = reply();
    const init = { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'toolwire-bench', version: '1.0.0' } };
    server.stdin.write(frame(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: init }), framing));
    const problem = checkInitialize(await greeting, 1);
    if (problem) throw new Error(`initialize: ${problem}`);
    server.stdin.write(frame('{"jsonrpc":"2.0","method":"notifications/initialized"}', framing));

    let id_ = 1;
    /** One round trip: write one call, wait for its reply, check it; its time in ms. */
    const roundTrip = async (): Promise<number> => {
      const id = ++id_;
      const message = frame(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'add', arguments: { a: id, b: 1 } } }), framing);
      const answered = reply();
      const started = process.hrtime.bigint();
      server.stdin.write(message);
      const json = await answered;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const wrong = checkCallText(json, id, String(id + 1));
      if (wrong) throw new Error(`id ${id}: ${wrong}`);
      return ms;
    };
    for (let k = 0; k < options.warmup; k++) await roundTrip();
    const latencies = new LatencyRecorder();
    let max = 0;
    const before = await server.usage();
    const started = process.hrtime.bigint();
    for (let k = 0; k < options.roundTrips; k++) {
      const ms = await roundTrip();
      latencies.record(ms);
      if (ms > max) max = ms;
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const after = await server.usage();
    const [p50, p99] = latencies.percentiles([50, 99]);
    return { round, server: id, roundTrips: options.roundTrips, perSec: options.roundTrips / seconds, p50, p99, max, cpuMicros: (after.cpuMicros - before.cpuMicros) / options.roundTrips };
  } catch (error) {
    const tail = server.stderrTail ? ` (stderr: ${server.stderrTail.slice(-300)})` : '';
    return failed(round, id, options.roundTrips, `${String(error)}${tail}`);
  } finally {
    server.stdin.end();
    await server.close();
  }
}

/** Runs the suite and returns every sample. */
export async function runPingPongSuite(options: PingPongOptions): Promise<PingPongSample[]> {
  const samples: PingPongSample[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    const order = round % 2 ? options.servers : [...options.servers].reverse();
    const line: string[] = [];
    for (const id of order) {
      const sample = await runOne(round, id, options).catch((error: unknown) => failed(round, id, options.roundTrips, String(error)));
      samples.push(sample);
      line.push(`${id} ${sample.failure ? 'FAIL' : `${Math.round(sample.perSec)}/s p99 ${sample.p99.toFixed(3)} ms`}`);
    }
    options.log(`round ${round}/${options.rounds}  stdio ping-pong ${options.roundTrips}: ${line.join(', ')}`);
  }
  return samples;
}
