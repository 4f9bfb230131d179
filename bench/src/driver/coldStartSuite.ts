/**
 * The cold-start suite (`--only=cold`): how long a minimal three-tool server takes from process
 * spawn to its first answered `tools/call`, on stdio and on HTTP (node:http, Express), for
 * toolwire and every peer, and what it loaded to get there. Each spawn runs a fresh `node` on a
 * program of `src/cold/`; the servers take turns spawn by spawn (their order rotated each turn),
 * so a noisy second of a shared machine falls on all of them alike. Over stdio the driver writes
 * initialize, notifications/initialized and the call at once, right after the spawn; over HTTP it
 * waits for the program's `ready` line (it listens on a port the driver picked) and posts the call
 * (at 2026-07-28 to the servers that serve it, else 2025-11-25; no initialize, all are stateless).
 * The modules and bytes loaded are the JavaScript files the process opened up to that answer,
 * counted in one more spawn under `strace` (absent where strace is not installed).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkCallText } from '../fixture/checks';
import { messageOf } from '../fixture/drill';
import { MODERN_PROTOCOL_VERSION, PROTOCOL_VERSION } from '../fixture/workloads';
import { median } from './median';

/** Ids of the cold-start programs, in table order (the floors first). */
export const COLD_SERVER_IDS = [
  'node-stdio',
  'toolwire-stdio',
  'sdk-stdio',
  'sdk2-stdio',
  'tmcp-stdio',
  'fastmcp-stdio',
  'node-http',
  'node-express',
  'toolwire-http',
  'toolwire-express',
  'sdk-express',
  'sdk2-http',
  'sdk2-express',
  'tmcp-http',
  'fastmcp-http',
] as const;

/** One cold-start program's id. */
export type ColdServerId = (typeof COLD_SERVER_IDS)[number];

/** A cold-start program: how it is reached and which protocol era its call speaks. */
export interface ColdServerSpec {
  readonly id: ColdServerId;
  readonly label: string;
  readonly transport: 'stdio' | 'http';
  /** `modern`: the call is an MCP 2026-07-28 request (no handshake); `legacy`: 2025-11-25. */
  readonly era: 'legacy' | 'modern';
  /** A floor: Node (or Express) with a hand-written answerer, no MCP library; not a peer. The first of a transport is what *over Node* subtracts. */
  readonly floor?: boolean;
  readonly program: string;
}

function program(file: string): string {
  return join(__dirname, '..', '..', 'dist', 'cold', file);
}

/** A spec from its table row: id, label, era of the call, program file; the transport is the id's suffix, the floors are the hand-written programs. */
function spec(id: ColdServerId, label: string, era: 'legacy' | 'modern', file: string): ColdServerSpec {
  return { id, label, transport: id.endsWith('-stdio') ? 'stdio' : 'http', era, floor: id.startsWith('node-') || undefined, program: program(file) };
}

const SPECS: Readonly<Record<ColdServerId, ColdServerSpec>> = Object.fromEntries(
  (
    [
      ['node-stdio', 'Node, hand-written loop (floor)', 'legacy', 'nodeStdio.js'],
      ['toolwire-stdio', 'toolwire serveStdio', 'legacy', 'toolwireStdio.js'],
      ['sdk-stdio', 'MCP SDK 1.x StdioServerTransport', 'legacy', 'sdkStdio.js'],
      ['sdk2-stdio', 'MCP SDK v2 StdioServerTransport', 'legacy', 'sdk2Stdio.js'],
      ['tmcp-stdio', 'tmcp 1.20 StdioTransport', 'legacy', 'tmcpStdio.js'],
      ['fastmcp-stdio', 'fastmcp stdio', 'legacy', 'fastmcpStdio.js'],
      ['node-http', 'node:http, hand-written (floor)', 'legacy', 'nodeHttp.js'],
      ['node-express', 'Express 5, hand-written (its floor)', 'legacy', 'nodeExpress.js'],
      ['toolwire-http', 'toolwire mcpHandler/node:http', 'modern', 'toolwireHttp.js'],
      ['toolwire-express', 'toolwire mcpRouter/Express', 'modern', 'toolwireExpress.js'],
      ['sdk-express', 'MCP SDK 1.x stateless/Express', 'legacy', 'sdkExpress.js'],
      ['sdk2-http', 'MCP SDK v2 createMcpHandler/node:http', 'modern', 'sdk2Http.js'],
      ['sdk2-express', 'MCP SDK v2 createMcpHandler/Express', 'modern', 'sdk2Express.js'],
      ['tmcp-http', 'tmcp 1.20 HttpTransport/node:http', 'modern', 'tmcpHttp.js'],
      ['fastmcp-http', 'fastmcp stateless httpStream', 'legacy', 'fastmcpHttp.js'],
    ] as const
  ).map(([id, label, era, file]) => [id, spec(id, label, era, file)]),
) as Record<ColdServerId, ColdServerSpec>;

