/**
 * Two server processes sharing one Redis (a real redis-server): each is a task runner with its
 * own RedisTaskStore, driven over IPC. A task created through A is read, answered and
 * cancelled through B; A killed with SIGKILL during a task leaves it `failed` within the
 * lease; several sweepers fail each expired task once; 1,000 tasks across both, settled by
 * competing transitions, each reach exactly one terminal state.
 */
import { TASK_STOPPED_ERROR } from '@toolwire/core/task-store';
import type { TaskRecord } from '@toolwire/core';
import { startRedis, RedisServer } from '../../../../test-support/redisServer';
import { TaskRunner } from '../helpers/taskRunner';

jest.setTimeout(30_000);

const OWNER = 'https://issuer.example|alice';
const OTHER = 'https://issuer.example|bob';

let redis: RedisServer | undefined;
let prefixes = 0;
const runners: TaskRunner[] = [];

beforeAll(async () => {
  redis = await startRedis();
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

afterAll(async () => {
  await redis?.stop();
});

/** `count` runners connected to the same Redis and key prefix. */
async function instances(count: number, options: Record<string, unknown> = {}): Promise<TaskRunner[]> {
  if (!redis) throw new Error('redis-server did not start (see beforeAll)');
  const keyPrefix = `two${++prefixes}:`;
  const started = Array.from({ length: count }, () => new TaskRunner());
  runners.push(...started);
  await Promise.all(started.map((runner) => runner.connect({ url: redis!.url, keyPrefix, ...options })));
  return started;
}

/** Polls `read` until `done` holds (the state lives in another process: there is no event here to await). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not reached within ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const elicit = { method: 'elicitation/create', params: { mode: 'form', message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } } };

describe('two instances behind one Redis', () => {
  it('a task created through A is read, answered and completed through B, and only its owner sees it', async () => {
    const [a, b] = await instances(2);
    const task = await a.call<TaskRecord>('create', { owner: OWNER, ttlMs: 60_000, pollIntervalMs: 250 });
    expect(await b.call('get', task.taskId, OWNER)).toMatchObject({ taskId: task.taskId, status: 'working', lease: { holder: a.instanceId } });

    expect(await a.call('requireInput', task.taskId, { name: elicit }, 'needs a name')).toBe(true);
    expect(await b.call('get', task.taskId, OWNER)).toMatchObject({ status: 'input_required', inputRequests: { name: elicit } });

    const answer = { action: 'accept', content: { name: 'Luca' } };
    expect(await b.call('update', task.taskId, OTHER, { name: answer })).toBeNull();
    expect(await b.call('update', task.taskId, OWNER, { name: answer })).toMatchObject({ status: 'working', inputResponses: { name: answer } });
    expect(await a.event((event) => event.type === 'input')).toEqual({ type: 'input', taskId: task.taskId, inputResponses: { name: answer } });
    expect(b.events).toEqual([]);

    const result = { content: [{ type: 'text', text: 'Hello, Luca!' }], isError: false };
    expect(await a.call('complete', task.taskId, result)).toBe(true);
    expect(await b.call('get', task.taskId, OWNER)).toMatchObject({ status: 'completed', result });
    expect(await b.call('get', task.taskId, OTHER)).toBeNull();
  });

  it('a cancel through B reaches the task running in A, which settles it cancelled; another owner\'s cancel reaches nothing', async () => {
    const [a, b] = await instances(2, { autoCancel: true });
    const task = await a.call<TaskRecord>('create', { owner: OWNER, ttlMs: 60_000 });
    expect(await b.call('cancel', task.taskId, OTHER)).toBeNull();
    expect(await b.call('cancel', task.taskId, OWNER)).toMatchObject({ status: 'working', cancelRequested: true });
    expect(await a.event((event) => event.type === 'settled')).toEqual({ type: 'settled', taskId: task.taskId, applied: true });
    expect(a.events.filter((event) => event.type === 'cancel')).toEqual([{ type: 'cancel', taskId: task.taskId }]);
    expect(await b.call('get', task.taskId, OWNER)).toMatchObject({ status: 'cancelled', statusMessage: 'cancelled on request' });
    expect(b.events).toEqual([]);
  });

  it('kill -9 of A during a task: the task turns failed once its lease lapses, with a clear error', async () => {
    const leaseMs = 1_000;
    const sweepIntervalMs = 200;
    const [a, b] = await instances(2, { leaseMs, heartbeatMs: 250, sweepIntervalMs });
    const task = await a.call<TaskRecord>('create', { owner: OWNER, ttlMs: 60_000 });
    await a.call('setStatusMessage', task.taskId, 'half way');
    // the task is alive while A is: its heartbeat keeps it working past one lease
    await new Promise((resolve) => setTimeout(resolve, leaseMs + 2 * sweepIntervalMs));
    expect(await b.call('get', task.taskId, OWNER)).toMatchObject({ status: 'working', lease: { holder: a.instanceId } });

    await a.kill9();
    // how soon after the lease it fails is the bench's to measure; here: that it does, by B's sweep
    const failed = await until(() => b.call<TaskRecord>('get', task.taskId, OWNER), (t) => t.status !== 'working', 30_000);
    expect(failed).toMatchObject({ status: 'failed', statusMessage: TASK_STOPPED_ERROR.message, error: { code: -32603, message: 'the server running this task stopped' } });
    expect(failed).not.toHaveProperty('lease');
    expect(await b.call('complete', task.taskId, { content: [], isError: false })).toBe(false);
  });

  it('several instances sweeping at once fail each expired task exactly once', async () => {
    const [a, b, c] = await instances(3, { leaseMs: 60_000, sweepIntervalMs: 60_000 });
    const tasks = await a.many<TaskRecord>('create', Array.from({ length: 200 }, () => [{ owner: OWNER, ttlMs: 60_000 }]));
    await a.many('releaseLease', tasks.map((t) => [t.taskId]));
    const rounds = Array.from({ length: 10 }, () => []);
    const counts = await Promise.all([a.many<number>('sweep', rounds), b.many<number>('sweep', rounds), c.many<number>('sweep', rounds)]);
    expect(counts.flat().reduce((sum, n) => sum + n, 0)).toBe(200);
    const read = await b.many<TaskRecord>('get', tasks.map((t) => [t.taskId, OWNER]));
    expect(read.every((t) => t.status === 'failed')).toBe(true);
  });

  it('1,000 concurrent tasks across both instances: each reaches exactly one terminal state, none lost or duplicated', async () => {
    const [a, b] = await instances(2);
    const init = (i: number) => [{ owner: `owner-${i % 7}`, ttlMs: 120_000 }];
    const [fromA, fromB] = await Promise.all([
      a.many<TaskRecord>('create', Array.from({ length: 500 }, (_, i) => init(i))),
      b.many<TaskRecord>('create', Array.from({ length: 500 }, (_, i) => init(i + 500))),
    ]);
    const tasks = [...fromA, ...fromB];
    expect(new Set(tasks.map((t) => t.taskId)).size).toBe(1_000);

    // every task gets three competing terminal transitions at once, from both processes
    const resultOf = (taskId: string) => ({ content: [{ type: 'text', text: taskId }], isError: false });
    const [completed, cancelled, failed] = await Promise.all([
      a.many<boolean>('complete', tasks.map((t) => [t.taskId, resultOf(t.taskId)])),
      b.many<boolean>('markCancelled', tasks.map((t) => [t.taskId])),
      b.many<boolean>('fail', tasks.map((t) => [t.taskId, { code: -32603, message: 'lost the race' }])),
    ]);
    const winners = tasks.map((_, i) => [completed[i], cancelled[i], failed[i]].filter(Boolean).length);
    expect(winners.every((n) => n === 1)).toBe(true);
    expect(completed.filter(Boolean).length + cancelled.filter(Boolean).length + failed.filter(Boolean).length).toBe(1_000);

    const read = await a.many<TaskRecord | null>('get', tasks.map((t) => [t.taskId, t.owner]));
    read.forEach((task, i) => {
      const expected = completed[i] ? 'completed' : cancelled[i] ? 'cancelled' : 'failed';
      expect(task?.status).toBe(expected);
      if (expected === 'completed') expect(task?.result).toEqual(resultOf(tasks[i].taskId));
    });
  });
});
