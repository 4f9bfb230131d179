/**
 * mcpFetchHandler for real under Node, Bun and Deno: test/runtimes/serve.mjs (importing the built
 * packages) is spawned under each runtime on 127.0.0.1:0, and the official MCP SDK client connects
 * over Streamable HTTP, negotiates the latest protocol version, lists the tools and calls them;
 * then raw requests check the HTTP rules through that runtime's own Request/Response, and a
 * 2026-07-28 multi round-trip call its Web Crypto (the AES-256-GCM `requestState`).
 *
 * Bun and Deno come from the root's optionalDependencies, whichever of their per-platform
 * packages (`@oven/bun-*`, `@deno/*`) npm installed here — test-support/runtimeBinary finds it. A
 * runtime whose binary is missing or cannot run on this machine (an unlisted OS or CPU, an old
 * glibc) fails its suite with the reason: nothing is skipped.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@toolwire/core';
import { runtimeBinary } from '../../../../test-support/runtimeBinary';

jest.setTimeout(30_000);

const repo = join(__dirname, '..', '..', '..', '..');
const SERVE = join(__dirname, '..', 'runtimes', 'serve.mjs');

interface Runtime {
  name: string;
  binary: string;
  args: string[];
  /** Set when the runtime cannot run here; its suite then fails with this reason. */
  unavailable?: string;
  version?: string;
}

/** The runtime `name` of this platform, running `args`. */
function probe(name: 'bun' | 'deno', args: string[]): Runtime {
  const found = runtimeBinary(name);
  return { name, binary: found.binary ?? name, args, unavailable: found.unavailable, version: found.version };
}

/**
 * Deno's own cache for this run: Deno keeps analyses and compiled code of the CommonJS files it
 * loaded under ~/.cache/deno, and after a rebuild of dist/ it has loaded a chunk the new build no
 * longer has (Cannot find module './chunks/chunk-….js'); nothing is downloaded into it.
 */
const DENO_DIR = mkdtempSync(join(tmpdir(), 'toolwire-deno-'));
afterAll(() => rmSync(DENO_DIR, { recursive: true, force: true }));

const RUNTIMES: Runtime[] = [
  { name: 'node', binary: process.execPath, args: [SERVE], version: process.version },
  probe('bun', [SERVE]),
  probe('deno', ['run', '--no-prompt', '--allow-net=127.0.0.1', `--allow-read=${repo}`, SERVE]),
];

/** Starts serve.mjs under `runtime`; resolves with the child and the port it printed. */
async function start(runtime: Runtime): Promise<{ child: ChildProcess; port: number; banner: string }> {
  const child = spawn(runtime.binary, runtime.args, {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', DENO_DIR },
  });
  let out = '';
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^PORT (\d+) (.*)$/m.exec(out);
      if (match) resolve({ child, port: Number(match[1]), banner: match[2] });
    });
    child.once('exit', (code) => reject(new Error(`${runtime.name} exited with ${code} before listening: ${err}`)));
  });
}

