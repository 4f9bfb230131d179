/**
 * The stdio suite: per round and server (order rotated each round), spawn the stdio server,
 * do the initialize handshake, write N tools/call `add` messages in one go (pipelined) and wait
 * for their replies, three times (the warm-up; the first, cold, batch's rate is kept too), then write
 * the same N again, `batches` times, and
 * time from that write to the last reply, in the server's framing (toolwire runs twice: newline-
 * delimited and with Content-Length headers). Replies are collected during the run and all checked
 * afterwards (id, and the right sum); the server's CPU time comes through its side channel.
 */
import { stdioServer, type StdioServerId } from './catalog';
import { ServerProcess } from './ServerProcess';
import { checkCallText, checkInitialize } from '../fixture/checks';
import { PROTOCOL_VERSION } from '../fixture/workloads';
import { FrameCollector, frame } from './frames';
import { median } from './median';
import { onCpuZero, pin } from './cpuPinning';

/** What to run. */
export interface StdioSuiteOptions {
  rounds: number;
  messages: number;
  /** Measured batches per server and round (after the warm-up); the sample is their median. */
  batches: number;
  servers: readonly StdioServerId[];
  execArgv: (server: StdioServerId) => readonly string[];
  /** Pin the client (this process) to CPU 0 and every server to CPU 1 (see cpuPinning.ts); default false. */
  pin?: boolean;
  log: (line: string) => void;
}

/** One measured stdio run. */
export interface StdioSample {
  round: number;
  server: StdioServerId;
  messages: number;
  messagesPerSec: number;
  /** msg/s of the first batch, before any warm-up (JIT compilation included). */
  coldMessagesPerSec?: number;
  /** Server CPU time per message, µs. */
  cpuMicros: number;
  rss: number;
  failure?: string;
}

/** Batches sent before the measured one. */
const WARMUP_BATCHES = 3;

/** The k-th benchmark message (id k + 2, so 1 stays the initialize request) and its expected text. */
function call(k: number): string {
  return JSON.stringify({ jsonrpc: '2.0', id: k + 2, method: 'tools/call', params: { name: 'add', arguments: { a: k, b: 1 } } });
}

/** Checks every reply; returns the first problem or undefined. */
export function checkStdioReplies(lines: readonly string[], messages: number): string | undefined {
  if (lines.length !== messages) return `expected ${messages} replies, got ${lines.length}`;
  const seen = new Uint8Array(messages);
  for (const line of lines) {
    const match = /"id"\s*:\s*(\d+)/.exec(line);
    const k = match ? Number(match[1]) - 2 : -1;
    if (k < 0 || k >= messages) return `reply with an unexpected id: ${line.slice(0, 120)}`;
    if (seen[k]++) return `two replies for id ${k + 2}`;
    const problem = checkCallText(line, k + 2, String(k + 1));
    if (problem) return `id ${k + 2}: ${problem}`;
  }
  return undefined;
}

async function runOne(round: number, id: StdioServerId, options: StdioSuiteOptions): Promise<StdioSample> {
  const { program, framing } = stdioServer(id);
  const server = await ServerProcess.start(program, { tools: 10, stdio: true, execArgv: options.execArgv(id) });
  try {
    if (options.pin) pin(server.pid, '1');
    let onLine: (line: string) => void = () => undefined;
    const collector = new FrameCollector(framing, (line) => onLine(line));
    server.stdout.on('data', (chunk: Buffer) => collector.push(chunk));
    const nextLine = (): Promise<string> => new Promise((resolve) => (onLine = resolve));

    const greeting = nextLine();
    const init = { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'toolwire-bench', version: '1.0.0' } };
    server.stdin.write(frame(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: init }), framing));
    const problem = checkInitialize(await greeting, 1);
    if (problem) throw new Error(`initialize: ${problem}`);
    server.stdin.write(frame('{"jsonrpc":"2.0","method":"notifications/initialized"}', framing));

    const batch = Array.from({ length: options.messages }, (_, k) => frame(call(k), framing)).join('');
    /** Writes the batch at once and resolves with every reply and the time from the write to the last one. */
    const pipelined = (): Promise<{ lines: string[]; seconds: number }> => {
      const lines: string[] = [];
      const done = new Promise<{ lines: string[]; seconds: number }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out after ${lines.length} replies`)), 120_000);
        onLine = (line) => {
          lines.push(line);
          if (lines.length === options.messages) {
            clearTimeout(timer);
            resolve({ lines, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
          }
        };
      });
      const started = process.hrtime.bigint();
      server.stdin.write(batch);
      return done;
    };
    // warm-up batches (like the HTTP runs' warm-up second): the measured one finds the server's
    // code compiled. The first, cold batch is reported too.
    let coldMessagesPerSec = NaN;
    for (let k = 0; k < WARMUP_BATCHES; k++) {
      const warm = await pipelined();
      const problem = checkStdioReplies(warm.lines, options.messages);
      if (problem) throw new Error(`warm-up batch: ${problem}`);
      if (k === 0) coldMessagesPerSec = options.messages / warm.seconds;
    }
    // measured batches: each 20,000 pipelined calls on its own; the sample is their median (one
    // batch lasts tens of milliseconds, which a shared machine's noise can swamp)
    const rates: number[] = [];
    const cpu: number[] = [];
    let failure: string | undefined;
    for (let k = 0; k < options.batches; k++) {
      const before = await server.usage();
      const { lines, seconds } = await pipelined();
      const after = await server.usage();
      failure ??= checkStdioReplies(lines, options.messages);
      rates.push(options.messages / seconds);
      cpu.push((after.cpuMicros - before.cpuMicros) / options.messages);
    }
    return {
      round,
      server: id,
      messages: options.messages,
      messagesPerSec: median(rates),
      coldMessagesPerSec,
      cpuMicros: median(cpu),
      rss: (await server.usage()).rss,
      failure,
    };
  } catch (error) {
    const tail = server.stderrTail ? ` (stderr: ${server.stderrTail.slice(-300)})` : '';
    return { round, server: id, messages: options.messages, messagesPerSec: NaN, cpuMicros: NaN, rss: NaN, failure: `${String(error)}${tail}` };
  } finally {
    server.stdin.end();
    await server.close();
  }
}

/** Runs the suite and returns every sample. */
export async function runStdioSuite(options: StdioSuiteOptions): Promise<StdioSample[]> {
  const samples: StdioSample[] = [];
  await onCpuZero(options.pin, () => runRounds(options, samples));
  return samples;
}

async function runRounds(options: StdioSuiteOptions, samples: StdioSample[]): Promise<void> {
  for (let round = 1; round <= options.rounds; round++) {
    const order = round % 2 ? options.servers : [...options.servers].reverse();
    const line: string[] = [];
    for (const id of order) {
      const sample = await runOne(round, id, options).catch(
        (error: unknown): StdioSample => ({ round, server: id, messages: options.messages, messagesPerSec: NaN, cpuMicros: NaN, rss: NaN, failure: String(error) }),
      );
      samples.push(sample);
      line.push(`${id} ${sample.failure ? 'FAIL' : Math.round(sample.messagesPerSec)}`);
    }
    options.log(`round ${round}/${options.rounds}  stdio ${options.messages} calls${options.pin ? ' (client on CPU 0, servers on CPU 1)' : ''}: ${line.join(', ')} msg/s`);
  }
}
