/**
 * The TaskStore contract, one table run against both stores: MemoryTaskStore and RedisTaskStore
 * (on a real redis-server, over plain TCP and over TLS — `rediss://` with a throwaway CA and a
 * client certificate the server requires). Durable creation, owners, atomic and final transitions, input
 * requests and answers, cancels, leases with the heartbeat and the sweep, time to live.
 */
import { MemoryTaskStore } from '@toolwire/core';
import { TASK_STOPPED_ERROR } from '@toolwire/core/task-store';
import type { TaskEvent } from '@toolwire/core/task-store';
import type { TaskStore, TaskStoreOptions } from '@toolwire/core';
import { RedisTaskStore } from '@toolwire/redis';
import type { RedisTaskStoreOptions } from '@toolwire/redis';
import { startRedis, RedisServer } from '../../../../test-support/redisServer';
import { createTestCertificates, TestCertificates } from '../../../../test-support/testCertificates';

jest.setTimeout(20_000);

let redis: RedisServer | undefined;
let tlsRedis: RedisServer | undefined;
let certificates: TestCertificates | undefined;
let prefixes = 0;
const open: TaskStore[] = [];

beforeAll(async () => {
  certificates = await createTestCertificates();
  [redis, tlsRedis] = await Promise.all([startRedis(), startRedis({ tls: { certificates, authClients: 'yes' } })]);
});

afterAll(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
  await Promise.all([redis?.stop(), tlsRedis?.stop()]);
  await certificates?.remove();
});

/** Where a RedisTaskStore of the table connects: the plain-text server, or the TLS one with the CA and a client certificate. */
function redisTarget(secure: boolean): Pick<RedisTaskStoreOptions, 'url' | 'tls'> {
  if (!redis || !tlsRedis || !certificates) throw new Error('redis-server did not start (see beforeAll)');
  if (!secure) return { url: redis.url };
  return { url: tlsRedis.url, tls: { ca: certificates.caPem, cert: certificates.clientCertPem, key: certificates.clientKeyPem } };
}

const redisFactory = (secure: boolean): Factory => async (options, shared) =>
  track(await RedisTaskStore.connect({ ...options, ...redisTarget(secure), keyPrefix: shared ?? `contract${++prefixes}:`, onError: () => undefined }));

/** The options of the table: every store's, and the global bound both stores have (`maxTasks`). */
type Factory = (options?: TaskStoreOptions & { maxTasks?: number }, shared?: string) => Promise<TaskStore>;

const factories: [string, Factory][] = [
  ['MemoryTaskStore', async (options) => track(new MemoryTaskStore(options))],
  ['RedisTaskStore', redisFactory(false)],
  ['RedisTaskStore over TLS (rediss://, client certificate)', redisFactory(true)],
];

function track<T extends TaskStore>(store: T): T {
  open.push(store);
  return store;
}

/** The next event of `store` that matches. */
function nextEvent(store: TaskStore, match: (event: TaskEvent) => boolean): Promise<TaskEvent> {
  return new Promise((resolve) => {
    const stop = store.subscribe((event) => {
      if (!match(event)) return;
      stop();
      resolve(event);
    });
  });
}

const ALICE = 'https://issuer.example|alice';
const MALLORY = 'https://issuer.example|mallory';
const RESULT = { content: [{ type: 'text', text: 'done' }], isError: false };
const elicit = (message: string) => ({ method: 'elicitation/create', params: { mode: 'form', message, requestedSchema: { type: 'object', properties: {} } } });

