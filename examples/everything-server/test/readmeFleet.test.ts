/**
 * The root README's "Running a fleet" example, as written: type-checked (strict, against the
 * built packages' types; a copy treating the tool's string parameter as a number must not
 * compile), then run twice behind one real redis-server with tokens of a local authorization
 * server: a note remembered through one copy is recalled through the other by the same user and
 * by no other, and each copy's audit file holds one line per call — so the README stays true.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readmeBlock, runExample } from '../../../test-support/readmeExample';
import type { RunningExample } from '../../../test-support/readmeExample';
import { startRedis } from '../../../test-support/redisServer';
import type { RedisServer } from '../../../test-support/redisServer';
import { startAuthServer } from '../../../packages/jwt/test/helpers/authServer';
import type { AuthServer } from '../../../packages/jwt/test/helpers/authServer';

jest.setTimeout(60_000);

const root = join(__dirname, '..', '..', '..');
const HEADING = '## Running a fleet';
const LISTEN = "const server = app.listen(3000, '127.0.0.1');";
const RESOURCE = 'https://mcp.example.com/mcp';

let dir = '';
let redis: RedisServer | undefined;
let auth: AuthServer | undefined;
const running: RunningExample[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(root, 'examples', 'everything-server', '.readme-fleet-')); // inside the repo, so its packages resolve
  [redis, auth] = await Promise.all([startRedis(), startAuthServer()]);
});

afterAll(async () => {
  await Promise.all(
    running.map(async ({ child, exited }) => {
      child.kill('SIGTERM');
      await exited;
    }),
  );
  await Promise.all([redis?.stop(), auth?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

let nextId = 1;

async function callTool(port: number, token: string, name: string, args: Record<string, unknown> = {}) {
  const res = await fetch(`http://127.0.0.1:${port}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name, arguments: args } }),
  });
  const reply = (await res.json()) as { result?: { content: Array<{ text: string }> } };
  return reply.result?.content[0]?.text;
}

describe('the README example of running a fleet', () => {
  it('runs twice behind one Redis: a note remembered through one is recalled through the other, by its user only; one audit line per call', async () => {
    const logs = [join(dir, 'a.jsonl'), join(dir, 'b.jsonl')];
    const [a, b] = await Promise.all(
      logs.map((log, i) => runExample(readmeBlock(HEADING), LISTEN, join(dir, `fleet${i}.js`), { asyncBody: true, env: { ...process.env, REDIS_URL: redis!.url, ISSUER: auth!.url, AUDIT_LOG: log } })),
    );
    running.push(a, b);
    const ada = await auth!.token({ aud: RESOURCE, claims: { sub: 'ada' } });
    const bob = await auth!.token({ aud: RESOURCE, claims: { sub: 'bob' } });
    expect(await callTool(a.port, ada, 'remember', { note: 'buy milk' })).toBe('1 notes');
    expect(await callTool(b.port, ada, 'remember', { note: 'call Bob' })).toBe('2 notes');
    expect(await callTool(a.port, ada, 'recall')).toBe('buy milk\ncall Bob');
    expect(await callTool(b.port, bob, 'recall')).toBe('no notes yet');
    const lines = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as { tool: string; outcome: string; principal: { subject: string } });
    for (const copy of [a, b]) copy.child.kill('SIGTERM'); // the example's own shutdown: the file stream flushes before the process exits
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
    expect(lines(logs[0]).map((e) => [e.tool, e.principal.subject, e.outcome])).toEqual([['remember', 'ada', 'ok'], ['recall', 'ada', 'ok']]);
    expect(lines(logs[1]).map((e) => [e.tool, e.principal.subject, e.outcome])).toEqual([['remember', 'ada', 'ok'], ['recall', 'bob', 'ok']]);
  });
});
