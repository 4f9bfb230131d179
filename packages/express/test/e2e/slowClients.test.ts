/**
 * Clients that never read cannot make the server hold their events: test/e2e/floodServer.mjs
 * (importing the built packages) is spawned behind each HTTP transport — mcpHandler on node:http,
 * mcpRouter in the Express this jest project resolves (5, or 4 in the express-4 project),
 * mcpFetchHandler through a node:http bridge — and raw TCP clients send a
 * tools/call with a progress token and `Accept: application/json, text/event-stream`, then stop
 * reading. Four that call a tool sending progress until cancelled leave the server's RSS within
 * 100 MB of its idle figure (the events are coalesced while they wait) while other clients are
 * answered; one that calls a tool sending log messages (which are never coalesced) is cut off at
 * `maxSseBufferBytes` (1 MiB by default), its call aborted.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

jest.setTimeout(90_000);

const SERVER = join(__dirname, 'floodServer.mjs');
/** The Express this jest project resolves: 5, or 4 in the express-4 project; the server mounts mcpRouter in it. */
const EXPRESS = require.resolve('express');
const EXPRESS_VERSION = (JSON.parse(readFileSync(join(dirname(EXPRESS), 'package.json'), 'utf8')) as { version: string }).version;
const MB = 1_000_000;
const ALLOWED_GROWTH = 100 * MB;
/** The floods must produce at least this many bytes of events: more than the server may grow by. */
const FLOOD_BYTES = 2 * ALLOWED_GROWTH;
const FLOOD_DEADLINE_MS = 30_000;

interface Stats {
  rss: number;
  padLength: number;
  progressSent: number;
  logsSent: number;
  running: number;
  aborted: number;
  cutOff: number;
  reasons: string[];
  express?: string;
}

interface Server {
  child: ChildProcess;
  port: number;
  stderr: () => string;
}

async function start(mode: string): Promise<Server> {
  const child = spawn(process.execPath, [SERVER, mode, EXPRESS], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`floodServer.mjs ${mode} exited with ${code}: ${err}`)));
  });
  return { child, port, stderr: () => err };
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill('SIGTERM');
  await exited;
}

/** A tools/call over its own connection, answered as JSON; resolves with the result's text. */
function call(port: number, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/mcp', method: 'POST', agent: false, headers: { 'content-type': 'application/json', accept: 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            const reply = JSON.parse(text) as { result?: { content?: { text?: string }[] } };
            const content = reply.result?.content?.[0]?.text;
            if (typeof content === 'string') resolve(content);
            else reject(new Error(`${name}: unexpected reply ${res.statusCode} ${text.slice(0, 300)}`));
          } catch (error) {
            reject(new Error(`${name}: not JSON (${res.statusCode}): ${text.slice(0, 300)} ${String(error)}`));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const statsOf = async (port: number): Promise<Stats> => JSON.parse(await call(port, 'stats')) as Stats;

/** A raw client that sends one SSE-accepting tools/call with a progress token, then never reads. */
async function sluggard(port: number, tool: string, id: number): Promise<Socket> {
  const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: {}, _meta: { progressToken: id } } });
  const socket = connect(port, '127.0.0.1');
  socket.pause();
  await once(socket, 'connect');
  socket.write(
    `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Accept: application/json, text/event-stream\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  return socket;
}

/** Polls `stats` (a timer: the growth is watched over time, there is no event to wait for) until `done` or the deadline. */
async function watch(port: number, done: (s: Stats) => boolean, limitMs: number): Promise<{ last: Stats; peakRss: number }> {
  const until = Date.now() + limitMs;
  let last = await statsOf(port);
  let peakRss = last.rss;
  while (!done(last) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await statsOf(port);
    peakRss = Math.max(peakRss, last.rss);
  }
  return { last, peakRss };
}

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

describe.each(['mcpHandler', 'mcpRouter', 'mcpFetchHandler'])('%s with clients that never read', (mode) => {
  let server: Server;
  const sockets: Socket[] = [];

  beforeEach(async () => {
    server = await start(mode);
  });

  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await stop(server);
  });

  it('stays within 100 MB of its idle RSS under four progress floods, answering other clients', async () => {
    const { port } = server;
    expect(await call(port, 'add', { a: 1, b: 1 })).toBe('2'); // warm up before the idle figure
    const idle = await statsOf(port);
    for (let id = 1; id <= 4; id++) sockets.push(await sluggard(port, 'flood', id));

    const flooded = (s: Stats): boolean => s.progressSent * s.padLength >= FLOOD_BYTES || s.rss - idle.rss > ALLOWED_GROWTH;
    const { last, peakRss } = await watch(port, flooded, FLOOD_DEADLINE_MS);
    const started = Date.now();
    const sum = await call(port, 'add', { a: 2, b: 3 });
    const latencyMs = Date.now() - started;
    const after = await statsOf(port);

    const report = `idle ${mib(idle.rss)}, peak ${mib(peakRss)}, after ${mib(after.rss)}; ${last.progressSent} progress notifications (${mib(last.progressSent * last.padLength)}+ of events); add answered in ${latencyMs} ms${last.express ? `; Express ${last.express}` : ''}`;
    process.stderr.write(`${mode}: ${report}\n`);
    expect({ running: last.running, report }).toEqual({ running: 4, report });
    expect(peakRss - idle.rss).toBeLessThan(ALLOWED_GROWTH);
    expect(after.rss - idle.rss).toBeLessThan(ALLOWED_GROWTH);
    expect(last.progressSent * last.padLength).toBeGreaterThanOrEqual(FLOOD_BYTES); // the floods ran: without backpressure this is RSS
    expect(sum).toBe('5');
    if (mode === 'mcpRouter') expect(last.express).toBe(EXPRESS_VERSION);
    expect(latencyMs).toBeLessThan(5_000);
  });

  it('aborts the call of a client that falls more than 1 MiB behind on log messages, and ends its stream', async () => {
    const { port } = server;
    const idle = await statsOf(port);
    sockets.push(await sluggard(port, 'logflood', 1));
    const { last, peakRss } = await watch(port, (s) => s.cutOff > 0 || s.rss - idle.rss > ALLOWED_GROWTH, FLOOD_DEADLINE_MS);
    process.stderr.write(`${mode} log flood: idle ${mib(idle.rss)}, peak ${mib(peakRss)}; ${last.logsSent} log messages; ${last.reasons.join('; ')}\n`);
    expect(last.reasons).toEqual([expect.stringMatching(/fell more than 1048576 bytes behind/)]);
    expect({ cutOff: last.cutOff, running: last.running }).toEqual({ cutOff: 1, running: 0 });
    // cut off after the cap plus what the kernel's socket buffers took (a few MiB on loopback), not later
    expect(last.logsSent * last.padLength).toBeLessThan(32 * 1024 * 1024);
    expect(peakRss - idle.rss).toBeLessThan(ALLOWED_GROWTH);
    expect(await call(port, 'add', { a: 2, b: 3 })).toBe('5');
  });
});
