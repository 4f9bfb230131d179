/**
 * The progress suite: a tool that sends 10 progress notifications before it answers, toolwire
 * against the official SDK. Stdio: per round and server, N calls written at once (pipelined), each
 * with its own progress token; the driver answers the server's pings like a client and checks that
 * every call got its 10 notifications, in order, before its response. HTTP: `c` clients in a loop
 * for the run's duration, each call answered as an SSE stream (toolwire: `mcpHandler` and
 * `mcpRouter`; the SDK: stateless with `enableJsonResponse: false`, the mode in which it streams).
 * Server CPU per call comes through the side channel, as in the other suites.
 */
import { httpServer, stdioServer, type HttpServerId, type StdioServerId } from './catalog';
import { ServerProcess } from './ServerProcess';
import { median } from './median';
import { BASE_HEADERS, PROTOCOL_VERSION } from '../fixture/workloads';
import { checkProgressCall, progressCall, PROGRESS_STEPS } from '../fixture/progressWorkload';

/** What to run. */
export interface ProgressSuiteOptions {
  rounds: number;
  /** Calls per stdio run. */
  calls: number;
  /** Seconds per HTTP run. */
  duration: number;
  /** Concurrent HTTP clients. */
  concurrency: number;
  log: (line: string) => void;
}

/** One measured run. */
export interface ProgressSample {
  round: number;
  transport: 'stdio' | 'http';
  server: StdioServerId | HttpServerId;
  callsPerSec: number;
  /** Server CPU per call (10 notifications and the response), µs. */
  cpuMicros: number;
  failure?: string;
}

const STDIO_SERVERS: readonly StdioServerId[] = ['toolwire-stdio', 'sdk-stdio'];
const HTTP_SERVERS: readonly HttpServerId[] = ['toolwire-http', 'toolwire-express', 'sdk'];
const ENV = { PROGRESS: '1', SSE: '1' };

async function stdioRun(round: number, id: StdioServerId, calls: number): Promise<ProgressSample> {
  const server = await ServerProcess.start(stdioServer(id).program, { tools: 10, stdio: true, env: ENV });
  try {
    const byCall = new Map<number, string[]>();
    let answered = 0;
    let onDone: () => void = () => undefined;
    let greeted: () => void = () => undefined;
    const greeting = new Promise<void>((resolve) => (greeted = resolve));
    let rest = '';
    server.stdout.setEncoding('utf8');
    server.stdout.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        const message = JSON.parse(line) as { id?: unknown; method?: string; params?: { progressToken?: string } };
        if (message.method === 'ping') server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: {} })}\n`);
        else if (message.id === 1) greeted();
        else {
          const call = message.method ? Number(String(message.params?.progressToken).slice(1)) : Number(message.id);
          let list = byCall.get(call);
          if (!list) byCall.set(call, (list = []));
          list.push(line);
          if (!message.method && ++answered === calls) onDone();
        }
      }
    });
    const init = { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'toolwire-bench', version: '1.0.0' } };
    server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: init })}\n`);
    await greeting;
    server.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    const done = new Promise<void>((resolve, reject) => {
      onDone = resolve;
      setTimeout(() => reject(new Error(`timed out after ${answered} responses`)), 120_000).unref();
    });
    const batch = Array.from({ length: calls }, (_, k) => `${progressCall(k + 2)}\n`).join('');
    const before = await server.usage();
    const started = process.hrtime.bigint();
    server.stdin.write(batch);
    await done;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const after = await server.usage();
    let failure: string | undefined;
    for (let k = 0; k < calls && !failure; k++) failure = checkProgressCall(byCall.get(k + 2) ?? [], k + 2);
    return { round, transport: 'stdio', server: id, callsPerSec: calls / seconds, cpuMicros: (after.cpuMicros - before.cpuMicros) / calls, failure };
  } catch (error) {
    return { round, transport: 'stdio', server: id, callsPerSec: NaN, cpuMicros: NaN, failure: String(error) };
  } finally {
    server.stdin.end();
    await server.close();
  }
}

/** The JSON-RPC messages of an SSE body (the `data:` of each event). */
function events(body: string): string[] {
  return body
    .split('\n\n')
    .map((event) => event.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join(''))
    .filter(Boolean);
}

