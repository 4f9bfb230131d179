/**
 * Two everything-server processes behind one real redis-server with `--redis`, `--rate-limit`
 * and `--audit-log`, tokens from a local authorization server: the callers' quota holds in total
 * across both instances (HTTP 429 with Retry-After past it), another caller keeps its own;
 * `remember` through A is `recall`ed through B by the same caller and by no other; each audit
 * file holds exactly one JSON line per call its instance answered, refusals included. Over
 * `--stdio` the connection has state and a call past the limit is a JSON-RPC 429 error. Bad flags
 * stop the server with a usage error.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedis } from '../../../test-support/redisServer';
import type { RedisServer } from '../../../test-support/redisServer';
import { startAuthServer } from '../../../packages/jwt/test/helpers/authServer';
import type { AuthServer } from '../../../packages/jwt/test/helpers/authServer';
import { startServer } from '../src/conformance';
import { stop } from './helpers/taskRequests';
import type { Instance } from './helpers/taskRequests';

jest.setTimeout(60_000);

const RESOURCE = 'https://mcp.example.test/mcp';
let redis: RedisServer | undefined;
let auth: AuthServer | undefined;
const started: Instance[] = [];

beforeAll(async () => {
  [redis, auth] = await Promise.all([startRedis(), startAuthServer()]);
});

afterAll(async () => {
  await Promise.all(started.splice(0).map(stop));
  await Promise.all([redis?.stop(), auth?.stop()]);
});

let nextId = 1;

/** A legacy tools/call with `token`: the HTTP status, Retry-After and the JSON-RPC reply. */
async function callTool(instance: Instance, token: string, name: string, args: Record<string, unknown> = {}) {
  const res = await fetch(instance.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name, arguments: args } }),
  });
  const reply = (await res.json()) as { result?: { content: Array<{ text: string }>; isError?: boolean }; error?: { code: number; data?: unknown } };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), reply, text: reply.result?.content[0]?.text };
}

describe('everything-server --redis --rate-limit --audit-log', () => {
  it('shares the quota and the state across two instances, and writes one audit line per call', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolwire-fleet-'));
    const logs = [join(dir, 'a.jsonl'), join(dir, 'b.jsonl')];
    const common = ['--redis', redis!.url, '--rate-limit', '3/1h', '--auth-issuer', auth!.url, '--auth-resource', RESOURCE];
    const [a, b] = await Promise.all(logs.map((log) => startServer([...common, '--audit-log', log])));
    started.push(a, b);
    const ada = await auth!.token({ aud: RESOURCE, claims: { sub: 'ada' } });
    const bob = await auth!.token({ aud: RESOURCE, claims: { sub: 'bob' } });

    expect((await callTool(a, ada, 'remember', { key: 'colour', value: 'teal' })).text).toBe('remembered colour');
    expect((await callTool(b, ada, 'recall', { key: 'colour' })).text).toBe('teal');
    expect((await callTool(a, ada, 'add', { a: 1, b: 2 })).text).toBe('3');
    const refused = await callTool(b, ada, 'add', { a: 1, b: 2 });
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1199);
    expect(refused.reply.error).toMatchObject({ code: 429, data: { retryAfterSeconds: Number(refused.retryAfter) } });
    expect((await callTool(a, ada, 'add', { a: 1, b: 2 })).status).toBe(429);
    expect((await callTool(b, bob, 'recall', { key: 'colour' })).text).toBe('nothing remembered under colour');

    await Promise.all([stop(a), stop(b)]); // closing flushes the audit files
    const [linesA, linesB] = logs.map((log) => readFileSync(log, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>));
    expect(linesA.map((event) => [event.tool, event.outcome])).toEqual([['remember', 'ok'], ['add', 'ok'], ['add', 'refused']]);
    expect(linesB.map((event) => [event.tool, event.outcome])).toEqual([['recall', 'ok'], ['add', 'refused'], ['recall', 'ok']]);
    expect(linesB[1]).toMatchObject({ principal: { issuer: auth!.url, subject: 'ada', clientId: null }, method: 'tools/call', transport: 'http', protocolVersion: '2025-06-18', code: 429, rule: 'rateLimit' });
    expect(readFileSync(logs[0], 'utf8')).not.toContain('teal'); // no values
  });

  it('over --stdio: the connection has state, and a call past --rate-limit is a JSON-RPC 429 error (not an isError result)', async () => {
    const child = spawn(process.execPath, [join(__dirname, '..', 'dist', 'main.js'), '--stdio', '--rate-limit', '3/1h'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const replies = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const send = async (id: number, method: string, params: Record<string, unknown>) => {
      child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      return JSON.parse(String((await replies.next()).value)) as { result?: { content: Array<{ text: string }> }; error?: { code: number; data?: unknown } };
    };
    try {
      await send(0, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fleet-test', version: '1' } });
      expect((await send(1, 'tools/call', { name: 'remember', arguments: { key: 'k', value: 'stdio' } })).result?.content[0].text).toBe('remembered k');
      expect((await send(2, 'tools/call', { name: 'recall', arguments: { key: 'k' } })).result?.content[0].text).toBe('stdio');
      expect((await send(3, 'tools/call', { name: 'add', arguments: { a: 1, b: 2 } })).result?.content[0].text).toBe('3');
      const refused = await send(4, 'tools/call', { name: 'add', arguments: { a: 1, b: 2 } });
      expect(refused.result).toBeUndefined();
      expect(refused.error).toMatchObject({ code: 429, data: { retryAfterSeconds: expect.any(Number) } });
    } finally {
      child.stdin!.end();
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });

  it('stops with a usage error for a bad --rate-limit, or --redis and --task-store naming different servers', () => {
    const main = join(__dirname, '..', 'dist', 'main.js');
    const run = (...args: string[]) => spawnSync(process.execPath, [main, ...args], { encoding: 'utf8' });
    const bad = run('--rate-limit', '5 per second');
    expect([bad.status, bad.stderr]).toEqual([2, expect.stringContaining('--rate-limit needs N/WINDOW, such as 5/1s or 100/1m')]);
    const both = run('--redis', 'redis://127.0.0.1:1', '--task-store', 'redis://127.0.0.1:2');
    expect([both.status, both.stderr]).toEqual([2, expect.stringContaining('--redis and --task-store name different Redis servers')]);
  });
});
