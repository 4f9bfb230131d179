/**
 * The stdio suite: per round and server (order rotated each round), spawn the stdio server,
 * do the initialize handshake, then write N tools/call `add` messages in one go (pipelined) and
 * time from that write to the last reply. Replies are collected during the run and all checked
 * afterwards (id, and the right sum); the server's CPU time comes through its side channel.
 */
import { stdioServer, type StdioServerId } from './catalog';
import { ServerProcess } from './ServerProcess';
import { checkCallText, checkInitialize } from '../fixture/checks';
import { PROTOCOL_VERSION } from '../fixture/workloads';

/** What to run. */
export interface StdioSuiteOptions {
  rounds: number;
  messages: number;
  servers: readonly StdioServerId[];
  execArgv: (server: StdioServerId) => readonly string[];
  log: (line: string) => void;
}

/** One measured stdio run. */
export interface StdioSample {
  round: number;
  server: StdioServerId;
  messages: number;
  messagesPerSec: number;
  /** Server CPU time per message, µs. */
  cpuMicros: number;
  rss: number;
  failure?: string;
}

/** Splits a stream's text into lines and hands them on. */
class LineCollector {
  private rest = '';
  constructor(private readonly onLine: (line: string) => void) {}
  push(chunk: string): void {
    const lines = (this.rest + chunk).split('\n');
    this.rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) this.onLine(line);
  }
}

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
  const server = await ServerProcess.start(stdioServer(id).program, { tools: 10, stdio: true, execArgv: options.execArgv(id) });
  try {
    let onLine: (line: string) => void = () => undefined;
    const collector = new LineCollector((line) => onLine(line));
    server.stdout.setEncoding('utf8');
    server.stdout.on('data', (chunk: string) => collector.push(chunk));
    const nextLine = (): Promise<string> => new Promise((resolve) => (onLine = resolve));

    const greeting = nextLine();
    const init = { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'toolwire-bench', version: '1.0.0' } };
    server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: init })}\n`);
    const problem = checkInitialize(await greeting, 1);
    if (problem) throw new Error(`initialize: ${problem}`);
    server.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');

    const batch = Array.from({ length: options.messages }, (_, k) => `${call(k)}\n`).join('');
    const lines: string[] = [];
    const before = await server.usage();
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out after ${lines.length} replies`)), 120_000);
      onLine = (line) => {
        lines.push(line);
        if (lines.length === options.messages) {
          clearTimeout(timer);
          resolve();
        }
      };
    });
    const started = process.hrtime.bigint();
    server.stdin.write(batch);
    await done;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const after = await server.usage();
    const failure = checkStdioReplies(lines, options.messages);
    return {
      round,
      server: id,
      messages: options.messages,
      messagesPerSec: options.messages / seconds,
      cpuMicros: (after.cpuMicros - before.cpuMicros) / options.messages,
      rss: after.rss,
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
    options.log(`round ${round}/${options.rounds}  stdio ${options.messages} calls: ${line.join(', ')} msg/s`);
  }
  return samples;
}