async function httpRun(round: number, id: HttpServerId, options: ProgressSuiteOptions): Promise<ProgressSample> {
  const server = await ServerProcess.start(httpServer(id).program, { tools: 10, env: ENV });
  try {
    const url = `http://127.0.0.1:${server.port}/mcp`;
    const headers = { ...BASE_HEADERS, 'mcp-protocol-version': PROTOCOL_VERSION };
    let next = 2;
    let failure: string | undefined;
    const one = async (): Promise<void> => {
      const callId = next++;
      const response = await fetch(url, { method: 'POST', headers, body: progressCall(callId) });
      const body = await response.text();
      const problem = response.headers.get('content-type')?.startsWith('text/event-stream') ? checkProgressCall(events(body), callId) : `not an event stream: ${body.slice(0, 120)}`;
      failure ??= problem;
    };
    const loop = async (until: number): Promise<number> => {
      let n = 0;
      while (Date.now() < until) {
        await one();
        n++;
      }
      return n;
    };
    await Promise.all(Array.from({ length: options.concurrency }, () => loop(Date.now() + 300))); // warm-up
    const before = await server.usage();
    const started = process.hrtime.bigint();
    const counts = await Promise.all(Array.from({ length: options.concurrency }, () => loop(Date.now() + options.duration * 1000)));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const after = await server.usage();
    const total = counts.reduce((a, b) => a + b, 0);
    return { round, transport: 'http', server: id, callsPerSec: total / seconds, cpuMicros: (after.cpuMicros - before.cpuMicros) / total, failure };
  } catch (error) {
    return { round, transport: 'http', server: id, callsPerSec: NaN, cpuMicros: NaN, failure: String(error) };
  } finally {
    await server.close();
  }
}

/** Runs the suite and returns every sample. */
export async function runProgressSuite(options: ProgressSuiteOptions): Promise<ProgressSample[]> {
  const samples: ProgressSample[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    for (const id of round % 2 ? STDIO_SERVERS : [...STDIO_SERVERS].reverse()) samples.push(await stdioRun(round, id, options.calls));
    for (const id of round % 2 ? HTTP_SERVERS : [...HTTP_SERVERS].reverse()) samples.push(await httpRun(round, id, options));
    options.log(`round ${round}/${options.rounds}  progress: ${samples.filter((s) => s.round === round).map((s) => `${s.transport}/${s.server} ${s.failure ? 'FAIL' : Math.round(s.callsPerSec)}`).join(', ')} calls/s`);
  }
  return samples;
}

/** The table: medians over rounds, and each toolwire server against the SDK on the same transport. */
export function progressTable(samples: readonly ProgressSample[], options: Pick<ProgressSuiteOptions, 'calls' | 'concurrency'>): string[] {
  const out = ['', `progress — tools/call of a tool sending ${PROGRESS_STEPS} notifications/progress (stdio: ${options.calls} pipelined calls; HTTP: SSE, c=${options.concurrency})`];
  out.push(`${'transport / server'.padEnd(34)}${'calls/s'.padStart(10)}${'CPU µs/call'.padStart(13)}${'×SDK'.padStart(8)}`);
  const rows = [...STDIO_SERVERS.map((s) => ['stdio', s] as const), ...HTTP_SERVERS.map((s) => ['http', s] as const)];
  const med = (transport: string, server: string, pick: (s: ProgressSample) => number): number =>
    median(samples.filter((s) => s.transport === transport && s.server === server && !s.failure).map(pick));
  for (const [transport, server] of rows) {
    const failed = samples.find((s) => s.transport === transport && s.server === server && s.failure);
    const label = `${transport} ${transport === 'stdio' ? stdioServer(server as StdioServerId).label : httpServer(server as HttpServerId).label}`;
    if (failed) {
      out.push(`${label.padEnd(34)}FAIL: ${failed.failure?.slice(0, 160)}`);
      continue;
    }
    const rate = med(transport, server, (s) => s.callsPerSec);
    const sdk = med(transport, transport === 'stdio' ? 'sdk-stdio' : 'sdk', (s) => s.callsPerSec);
    out.push(`${label.padEnd(34)}${Math.round(rate).toLocaleString('en-US').padStart(10)}${med(transport, server, (s) => s.cpuMicros).toFixed(1).padStart(13)}${`${(rate / sdk).toFixed(2)}×`.padStart(8)}`);
  }
  return out;
}