/** A raw request over node:http (so Host can be anything), answered as status, Allow and parsed body. */
function raw(port: number, init: { method?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; allow?: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', ...init.headers };
    const req = httpRequest({ host: '127.0.0.1', port, path: '/mcp', method: init.method ?? 'POST', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body: text === '' ? undefined : JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

describe.each(RUNTIMES)('under $name', (runtime) => {
  if (runtime.unavailable) {
    // the devDependencies install both runtimes on linux-x64: a missing one is a broken install, not a reason to test less
    it(`is available (${runtime.unavailable})`, () => {
      throw new Error(`${runtime.name} cannot run here: ${runtime.unavailable}`);
    });
    return;
  }

  let child: ChildProcess;
  let port: number;
  let banner: string;

  beforeAll(async () => {
    ({ child, port, banner } = await start(runtime));
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
  });

  it(`is really ${runtime.name} (${runtime.version})`, () => {
    expect(banner.startsWith(`${runtime.name} `)).toBe(true);
  });

  it('serves the official SDK client: the latest protocol version, tools/list, tools/call', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`));
    const client = new Client({ name: `toolwire-${runtime.name}-e2e`, version: '1.0.0' });
    try {
      await client.connect(transport);
      expect(transport.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
      expect(client.getServerVersion()).toMatchObject({ name: 'toolwire-fetch-e2e', version: '1.0.0' });
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['add', 'runtime', 'echo', 'confirm']);
      expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).toEqual({ content: [{ type: 'text', text: '5' }], isError: false });
      const served = await client.callTool({ name: 'runtime', arguments: {} });
      expect(served.content).toEqual([{ type: 'text', text: banner }]);
      const echoed = await client.callTool({ name: 'echo', arguments: { message: 'grüße 🎉' } });
      expect(echoed.content).toEqual([{ type: 'text', text: 'grüße 🎉' }]);
      const invalid = await client.callTool({ name: 'add', arguments: { a: 'two', b: 3 } });
      expect(invalid).toEqual({ content: [{ type: 'text', text: 'argument "a": expected integer, got string' }], isError: true });
    } finally {
      await client.close();
    }
  });

  it('applies the HTTP rules: 405, 403 (Origin, Host), 415, 413, 400, 202', async () => {
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    const refused = (message: RegExp) => ({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(message) } });
    expect(await raw(port, { method: 'GET' })).toEqual({ status: 405, allow: 'POST', body: refused(/^Method Not Allowed/) });
    expect(await raw(port, { headers: { origin: 'http://evil.example' }, body: ping })).toEqual({ status: 403, body: refused(/Origin/) });
    expect(await raw(port, { headers: { host: 'evil.example' }, body: ping })).toEqual({ status: 403, body: refused(/Host/) });
    expect(await raw(port, { headers: { host: `localhost:${port}`, origin: `http://localhost:${port}` }, body: ping })).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 1, result: {} } });
    expect(await raw(port, { headers: { 'content-type': 'text/plain' }, body: ping })).toMatchObject({ status: 415 });
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { message: 'x'.repeat(70 * 1024) } } });
    expect(await raw(port, { body: big })).toEqual({ status: 413, body: refused(/exceeds 65536 bytes/) });
    expect(await raw(port, { body: '{"jsonrpc":' })).toMatchObject({ status: 400, body: { id: null, error: { code: -32700 } } });
    expect(await raw(port, { body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).toEqual({ status: 202, body: undefined });
  });

  it("seals and opens a 2026-07-28 requestState with the runtime's Web Crypto (AES-256-GCM, HKDF)", async () => {
    const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'confirm' };
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } };
    const call = (id: number, extra: Record<string, unknown> = {}) => raw(port, { headers, body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'confirm', arguments: {}, _meta: meta, ...extra } }) });
    const first = await call(1);
    const { resultType, requestState } = (first.body as { result: { resultType: string; requestState: string } }).result;
    expect([first.status, resultType, requestState]).toEqual([200, 'input_required', expect.stringMatching(/^[\w-]{16}\.[\w-]+$/)]);
    const done = await call(2, { requestState, inputResponses: { 'elicitation-1': { action: 'accept', content: { ok: true } } } });
    expect(done.body).toMatchObject({ id: 2, result: { content: [{ type: 'text', text: 'confirmed' }], resultType: 'complete' } });
    const at = Math.floor((requestState.length * 3) / 4); // inside the ciphertext: every bit of that character counts
    const altered = requestState.slice(0, at) + (requestState[at] === 'A' ? 'B' : 'A') + requestState.slice(at + 1);
    const tampered = await call(3, { requestState: altered, inputResponses: { 'elicitation-1': { action: 'decline' } } });
    expect(tampered.body).toMatchObject({ id: 3, error: { code: -32602, message: expect.stringContaining('failed verification') } });
    const bad = await call(4, { requestState, inputResponses: { 'elicitation-1': { action: 'accept', content: { ok: 'yes' } } } });
    expect(bad.body).toMatchObject({ id: 4, error: { code: -32602, message: expect.stringContaining('content.ok: expected a boolean') } });
  });
});
