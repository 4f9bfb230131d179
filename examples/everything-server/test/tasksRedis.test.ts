/**
 * Two everything-server processes (`--task-store redis://…`) behind one real redis-server,
 * started on a free loopback port: 2026-07-28 tasks created through A are read, answered
 * (`tasks/update`) and cancelled (`tasks/cancel`) through B; a 2025-11-25 task of A that elicits
 * is answered through B's `tasks/result` stream; A killed with SIGKILL during a task
 * leaves it `failed` with the store's "the server running this task stopped" error within the
 * lease, read through B; 1,000 concurrent tasks created across both, polled and partly cancelled
 * through the other instance, each settle once (none lost, none duplicated, none changed after);
 * a `--stdio` instance shares them too (and exits when stdin ends); SIGTERM closes the store
 * (the tasks it ran fail at once). A bad `--task-store` or an unreachable Redis stops the server
 * at startup with a clear error.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { createClient } from '@redis/client';
import { ErrorCodes, META } from '@toolwire/core';
import { TASK_STOPPED_ERROR } from '@toolwire/core/task-store';
import { startRedis } from '../../../test-support/redisServer';
import type { RedisServer } from '../../../test-support/redisServer';
import { startServer } from '../src/conformance';
import { createTask, getTask, pollTask, send, stop, TASKS, TERMINAL, VERSION } from './helpers/taskRequests';
import type { Instance } from './helpers/taskRequests';

jest.setTimeout(90_000);

let redis: RedisServer | undefined;
let deployments = 0;
const started: Instance[] = [];

beforeAll(async () => {
  redis = await startRedis();
});

afterEach(async () => {
  await Promise.all(started.splice(0).map(stop));
});

afterAll(async () => {
  await redis?.stop();
});

/** Two server processes sharing one Redis and one key prefix (a fresh prefix per test). */
async function twoInstances(extra: readonly string[] = []): Promise<{ a: Instance; b: Instance; keyPrefix: string }> {
  if (!redis) throw new Error('redis-server did not start (see beforeAll)');
  const keyPrefix = `everything${++deployments}:`;
  const args = ['--task-store', redis.url, '--task-key-prefix', keyPrefix, ...extra];
  const [a, b] = await Promise.all([startServer(args), startServer(args)]);
  started.push(a, b);
  return { a, b, keyPrefix };
}

/** A loopback port nothing listens on (the kernel handed it out, then it was closed). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs `work` over `items`, at most `parallel` at a time. */
async function pool<T, R>(items: readonly T[], parallel: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}

