/**
 * The root README's "Long-running tools (tasks)" example, as written (its strict type check is
 * test/docs/readmeBlocks.test.ts's), run without `REDIS_URL` (the
 * in-memory store) on a free port: a 2026-07-28 `tools/call` of `build_report` that declares the
 * tasks extension answers a task (with the example's `taskTtlMs`), `tasks/get` reads it working,
 * `tasks/cancel` ends it cancelled, and SIGTERM ends the process — so the README stays true.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { META } from '@toolwire/core';
import { readmeBlock, runExample } from '../../../test-support/readmeExample';

jest.setTimeout(60_000);

const root = join(__dirname, '..', '..', '..');
const LISTEN = "const server = app.listen(3000, '127.0.0.1');";

const example = (): string => readmeBlock('## Long-running tools (tasks)');

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(root, 'examples', 'everything-server', '.readme-tasks-')); // inside the repo, so its packages resolve
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the README example of long-running tools', () => {
  it('runs (in-memory store): tools/call answers a task that tasks/get reads working and tasks/cancel ends cancelled', async () => {
    const env = { ...process.env };
    delete env.REDIS_URL;
    // CommonJS has no top-level await: the module body runs in an async function
    const { port, child, exited } = await runExample(example(), LISTEN, join(dir, 'example.js'), { asyncBody: true, env });
    try {
      let id = 0;
      const send = async (method: string, name: string, params: Record<string, unknown>) => {
        const res = await fetch(`http://127.0.0.1:${port}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, 'mcp-name': name },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: ++id,
            method,
            params: { ...params, _meta: { [META.protocolVersion]: '2026-07-28', [META.clientCapabilities]: { elicitation: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } } } },
          }),
        });
        return (await res.json()) as { result?: Record<string, unknown>; error?: unknown };
      };
      const created = await send('tools/call', 'build_report', { name: 'build_report', arguments: { year: 2026 } });
      expect(created.result).toMatchObject({ resultType: 'task', status: 'working', ttlMs: 24 * 3_600_000 });
      const taskId = String(created.result?.taskId);
      expect((await send('tasks/get', taskId, { taskId })).result).toMatchObject({ taskId, status: 'working' });
      expect((await send('tasks/cancel', taskId, { taskId })).error).toBeUndefined();
      // the cancel reaches the procedure's signal; the task settles cancelled (polled: it is the server's state)
      const deadline = Date.now() + 20_000;
      let task = (await send('tasks/get', taskId, { taskId })).result;
      while (task?.status === 'working' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        task = (await send('tasks/get', taskId, { taskId })).result;
      }
      expect(task).toMatchObject({ taskId, status: 'cancelled' });
    } finally {
      child.kill('SIGTERM');
    }
    // SIGTERM closes the server (and the store, when there is one) and the process ends
    await exited;
  });
});
