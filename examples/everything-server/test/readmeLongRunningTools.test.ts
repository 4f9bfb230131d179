/**
 * The root README's "Long-running tools (tasks)" example, as written: its TypeScript block is
 * type-checked (strict, against the built packages' types) and then run without `REDIS_URL` (the
 * in-memory store) on a free port: a 2026-07-28 `tools/call` of `build_report` that declares the
 * tasks extension answers a task (with the example's `taskTtlMs`), `tasks/get` reads it working,
 * `tasks/cancel` ends it cancelled, and SIGTERM ends the process — so the README stays true.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { META } from '@toolwire/core';
import { strictTypeCheck } from '../../../test-support/strictTypeCheck';

jest.setTimeout(60_000);

const root = join(__dirname, '..', '..', '..');
const LISTEN = "const server = app.listen(3000, '127.0.0.1');";

function example(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const at = readme.indexOf('## Long-running tools (tasks)');
  if (at < 0) throw new Error('README.md has no "## Long-running tools (tasks)" section');
  const match = /```ts\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!match) throw new Error('README.md has no TypeScript block under "## Long-running tools (tasks)"');
  return match[1];
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(root, 'examples', 'everything-server', '.readme-tasks-')); // inside the repo, so its packages resolve
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the README example of long-running tools', () => {
  it('type-checks as strict TypeScript (an ES module: it awaits at the top level)', () => {
    const file = join(dir, 'example.ts');
    writeFileSync(file, example());
    const problems = strictTypeCheck([file]);
    expect(problems).toEqual([]);
  });

  it('runs (in-memory store): tools/call answers a task that tasks/get reads working and tasks/cancel ends cancelled', async () => {
    const source = example();
    expect(source).toContain(LISTEN);
    // CommonJS has no top-level await: the module body runs in an async function
    const body = ts.transpileModule(source.replace(LISTEN, "const server = app.listen(0, '127.0.0.1', () => console.log(`PORT ${server.address().port}`));"), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    }).outputText;
    const file = join(dir, 'example.js');
    writeFileSync(file, `(async () => {\n${body}\n})().catch((error) => { console.error(error); process.exit(1); });\n`);
    const env = { ...process.env };
    delete env.REDIS_URL;
    const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'inherit'], env });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /PORT (\d+)/.exec(out);
          if (m) resolve(Number(m[1]));
        });
        child.once('exit', (code) => reject(new Error(`the example exited with ${code}`)));
      });
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