describe('everything server: --task-store at startup', () => {
  it.each([
    [['--task-store', 'http://127.0.0.1:6379'], /--task-store "http:" is not a Redis URL/],
    [['--task-store', 'not a url'], /--task-store "not a url" is not a URL/],
    [['--task-store'], /--task-store needs a value/],
    [['--task-lease-ms', '1000'], /--task-key-prefix and --task-lease-ms need --task-store/],
  ])('%j exits 2 with a clear error', async (args, message) => {
    await expect(startServer(args)).rejects.toThrow(message);
  });

  it('prints the Redis URL on its startup line without any part of a password holding "@", ":" and "%40"', async () => {
    const guarded = await startRedis({ requirePass: 'p@ss:w@rd' });
    const child = spawn(process.execPath, [join(__dirname, '..', 'dist', 'main.js'), '--port', '0', '--task-store', `redis://:p@ss:w%40rd@127.0.0.1:${guarded.port}`], { stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      let log = '';
      child.stderr.setEncoding('utf8');
      await new Promise<void>((resolve, reject) => {
        child.stderr.on('data', (chunk: string) => {
          log += chunk;
          if (/listening on .*\n/.test(log)) resolve();
        });
        child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${log}`)));
      });
      expect(log).toMatch(new RegExp(`\\(tasks in redis://127\\.0\\.0\\.1:${guarded.port}\\)`));
      expect(log).not.toMatch(/ss|w%40rd|w@rd/);
    } finally {
      child.kill();
      await guarded.stop();
    }
  });

  it('an unreachable Redis is an error at startup, not a server without tasks', async () => {
    const port = await closedPort();
    await expect(startServer(['--task-store', `redis://127.0.0.1:${port}`])).rejects.toThrow(new RegExp(`server exited with 2: .*the task store could not start: RedisTaskStore: could not connect to redis://127\\.0\\.0\\.1:${port}`));
  });
});

describe('everything server: two instances behind one Redis (--task-store)', () => {
  it('a task created through A is read through B, answered through B (tasks/update) and completes with the answer', async () => {
    const { a, b } = await twoInstances();
    const taskId = await createTask(a, 'confirm_delete', { filename: 'notes.txt' });
    const waiting = await pollTask(b, taskId, (task) => task.status !== 'working', 30_000);
    expect(waiting.status).toBe('input_required');
    const requests = waiting.inputRequests as Record<string, { method: string; params: { message: string } }>;
    const keys = Object.keys(requests);
    expect(keys).toHaveLength(1);
    expect(requests[keys[0]]).toMatchObject({ method: 'elicitation/create', params: { message: 'Delete notes.txt?' } });

    const updated = await send(b, 'tasks/update', { taskId, inputResponses: { [keys[0]]: { action: 'accept', content: { confirm: true } } } });
    expect(updated.error).toBeUndefined();
    const done = await pollTask(b, taskId, (task) => TERMINAL.has(String(task.status)), 30_000);
    expect(done).toMatchObject({ taskId, status: 'completed', result: { content: [{ type: 'text', text: 'deleted notes.txt' }], isError: false } });
    // A sees the same record
    expect((await getTask(a, taskId)).result).toEqual(done);
  });

  it('2025-11-25: a task created through A that elicits: B\'s tasks/result stream sends the elicitation/create, the response POSTed to A resumes the procedure in A, and B\'s tasks/result answers the result; an anonymous tasks/list of either lists nothing (an open endpoint hands out no task ids)', async () => {
    const { a, b } = await twoInstances();
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
    const post = (instance: Instance, message: Record<string, unknown>) => fetch(instance.url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', ...message }) });
    const created = (await (await post(a, { id: 1, method: 'tools/call', params: { name: 'confirm_delete', arguments: { filename: 'plan.md' }, task: {} } })).json()) as { result: { task: { taskId: string } } };
    const taskId = created.result.task.taskId;
    const res = await post(b, { id: 2, method: 'tasks/result', params: { taskId } });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events: Array<Record<string, unknown> & { params?: Record<string, unknown> }> = [];
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines.filter((l) => l.startsWith('data: '))) {
        const message = JSON.parse(line.slice(6)) as (typeof events)[number];
        events.push(message);
        if (message.method === 'elicitation/create') {
          expect(message.params).toMatchObject({ message: 'Delete plan.md?', _meta: { 'io.modelcontextprotocol/related-task': { taskId } } });
          // the response goes to the other instance: the store brings it to A, which runs the procedure
          expect((await post(a, { id: message.id, result: { action: 'accept', content: { confirm: true } } })).status).toBe(202);
        }
      }
    }
    const final = events.find((message) => message.id === 2);
    expect(final).toMatchObject({ result: { content: [{ type: 'text', text: 'deleted plan.md' }], isError: false, _meta: { 'io.modelcontextprotocol/related-task': { taskId } } } });
    expect(events.filter((message) => message.method === 'elicitation/create')).toHaveLength(1);
    const statuses = events.filter((message) => message.method === 'notifications/tasks/status').map((message) => message.params?.status);
    expect(statuses[statuses.length - 1]).toBe('completed'); // the changes B saw while it waited
    // an open endpoint lists nothing to its anonymous callers, on either instance: the task ids are
    // the only key, so a list would hand them to any client (an authenticated caller lists its own:
    // the core tasks tests page one caller's tasks through two instances of one store)
    for (const instance of [a, b]) {
      const listed = (await (await post(instance, { id: 3, method: 'tasks/list', params: {} })).json()) as { result: { tasks: unknown[]; nextCursor?: string } };
      expect(listed.result).toEqual({ tasks: [] });
    }
  });

  it('a task created through A is cancelled through B: the procedure in A is aborted and the task ends cancelled', async () => {
    const { a, b } = await twoInstances();
    const taskId = await createTask(a, 'slow_compute', { seconds: 60, label: 'long' });
    expect((await getTask(b, taskId)).result).toMatchObject({ taskId, status: 'working' });
    const cancelled = await send(b, 'tasks/cancel', { taskId });
    expect(cancelled.error).toBeUndefined();
    // well before the 60 s computation could end
    const done = await pollTask(b, taskId, (task) => TERMINAL.has(String(task.status)), 20_000);
    expect(done).toMatchObject({ taskId, status: 'cancelled' });
    expect(done.result).toBeUndefined();
    // idempotent, and A reads the same state
    expect((await send(b, 'tasks/cancel', { taskId })).error).toBeUndefined();
    expect((await getTask(a, taskId)).result).toMatchObject({ status: 'cancelled' });
  });

  it('A killed with SIGKILL during a task: read through B, the task turns failed with the "stopped" error within the lease', async () => {
    const leaseMs = 1_500;
    const { a, b } = await twoInstances(['--task-lease-ms', String(leaseMs)]);
    const taskId = await createTask(a, 'slow_compute', { seconds: 60 });
    expect((await getTask(b, taskId)).result).toMatchObject({ status: 'working' });
    await new Promise<void>((resolve) => {
      a.child.once('exit', () => resolve());
      a.child.kill('SIGKILL');
    });
    const killedAt = Date.now();
    // the lease expires within leaseMs, B's sweep (every leaseMs / 2) fails the task; the rest is slack for a loaded machine
    const failed = await pollTask(b, taskId, (task) => TERMINAL.has(String(task.status)), leaseMs * 2 + 10_000);
    const tookMs = Date.now() - killedAt;
    expect(failed).toMatchObject({ taskId, status: 'failed', error: { code: TASK_STOPPED_ERROR.code, message: TASK_STOPPED_ERROR.message } });
    expect(failed.error).toEqual(expect.objectContaining({ code: ErrorCodes.InternalError }));
    process.stderr.write(`tasksRedis: the task of the killed instance read failed through B ${tookMs} ms after SIGKILL (lease ${leaseMs} ms)\n`);
  });

  it('over stdio too: a task created through a --stdio instance is stored in the shared Redis but belongs to that connection — an HTTP caller gets -32602 as for an unknown id, the connection itself cancels it; the stdio instance exits 0 when stdin ends', async () => {
    const { b, keyPrefix } = await twoInstances();
    const child = spawn(process.execPath, [join(__dirname, '..', 'dist', 'main.js'), '--stdio', '--task-store', redis!.url, '--task-key-prefix', keyPrefix], { stdio: ['pipe', 'pipe', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const lines = createInterface({ input: child.stdout! });
      const answers = new Map<number, (message: Record<string, unknown>) => void>();
      lines.on('line', (line) => {
        const message = JSON.parse(line) as Record<string, unknown>;
        answers.get(Number(message.id))?.(message);
      });
      const meta = { [META.protocolVersion]: VERSION, [META.clientCapabilities]: { extensions: { [TASKS]: {} } } };
      const overStdio = (id: number, method: string, params: Record<string, unknown>) =>
        new Promise<Record<string, unknown> & { result?: Record<string, unknown>; error?: { code: number } }>((resolve) => {
          answers.set(id, resolve);
          child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } })}\n`);
        });
      const created = await overStdio(1, 'tools/call', { name: 'slow_compute', arguments: { seconds: 60 } });
      expect(created).toMatchObject({ id: 1, result: { resultType: 'task', status: 'working' } });
      const taskId = String(created.result!.taskId);
      expect((await getTask(b, taskId)).error).toMatchObject({ code: -32602 });
      expect((await send(b, 'tasks/cancel', { taskId })).error).toMatchObject({ code: -32602 });
      expect((await overStdio(2, 'tasks/get', { taskId })).result).toMatchObject({ taskId, status: 'working' });
      expect((await overStdio(3, 'tasks/cancel', { taskId })).error).toBeUndefined();
      expect((await overStdio(4, 'tasks/get', { taskId })).result).toMatchObject({ taskId, status: 'cancelled' });
    } finally {
      child.stdin!.end();
    }
    expect(await exited).toBe(0);
  });

  it('SIGTERM of A during a task: A closes its store, which fails the task it ran at once (read through B), and exits 0', async () => {
    const { a, b } = await twoInstances();
    const taskId = await createTask(a, 'slow_compute', { seconds: 60 });
    const code = await new Promise<number | null>((resolve) => {
      a.child.once('exit', (exitCode) => resolve(exitCode));
      a.child.kill('SIGTERM');
    });
    expect(code).toBe(0);
    // no lease has to expire (30 s by default): the task is failed before A exits
    expect((await getTask(b, taskId)).result).toMatchObject({ taskId, status: 'failed', error: { code: TASK_STOPPED_ERROR.code, message: TASK_STOPPED_ERROR.message } });
  });

  it('1,000 concurrent tasks across both instances, answered and cancelled through the other, each settle once: none lost, none duplicated, none changed afterwards', async () => {
    // every caller of these open endpoints is the one anonymous principal: 500 live tasks per instance need a larger share
    const { a, b, keyPrefix } = await twoInstances(['--max-running-tasks-per-principal', '1000']);
    const count = 1_000;
    const startedAt = Date.now();
    // even tasks through A, odd through B, each waiting on its elicitation, so all 1,000 are alive at once;
    // through the other instance, every fourth is cancelled, every fourth (from 2) answered and cancelled at the same time, the rest answered
    const plan = Array.from({ length: count }, (_, i) => ({ i, via: i % 2 === 0 ? a : b, other: i % 2 === 0 ? b : a, fate: i % 4 === 3 ? 'cancel' : i % 4 === 2 ? 'race' : 'answer' }));
    const ids = await pool(plan, 32, ({ i, via }) => createTask(via, 'confirm_delete', { filename: `file${i}` }));
    const createdMs = Date.now() - startedAt;
    expect(new Set(ids).size).toBe(count);

    const waiting = await pool(plan, 32, ({ i, other }) => pollTask(other, ids[i], (task) => task.status !== 'working', 30_000));
    expect(waiting.filter((task) => task.status === 'input_required')).toHaveLength(count);

    const answer = (i: number) => {
      const [key] = Object.keys(waiting[i].inputRequests as Record<string, unknown>);
      return send(plan[i].other, 'tasks/update', { taskId: ids[i], inputResponses: { [key]: { action: 'accept', content: { confirm: true } } } });
    };
    const cancel = (i: number) => send(plan[i].other, 'tasks/cancel', { taskId: ids[i] });
    const replies = await pool(plan, 32, async ({ i, fate }) => (fate === 'answer' ? [await answer(i)] : fate === 'cancel' ? [await cancel(i)] : Promise.all([answer(i), cancel(i)])));
    expect(replies.flat().filter((reply) => reply.error !== undefined)).toEqual([]);

    const settled = await pool(plan, 32, ({ i, other }) => pollTask(other, ids[i], (task) => TERMINAL.has(String(task.status)), 45_000));
    const settledMs = Date.now() - startedAt;
    const deleted = (i: number) => ({ taskId: ids[i], status: 'completed', result: { content: [{ type: 'text', text: `deleted file${i}` }], isError: false } });
    const outcomes = { completed: 0, cancelled: 0 };
    for (const { i, fate } of plan) {
      if (fate === 'answer') expect(settled[i]).toMatchObject(deleted(i));
      else if (fate === 'cancel') expect(settled[i]).toMatchObject({ taskId: ids[i], status: 'cancelled' });
      else if (settled[i].status === 'completed') expect(settled[i]).toMatchObject(deleted(i));
      else expect(settled[i]).toMatchObject({ taskId: ids[i], status: 'cancelled' });
      if (settled[i].status === 'cancelled') expect(settled[i].result).toBeUndefined();
      outcomes[settled[i].status as 'completed' | 'cancelled']++;
    }

    // Redis holds exactly the 1,000 tasks and no live lease: nothing is still running anywhere
    const client = createClient({ url: redis!.url });
    await client.connect();
    try {
      const keys: string[] = [];
      for await (const batch of client.scanIterator({ MATCH: `${keyPrefix}t:*`, COUNT: 1000 })) keys.push(...batch);
      expect(keys.sort()).toEqual(ids.map((id) => `${keyPrefix}t:${id}`).sort());
      expect(await client.zCard(`${keyPrefix}leases`)).toBe(0);
    } finally {
      client.destroy();
    }

    // a terminal state is final: read again through the creating instance, every task is unchanged
    const again = await pool(plan, 32, async ({ i, via }) => (await getTask(via, ids[i])).result);
    expect(again).toEqual(settled);
    process.stderr.write(
      `tasksRedis: ${count} tasks created in ${createdMs} ms, all settled ${settledMs} ms after the first was sent (${outcomes.completed} completed, ${outcomes.cancelled} cancelled; the answered-and-cancelled race: ${plan.filter((p) => p.fate === 'race' && settled[p.i].status === 'completed').length} of ${count / 4} completed)\n`,
    );
  });
});
