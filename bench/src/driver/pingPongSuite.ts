/**
 * The stdio ping-pong suite: latency, not throughput. Per round, every stdio server is spawned
 * and does the initialize handshake; then they take turns (order rotated each round) in blocks of
 * {@link BLOCK_TRIPS} round trips — one `tools/call add` at a time, the next only once the
 * previous reply is in — first for the warm-up, then for the measured round trips. Taking turns
 * in short blocks spreads the machine's noise (another process taking the core for a second) over
 * every server alike instead of over whichever ran then. Per server: round trips per second
 * (their count ÷ the time they took together), p50 and p99 of the single round trips, the
 * slowest, the server's CPU time per round trip, and the rate and CPU of each block — so two
 * servers can be compared block by block, each block against the other's block of the same turn
 * (`pingPongRatio` takes the median of those). Every reply is checked.
 */
import { stdioServer, type StdioServerId } from './catalog';
import { ServerProcess } from './ServerProcess';
import { checkCallText, checkInitialize } from '../fixture/checks';
import { PROTOCOL_VERSION } from '../fixture/workloads';
import { FrameCollector, frame } from './frames';
import { LatencyRecorder } from '../load/LatencyRecorder';
import { onCpuZero, pin } from './cpuPinning';

/** What to run. */
export interface PingPongOptions {
  rounds: number;
  /** Measured round trips per server and round. */
  roundTrips: number;
  /** Round trips before the measured ones. */
  warmup: number;
  servers: readonly StdioServerId[];
  execArgv: (server: StdioServerId) => readonly string[];
  /** Pin the client (this process) to CPU 0 and every server to CPU 1 (see cpuPinning.ts); default false. */
  pin?: boolean;
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
  /** Each measured block, in turn order: its round trips per second and server CPU µs per round trip. */
  blocks?: PingPongBlock[];
  failure?: string;
}

/** One measured block of round trips. */
export interface PingPongBlock {
  perSec: number;
  cpuMicros: number;
}

/** The servers the suite runs by default: every stdio server. */
export const PING_PONG_SERVERS: readonly StdioServerId[] = ['hand-stdio', 'toolwire-stdio', 'toolwire-stdio-cl', 'sdk-stdio', 'tmcp-stdio'];

/** Round trips a server runs before the next server takes its turn. */
export const BLOCK_TRIPS = 500;

function failed(round: number, server: StdioServerId, roundTrips: number, failure: string): PingPongSample {
  return { round, server, roundTrips, perSec: NaN, p50: NaN, p99: NaN, max: NaN, cpuMicros: NaN, failure };
}

/** One spawned stdio server after its handshake, and what its measured round trips add up to. */
class PingPongClient {
  private nextId = 1;
  private onMessage: (json: string) => void = () => undefined;
  readonly latencies = new LatencyRecorder();
  measured = 0;
  seconds = 0;
  cpuMicros = 0;
  max = 0;
  readonly blocks: PingPongBlock[] = [];

  private constructor(
    readonly id: StdioServerId,
    private readonly server: ServerProcess,
    private readonly framing: ReturnType<typeof stdioServer>['framing'],
  ) {
    const collector = new FrameCollector(framing, (json) => this.onMessage(json));
    server.stdout.on('data', (chunk: Buffer) => collector.push(chunk));
  }