describe.each(factories)('%s', (_name, make) => {
  it('stores a task before create resolves: get finds it at once, working, with its fields and a lease held by this instance', async () => {
    const store = await make();
    const before = Date.now();
    const task = await store.create({ owner: ALICE, ttlMs: 60_000, pollIntervalMs: 500, statusMessage: 'started' });
    expect(task.taskId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const read = await store.get(task.taskId, ALICE);
    expect(read).toEqual(task);
    expect(read).toMatchObject({ owner: ALICE, status: 'working', statusMessage: 'started', ttlMs: 60_000, pollIntervalMs: 500, cancelRequested: false, inputRequests: {}, inputResponses: {} });
    expect(Date.parse(read!.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(read!.lastUpdatedAt).toBe(read!.createdAt);
    expect(read!.lease?.holder).toBe(store.instanceId);
  });

  it('keeps ttlMs null (no expiry) and leaves pollIntervalMs and statusMessage out when not given', async () => {
    const store = await make();
    const task = await store.create({ owner: ALICE, ttlMs: null });
    const read = await store.get(task.taskId, ALICE);
    expect(read?.ttlMs).toBeNull();
    expect(read).not.toHaveProperty('pollIntervalMs');
    expect(read).not.toHaveProperty('statusMessage');
  });

  it('answers get, update and cancel by another owner exactly like an unknown id, and leaves the task as it was', async () => {
    const store = await make();
    const task = await store.create({ owner: ALICE, ttlMs: 60_000 });
    await store.requireInput(task.taskId, { name: elicit('Your name?') });
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAA';
    expect(await store.get(task.taskId, MALLORY)).toBe(await store.get(unknown, MALLORY));
    expect(await store.get(task.taskId, MALLORY)).toBeUndefined();
    expect(await store.update(task.taskId, MALLORY, { name: { action: 'accept' } })).toBeUndefined();
    expect(await store.update(unknown, ALICE, { name: { action: 'accept' } })).toBeUndefined();
    expect(await store.cancel(task.taskId, MALLORY)).toBeUndefined();
    expect(await store.cancel(unknown, ALICE)).toBeUndefined();
    expect(await store.get('not an id at all', ALICE)).toBeUndefined();
    const read = await store.get(task.taskId, ALICE);
    expect(read).toMatchObject({ status: 'input_required', cancelRequested: false, inputResponses: {} });
  });

  it('completes once: the result is stored for its owner, and every later terminal transition is refused', async () => {
    const store = await make();
    const task = await store.create({ owner: ALICE, ttlMs: 60_000 });
    expect(await store.complete(task.taskId, RESULT, 'all done')).toBe(true);
    expect(await store.complete(task.taskId, { content: [], isError: true })).toBe(false);
    expect(await store.fail(task.taskId, { code: -32603, message: 'late' })).toBe(false);
    expect(await store.markCancelled(task.taskId)).toBe(false);
    expect(await store.requireInput(task.taskId, { more: elicit('more?') })).toBe(false);
    expect(await store.setStatusMessage(task.taskId, 'changed')).toBe(false);
    const read = await store.get(task.taskId, ALICE);
    expect(read).toMatchObject({ status: 'completed', statusMessage: 'all done', result: RESULT });
    expect(read).not.toHaveProperty('lease');
    expect(read).not.toHaveProperty('error');
    expect(await store.get(task.taskId, MALLORY)).toBeUndefined();
  });

  it('fails with the JSON-RPC error (code, message, data) and refuses a second terminal transition', async () => {
    const store = await make();
    const task = await store.create({ owner: ALICE, ttlMs: 60_000 });
    expect(await store.fail(task.taskId, { code: -32603, message: 'API rate limit exceeded', data: { retryAfter: 3 } }, 'Tool execution failed')).toBe(true);
    expect(await store.complete(task.taskId, RESULT)).toBe(false);
    expect(await store.get(task.taskId, ALICE)).toMatchObject({ status: 'failed', statusMessage: 'Tool execution failed', error: { code: -32603, message: 'API rate limit exceeded', data: { retryAfter: 3 } } });
  });

  it('keeps results exactly, large integers and unicode included', async () => {
    const store = await make();
    const task = await store.create({ owner: ALICE, ttlMs: 60_000 });
    const result = { content: [{ type: 'text', text: 'héllo \u{1F600} "quoted"\n' }], structuredContent: { big: 9007199254740991, small: 1e-7, list: [] , empty: {} }, isError: false };
    await store.complete(task.taskId, result);
    expect((await store.get(task.taskId, ALICE))?.result).toEqual(result);
  });

  it('asks for input, merges partial and repeated answers (unknown and already answered keys ignored) and is working again when all are answered', async () => {
    const store = await make();
    const task = await store.create({ owner: ALICE, ttlMs: 60_000 });
    expect(await store.requireInput(task.taskId, { name: elicit('Your name?'), city: elicit('Your city?') }, 'waiting')).toBe(true);
    expect(await store.get(task.taskId, ALICE)).toMatchObject({ status: 'input_required', statusMessage: 'waiting', inputRequests: { name: elicit('Your name?'), city: elicit('Your city?') } });

    const input = nextEvent(store, (event) => event.type === 'input');
    const partial = await store.update(task.taskId, ALICE, { name: { action: 'accept', content: { name: 'Luca' } }, bogus: { action: 'accept' } });
    expect(partial).toMatchObject({ status: 'input_required', inputRequests: { city: elicit('Your city?') }, inputResponses: { name: { action: 'accept', content: { name: 'Luca' } } } });
    expect(await input).toEqual({ type: 'input', taskId: task.taskId, inputResponses: { name: { action: 'accept', content: { name: 'Luca' } } } });

    const again = await store.update(task.taskId, ALICE, { name: { action: 'decline' } });
    expect(again?.inputResponses).toEqual({ name: { action: 'accept', content: { name: 'Luca' } } });
    expect(again?.status).toBe('input_required');

    const last = await store.update(task.taskId, ALICE, { city: { action: 'accept', content: { city: 'Rome' } } });
    expect(last).toMatchObject({ status: 'working', inputRequests: {} });
    expect(Object.keys(last!.inputResponses).sort()).toEqual(['city', 'name']);
  });

  it('refuses an input request key the task used before (keys are unique for its life)', async () => {
    const store = await make();
    const task = await store.create({ owner: ALICE, ttlMs: 60_000 });
    await store.requireInput(task.taskId, { name: elicit('Your name?') });
    await store.update(task.taskId, ALICE, { name: { action: 'accept' } });
    await expect(store.requireInput(task.taskId, { name: elicit('Again?') })).rejects.toThrow(RangeError);
    expect(await store.requireInput(task.taskId, { name2: elicit('Again?') })).toBe(true);
  });

  it('cancel marks the task and tells the running instance, which settles it cancelled; a cancel of a terminal task changes nothing', async () => {
    const store = await make();
    const task = await store.create({ owner: ALICE, ttlMs: 60_000 });
    const cancel = nextEvent(store, (event) => event.type === 'cancel');
    const marked = await store.cancel(task.taskId, ALICE);
    expect(marked).toMatchObject({ status: 'working', cancelRequested: true });
    expect(await cancel).toEqual({ type: 'cancel', taskId: task.taskId });
    expect(await store.markCancelled(task.taskId, 'stopped on request')).toBe(true);
    expect(await store.complete(task.taskId, RESULT)).toBe(false);
    const done = await store.get(task.taskId, ALICE);
    expect(done).toMatchObject({ status: 'cancelled', statusMessage: 'stopped on request' });
    expect(await store.cancel(task.taskId, ALICE)).toEqual(done);
  });

  it('cancels at once a task no live instance runs', async () => {
    const store = await make();
    const task = await store.create({ owner: ALICE, ttlMs: 60_000 });
    expect(await store.releaseLease(task.taskId)).toBe(true);
    expect(await store.cancel(task.taskId, ALICE)).toMatchObject({ status: 'cancelled', cancelRequested: true });
  });

  it('sweeps a task whose lease ended: failed with the "server stopped" error, exactly once', async () => {
    const store = await make({ leaseMs: 60_000, sweepIntervalMs: 60_000 });
    const task = await store.create({ owner: ALICE, ttlMs: 60_000 });
    const other = await store.create({ owner: ALICE, ttlMs: 60_000 });
    expect(await store.releaseLease(task.taskId)).toBe(true);
    expect(await store.releaseLease(task.taskId)).toBe(false);
    expect(await store.sweep()).toBe(1);
    expect(await store.sweep()).toBe(0);
    expect(await store.get(task.taskId, ALICE)).toMatchObject({ status: 'failed', statusMessage: TASK_STOPPED_ERROR.message, error: { code: -32603, message: 'the server running this task stopped' } });
    expect(await store.complete(task.taskId, RESULT)).toBe(false);
    expect((await store.get(other.taskId, ALICE))?.status).toBe('working');
  });

  it('renews the lease of a running task with its heartbeat, so it outlives leaseMs and is not swept', async () => {
    const store = await make({ leaseMs: 300, heartbeatMs: 60, sweepIntervalMs: 50 });
    const task = await store.create({ owner: ALICE, ttlMs: 60_000 });
    const first = task.lease!.expiresAt;
    // the lease must outlive several of its own lengths: this waits for time itself, there is no event
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const read = await store.get(task.taskId, ALICE);
    expect(read?.status).toBe('working');
    expect(read!.lease!.expiresAt).toBeGreaterThan(first + 500);
    expect(await store.renewLease(task.taskId)).toBe(true);
  });

  it('forgets a task after its time to live: get answers it like an unknown id', async () => {
    const store = await make();
    const task = await store.create({ owner: ALICE, ttlMs: 150 });
    await store.complete(task.taskId, RESULT);
    expect((await store.get(task.taskId, ALICE))?.status).toBe('completed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await store.get(task.taskId, ALICE)).toBeUndefined();
    expect(await store.cancel(task.taskId, ALICE)).toBeUndefined();
  });

  it('lists an owner\'s tasks oldest first in pages: each page\'s next continues it, the last has none', async () => {
    const store = await make();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push((await store.create({ owner: ALICE, ttlMs: 60_000, statusMessage: `task ${i}` })).taskId);
      await store.create({ owner: MALLORY, ttlMs: 60_000 });
    }
    await store.complete(ids[1], RESULT);
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await store.list(ALICE, 3, after);
      expect(page.tasks.length).toBeLessThanOrEqual(3);
      for (const task of page.tasks) expect(task.owner).toBe(ALICE);
      seen.push(...page.tasks.map((task) => task.taskId));
      after = page.next;
      pages++;
    } while (after !== undefined);
    expect(seen).toEqual(ids);
    expect(pages).toBe(3);
    const all = await store.list(ALICE, 100);
    expect(all.next).toBeUndefined();
    expect(all.tasks.map((task) => [task.statusMessage, task.status])).toEqual(ids.map((_, i) => [`task ${i}`, i === 1 ? 'completed' : 'working']));
    expect(all.tasks[1].result).toEqual(RESULT);
    expect((await store.list('https://issuer.example|nobody', 10)).tasks).toEqual([]);
  });

  it('lists neither expired tasks nor, after them, anything twice; a position whose task expired still continues the list', async () => {
    const store = await make();
    const short = await store.create({ owner: ALICE, ttlMs: 150 });
    const long = [await store.create({ owner: ALICE, ttlMs: 60_000 }), await store.create({ owner: ALICE, ttlMs: null })];
    const first = await store.list(ALICE, 1);
    expect(first.tasks.map((task) => task.taskId)).toEqual([short.taskId]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const rest = await store.list(ALICE, 10, first.next);
    expect(rest.tasks.map((task) => task.taskId)).toEqual(long.map((task) => task.taskId));
    expect(rest.next).toBeUndefined();
    expect((await store.list(ALICE, 10)).tasks.map((task) => task.taskId)).toEqual(long.map((task) => task.taskId));
  });

  it('refuses a list position it did not make with a RangeError, and bad list arguments with a TypeError', async () => {
    const store = await make();
    await store.create({ owner: ALICE, ttlMs: 60_000 });
    for (const after of ['', 'abc', '-1', '1:', ':x', '12:not-an-id!', '9'.repeat(40), 'x'.repeat(300)]) {
      await expect(store.list(ALICE, 10, after)).rejects.toThrow(RangeError);
    }
    await expect(store.list(ALICE, 0)).rejects.toThrow(/limit/);
    await expect(store.list(ALICE, 1.5)).rejects.toThrow(TypeError);
    await expect(store.list(7 as unknown as string, 1)).rejects.toThrow(/owner/);
    await expect(store.list(ALICE, 1, 7 as unknown as string)).rejects.toThrow(/after/);
  });

  it('bounds an owner\'s tasks (maxTasksPerOwner): frees a place only from that owner\'s finished tasks, else refuses with a RangeError', async () => {
    const store = await make({ maxTasksPerOwner: 2 });
    const first = await store.create({ owner: ALICE, ttlMs: 60_000 });
    const second = await store.create({ owner: ALICE, ttlMs: null });
    await expect(store.create({ owner: ALICE, ttlMs: 60_000 })).rejects.toThrow(/this owner has 2 live tasks \(maxTasksPerOwner\)/);
    const theirs = await store.create({ owner: MALLORY, ttlMs: 60_000 }); // another owner has places of its own
    await store.complete(theirs.taskId, RESULT);
    await store.complete(first.taskId, RESULT);
    const third = await store.create({ owner: ALICE, ttlMs: 60_000 });
    expect(await store.get(first.taskId, ALICE)).toBeUndefined(); // her oldest finished task made the room
    expect((await store.get(second.taskId, ALICE))?.status).toBe('working');
    expect((await store.get(third.taskId, ALICE))?.status).toBe('working');
    expect((await store.get(theirs.taskId, MALLORY))?.status).toBe('completed');
    expect((await store.list(ALICE, 10)).tasks.map((task) => task.taskId)).toEqual([second.taskId, third.taskId]);
  });

  it('bounds all tasks (maxTasks): when full, only the creating owner\'s oldest finished task goes — another owner\'s results stay', async () => {
    const store = await make({ maxTasks: 3 });
    const theirs = await store.create({ owner: MALLORY, ttlMs: 60_000 });
    await store.complete(theirs.taskId, RESULT);
    const mine = [await store.create({ owner: ALICE, ttlMs: 60_000 }), await store.create({ owner: ALICE, ttlMs: null })];
    await expect(store.create({ owner: ALICE, ttlMs: 60_000 })).rejects.toThrow(/full \(3 tasks, maxTasks, and none of this owner's is finished\)/);
    expect((await store.get(theirs.taskId, MALLORY))?.status).toBe('completed');
    await store.complete(mine[0].taskId, RESULT);
    await store.create({ owner: ALICE, ttlMs: 60_000 });
    expect(await store.get(mine[0].taskId, ALICE)).toBeUndefined();
    expect((await store.get(theirs.taskId, MALLORY))?.status).toBe('completed');
  });

  it('keeps no result over maxTaskResultBytes (UTF-8 bytes of its JSON): the task fails with -32603 naming the limit', async () => {
    const store = await make({ maxTaskResultBytes: 1024 });
    const task = await store.create({ owner: ALICE, ttlMs: 60_000 });
    // 600 characters of 2 bytes each: within 1,024 code units, over 1,024 bytes
    expect(await store.complete(task.taskId, { content: [{ type: 'text', text: 'é'.repeat(600) }], isError: false })).toBe(true);
    const read = await store.get(task.taskId, ALICE);
    expect(read).toMatchObject({ status: 'failed', error: { code: -32603, message: expect.stringMatching(/^Task result too large: \d+ bytes, more than maxTaskResultBytes \(1024\)/) } });
    expect(read).not.toHaveProperty('result');
    expect(await store.complete(task.taskId, RESULT)).toBe(false); // settled: final
    const small = await store.create({ owner: ALICE, ttlMs: 60_000 });
    expect(await store.complete(small.taskId, { content: [{ type: 'text', text: 'e'.repeat(900) }], isError: false })).toBe(true);
    expect((await store.get(small.taskId, ALICE))?.status).toBe('completed');
  });

  it('refuses bad arguments with a TypeError naming them', async () => {
    const store = await make();
    await expect(store.create({ owner: ALICE, ttlMs: 0 })).rejects.toThrow(/ttlMs/);
    await expect(store.create({ owner: ALICE, ttlMs: 1.5 })).rejects.toThrow(TypeError);
    await expect(store.create({ owner: 7 as unknown as string, ttlMs: null })).rejects.toThrow(/owner/);
    const task = await store.create({ owner: ALICE, ttlMs: 60_000 });
    await expect(store.complete(task.taskId, [] as unknown as Record<string, unknown>)).rejects.toThrow(/result/);
    await expect(store.fail(task.taskId, { message: 'no code' } as unknown as { code: number; message: string })).rejects.toThrow(/JSON-RPC error/);
    await expect(store.requireInput(task.taskId, {})).rejects.toThrow(/inputRequests/);
    await expect(store.update(task.taskId, ALICE, 'yes' as unknown as Record<string, never>)).rejects.toThrow(/inputResponses/);
    expect((await store.get(task.taskId, ALICE))?.status).toBe('working');
  });

  it('close fails the tasks this instance still runs (they cannot finish without it)', async () => {
    const shared = `close${++prefixes}:`;
    const store = await make({}, shared);
    const task = await store.create({ owner: ALICE, ttlMs: 60_000 });
    const reader = store instanceof MemoryTaskStore ? undefined : await make({}, shared);
    await store.close();
    if (reader) expect(await reader.get(task.taskId, ALICE)).toMatchObject({ status: 'failed', error: TASK_STOPPED_ERROR });
    else await expect(store.create({ owner: ALICE, ttlMs: null })).rejects.toThrow(/closed/);
  });
});