/** SDK v2's program on the same transport and framework as `id` (its × SDK v2 column and target): stdio, Express, or node:http. */
export function sdk2Twin(id: ColdServerId): ColdServerId {
  if (id.endsWith('-stdio')) return 'sdk2-stdio';
  return id.endsWith('-express') ? 'sdk2-express' : 'sdk2-http';
}

/** The cold-start program with this id. */
export function coldServer(id: ColdServerId): ColdServerSpec {
  return SPECS[id];
}

/** One spawn's figure: milliseconds from spawn to the checked answer of the call, or why it failed. */
export interface ColdSample {
  server: ColdServerId;
  turn: number;
  ms: number;
  failure?: string;
}

/** What one program loaded before its first answer: JavaScript files opened and their bytes. */
export interface ColdFootprint {
  server: ColdServerId;
  modules: number;
  bytes: number;
}

/** The suite's samples and footprints, as the results file holds them. */
export interface ColdStartRun {
  samples: ColdSample[];
  footprints: ColdFootprint[];
}

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': MODERN_PROTOCOL_VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'toolwire-bench', version: '1.0.0' },
};

/** The newline-delimited handshake and call a stdio client writes at once. */
const STDIO_INPUT = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'toolwire-bench', version: '1.0.0' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } },
]
  .map((m) => `${JSON.stringify(m)}\n`)
  .join('');

function httpCall(era: 'legacy' | 'modern'): { body: string; headers: Record<string, string> } {
  const base = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  if (era === 'legacy') return { body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } }), headers: { ...base, 'mcp-protocol-version': PROTOCOL_VERSION } };
  const body = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 }, _meta: MODERN_META } });
  return { body, headers: { ...base, 'mcp-protocol-version': MODERN_PROTOCOL_VERSION, 'mcp-method': 'tools/call', 'mcp-name': 'add' } };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function post(port: number, call: { body: string; headers: Record<string, string> }): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { ...call.headers, 'content-length': Buffer.byteLength(call.body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`HTTP ${res.statusCode}: ${text.slice(0, 120)}`))));
    });
    req.on('error', reject);
    req.end(call.body);
  });
}

/** The line of a program's stderr that names its error (Node prints the source line and a caret first), else its start. */
function lastError(stderr: string): string {
  return (stderr.split('\n').find((line) => /^\w*Error\b|^Error:/.test(line.trim())) ?? stderr.trim()).trim().slice(0, 200);
}