  /** Spawns the server (pinned to CPU 1 when `pinned`) and does the initialize handshake. */
  static async start(id: StdioServerId, execArgv: readonly string[], pinned = false): Promise<PingPongClient> {
    const { program, framing } = stdioServer(id);
    const server = await ServerProcess.start(program, { tools: 10, stdio: true, execArgv });
    const client = new PingPongClient(id, server, framing);
    try {
      if (pinned) pin(server.pid, '1');
      const greeting = client.reply();
      const init = { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'toolwire-bench', version: '1.0.0' } };
      server.stdin.write(frame(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: init }), framing));
      const problem = checkInitialize(await greeting, 1);
      if (problem) throw new Error(`initialize: ${problem}`);
      server.stdin.write(frame('{"jsonrpc":"2.0","method":"notifications/initialized"}', framing));
      return client;
    } catch (error) {
      await client.close();
      throw new Error(client.described(error), { cause: error });
    }
  }

  private reply(): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no reply within 10 s')), 10_000);
      this.onMessage = (json) => {
        clearTimeout(timer);
        resolve(json);
      };
    });
  }

  /** One round trip: write one call, wait for its reply, check it; its time in ms. */
  private async roundTrip(): Promise<number> {
    const id = ++this.nextId;
    const message = frame(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'add', arguments: { a: id, b: 1 } } }), this.framing);
    const answered = this.reply();
    const started = process.hrtime.bigint();
    this.server.stdin.write(message);
    const json = await answered;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const wrong = checkCallText(json, id, String(id + 1));
    if (wrong) throw new Error(`id ${id}: ${wrong}`);
    return ms;
  }

  /** `trips` round trips, unrecorded (warm-up). */
  async warm(trips: number): Promise<void> {
    for (let k = 0; k < trips; k++) await this.roundTrip();
  }

  /** `trips` measured round trips, added to this server's figures. */
  async measure(trips: number): Promise<void> {
    const before = await this.server.usage();
    const started = process.hrtime.bigint();
    for (let k = 0; k < trips; k++) {
      const ms = await this.roundTrip();
      this.latencies.record(ms);
      if (ms > this.max) this.max = ms;
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const after = await this.server.usage();
    const cpuMicros = after.cpuMicros - before.cpuMicros;
    this.blocks.push({ perSec: trips / seconds, cpuMicros: cpuMicros / trips });
    this.seconds += seconds;
    this.cpuMicros += cpuMicros;
    this.measured += trips;
  }

  /** The sample of this round. */
  sample(round: number): PingPongSample {
    const [p50, p99] = this.latencies.percentiles([50, 99]);
    return { round, server: this.id, roundTrips: this.measured, perSec: this.measured / this.seconds, p50, p99, max: this.max, cpuMicros: this.cpuMicros / this.measured, blocks: [...this.blocks] };
  }

  /** `error` with the tail of the server's stderr. */
  described(error: unknown): string {
    const tail = this.server.stderrTail ? ` (stderr: ${this.server.stderrTail.slice(-300)})` : '';
    return `${String(error)}${tail}`;
  }

  async close(): Promise<void> {
    this.server.stdin.end();
    await this.server.close();
  }
}

/** Runs `trips` round trips on every client, in turns of {@link BLOCK_TRIPS}; a client that fails drops out with its failure. */
async function takeTurns(clients: PingPongClient[], trips: number, run: (client: PingPongClient, n: number) => Promise<void>, failures: Map<StdioServerId, string>): Promise<void> {
  for (let done = 0; done < trips; done += BLOCK_TRIPS) {
    const n = Math.min(BLOCK_TRIPS, trips - done);
    for (const client of clients) {
      if (failures.has(client.id)) continue;
      await run(client, n).catch((error: unknown) => failures.set(client.id, client.described(error)));
    }
  }
}

async function runRound(round: number, order: readonly StdioServerId[], options: PingPongOptions): Promise<PingPongSample[]> {
  const clients: PingPongClient[] = [];
  const failures = new Map<StdioServerId, string>();
  try {
    for (const id of order) {
      await PingPongClient.start(id, options.execArgv(id), options.pin).then(
        (client) => void clients.push(client),
        (error: unknown) => void failures.set(id, String(error instanceof Error ? error.message : error)),
      );
    }
    await takeTurns(clients, options.warmup, (client, n) => client.warm(n), failures);
    await takeTurns(clients, options.roundTrips, (client, n) => client.measure(n), failures);
    return order.map((id) => {
      const failure = failures.get(id);
      const client = clients.find((c) => c.id === id);
      return failure || !client ? failed(round, id, options.roundTrips, failure ?? 'not started') : client.sample(round);
    });
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
}

/** Runs the suite and returns every sample. */
export async function runPingPongSuite(options: PingPongOptions): Promise<PingPongSample[]> {
  const samples: PingPongSample[] = [];
  await onCpuZero(options.pin, () => runRounds(options, samples));
  return samples;
}

async function runRounds(options: PingPongOptions, samples: PingPongSample[]): Promise<void> {
  for (let round = 1; round <= options.rounds; round++) {
    const shift = (round - 1) % options.servers.length;
    const order = [...options.servers.slice(shift), ...options.servers.slice(0, shift)];
    const measured = await runRound(round, order, options).catch((error: unknown) => order.map((id) => failed(round, id, options.roundTrips, String(error))));
    samples.push(...measured);
    const line = measured.map((s) => `${s.server} ${s.failure ? 'FAIL' : `${Math.round(s.perSec)}/s p99 ${s.p99.toFixed(3)} ms`}`);
    options.log(`round ${round}/${options.rounds}  stdio ping-pong ${options.roundTrips} (turns of ${BLOCK_TRIPS}${options.pin ? ', client on CPU 0, servers on CPU 1' : ''}): ${line.join(', ')}`);
  }
}
