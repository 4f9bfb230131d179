/**
 * Interop: `@modelcontextprotocol/ext-tasks` 0.2.2's requester session (over
 * `@modelcontextprotocol/client` 2.4.0) drives a task of the everything server to completion
 * over Streamable HTTP — it negotiates 2026-07-28 (modern era) by itself, sees the tasks
 * extension in `server/discover`, gets a CreateTaskResult for `slow_compute`, polls `tasks/get`
 * and settles with the tool result. The package ships ES modules only, so its client runs in a
 * spawned Node process (`interop/extTasksClient.mjs`) that prints what it saw.
 */
import { execFile } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startServer } from '../src/conformance';

jest.setTimeout(30_000);

const run = promisify(execFile);
const script = join(__dirname, 'interop', 'extTasksClient.mjs');

let server: { url: string; child: ChildProcess };
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => {
  server.child.kill('SIGTERM');
});

async function drive(tool: string, args: Record<string, unknown>) {
  const { stdout } = await run(process.execPath, [script, server.url, tool, JSON.stringify(args)], { timeout: 25_000 });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
}

describe('@modelcontextprotocol/ext-tasks 0.2.2 against the everything server over HTTP', () => {
  it('lands in the modern era at 2026-07-28 and drives slow_compute through a task to its result', async () => {
    const seen = await drive('slow_compute', { seconds: 1, label: 'interop' });
    expect({ era: seen.era, version: seen.version }).toEqual({ era: 'modern', version: '2026-07-28' });
    expect(seen.created).toMatchObject({ resultType: 'task', status: 'working', taskId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), ttlMs: expect.any(Number) });
    expect(seen.sent[0]).toBe('tools/call');
    expect(seen.sent.slice(1).length).toBeGreaterThan(0);
    expect(new Set(seen.sent.slice(1))).toEqual(new Set(['tasks/get']));
    expect(seen.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'computed for 1 s (interop)' }], isError: false });
  });

  it('settles a task whose tool reports an error (failing_job, task support required) with that isError result', async () => {
    const seen = await drive('failing_job', {});
    expect(seen.created).toMatchObject({ resultType: 'task' });
    expect(seen.result).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/the job failed/) }] });
  });
});