/** Resolves when `child` wrote a stdout line that `done` accepts (with that line); rejects when it exits first. */
function lineOf(child: ChildProcess, done: (line: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      const line = lines.find(done);
      if (line !== undefined) resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before answering${err ? `: ${lastError(err)}` : ''}`)));
    child.once('error', reject);
  });
}

/** The processes `pid` started, and theirs (Linux `/proc`; none elsewhere). */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) children.push(...readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
  } catch {
    children = [];
  }
  return children.flatMap((child) => [...descendants(child), child]);
}

/** Kills `child` and, when it is a wrapper (strace), the program it runs. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  for (const pid of child.pid === undefined ? [] : descendants(child.pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}

/**
 * Starts `spec`'s program (under `wrap`, e.g. strace, when given) and resolves with the ms from
 * the spawn to the checked answer of its call; the process is killed either way.
 */
export async function coldStartOnce(spec: ColdServerSpec, wrap: readonly string[] = []): Promise<number> {
  const port = spec.transport === 'http' ? await freePort() : 0;
  const [command, ...args] = [...wrap, process.execPath, spec.program];
  const started = process.hrtime.bigint();
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, PORT: String(port) } });
  try {
    let body: string;
    if (spec.transport === 'stdio') {
      const answer = lineOf(child, (line) => line.includes('"id":2'));
      child.stdin?.write(STDIO_INPUT);
      body = await answer;
    } else {
      await lineOf(child, (line) => line === 'ready');
      body = messageOf(await post(port, httpCall(spec.era)));
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const problem = checkCallText(body, 2, '5');
    if (problem !== undefined) throw new Error(`wrong answer: ${problem}`);
    return ms;
  } finally {
    await stop(child);
  }
}

/** Whether `strace` runs here (it counts the files a program opens). */
export function canTrace(): boolean {
  return process.platform === 'linux' && spawnSync('strace', ['-V'], { stdio: 'ignore' }).status === 0;
}

/** The JavaScript files (`.js`, `.mjs`, `.cjs`) an strace log of `openat` calls shows opened, each once. */
export function openedScripts(log: string): string[] {
  const files = new Set<string>();
  for (const line of log.split('\n')) {
    const match = /openat\([^"]*"([^"]+\.(?:js|mjs|cjs))"/.exec(line);
    if (match && !/= -1 /.test(line)) files.add(match[1]);
  }
  return [...files];
}

/** One spawn of `spec` under strace: the JavaScript files it opened before its first answer, and their bytes. */
export async function footprint(spec: ColdServerSpec): Promise<ColdFootprint> {
  const log = join(tmpdir(), `toolwire-cold-${process.pid}-${spec.id}.strace`);
  try {
    await coldStartOnce(spec, ['strace', '-f', '-qq', '-e', 'trace=openat', '-o', log]);
    const files = openedScripts(readFileSync(log, 'utf8'));
    return { server: spec.id, modules: files.length, bytes: files.reduce((sum, file) => sum + statSync(file).size, 0) };
  } finally {
    rmSync(log, { force: true });
  }
}

/** Options of {@link runColdStartSuite}. */
export interface ColdStartOptions {
  /** Spawns per server (≥ 20 in a full run). */
  spawns: number;
  servers: readonly ColdServerId[];
  log: (text: string) => void;
}

/** Runs the suite: `spawns` turns in which every server is spawned once (order rotated each turn), then one traced spawn each. */
export async function runColdStartSuite(options: ColdStartOptions): Promise<ColdStartRun> {
  const samples: ColdSample[] = [];
  const specs = options.servers.map(coldServer);
  options.log(`cold start: ${options.spawns} spawns of ${specs.length} servers, taking turns …`);
  for (let turn = 0; turn < options.spawns; turn++) {
    const order = specs.map((_, i) => specs[(i + turn) % specs.length]);
    for (const spec of order) {
      try {
        samples.push({ server: spec.id, turn, ms: await coldStartOnce(spec) });
      } catch (error) {
        samples.push({ server: spec.id, turn, ms: NaN, failure: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  const footprints: ColdFootprint[] = [];
  if (canTrace()) {
    for (const spec of specs) {
      try {
        footprints.push(await footprint(spec));
      } catch (error) {
        options.log(`cold start: no footprint of ${spec.id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return { samples, footprints };
}

/** The `p`-quantile (0…1) of `values`, nearest rank. */
export function quantile(values: readonly number[], p: number): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** One server's row: median and p90 ms over its spawns, failures, footprint. */
export interface ColdRow {
  spec: ColdServerSpec;
  spawns: number;
  median: number;
  p90: number;
  failures: string[];
  modules?: number;
  bytes?: number;
}

/** The rows of a run, in table order (the servers it measured). */
export function coldRows(run: ColdStartRun): ColdRow[] {
  return COLD_SERVER_IDS.filter((id) => run.samples.some((s) => s.server === id)).map((id) => {
    const own = run.samples.filter((s) => s.server === id);
    const ms = own.filter((s) => s.failure === undefined).map((s) => s.ms);
    const print = run.footprints.find((f) => f.server === id);
    return { spec: coldServer(id), spawns: own.length, median: ms.length ? median(ms) : NaN, p90: quantile(ms, 0.9), failures: own.flatMap((s) => (s.failure === undefined ? [] : [s.failure])), modules: print?.modules, bytes: print?.bytes };
  });
}

/** The suite's table as printed lines (empty for a run without it). */
export function coldStartTable(run: ColdStartRun): string[] {
  const rows = coldRows(run);
  if (rows.length === 0) return [];
  const spawns = Math.max(...rows.map((r) => r.spawns));
  const sdk2 = (id: ColdServerId): number => rows.find((r) => r.spec.id === sdk2Twin(id))?.median ?? NaN;
  const floor = (transport: 'stdio' | 'http'): number => rows.find((r) => r.spec.floor && r.spec.transport === transport)?.median ?? NaN;
  const fixed = (v: number | undefined, digits = 1): string => (v === undefined || !Number.isFinite(v) ? '–' : v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }));
  const lines = [
    '',
    `cold start — spawn → first answered tools/call of a 3-tool server, ${spawns} spawns each, servers taking turns (ms); ×SDK v2: against SDK v2 on the same transport and framework; modules / KB: JavaScript files opened before that answer`,
    `${'server'.padEnd(40)}${'median'.padStart(9)}${'p90'.padStart(9)}${'+Node'.padStart(9)}${'×SDK v2'.padStart(9)}${'modules'.padStart(9)}${'KB'.padStart(9)}`,
  ];
  for (const r of rows) {
    const failed = r.failures.length ? `  FAIL ×${r.failures.length}: ${r.failures[0]}` : '';
    lines.push(
      `${r.spec.label.padEnd(40)}${fixed(r.median).padStart(9)}${fixed(r.p90).padStart(9)}${fixed(r.median - floor(r.spec.transport)).padStart(9)}${`${fixed(r.median / sdk2(r.spec.id), 2)}×`.padStart(9)}${fixed(r.modules, 0).padStart(9)}${fixed(r.bytes === undefined ? undefined : r.bytes / 1024, 0).padStart(9)}${failed}`,
    );
  }
  return lines;
}
