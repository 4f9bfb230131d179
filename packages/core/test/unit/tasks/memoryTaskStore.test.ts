/**
 * What only the memory store and core's task helpers have: 128-bit base64url ids from Web
 * Crypto, the bound on held tasks (expired first, then the oldest terminal, then a refusal),
 * checked options, and timers that never keep a process alive. The contract both stores share
 * is tested in packages/redis/test/integration/taskStoreContract.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { createTaskId, isTaskId, resolveTaskStoreOptions, TASK_ID_BYTES } from '@toolwire/core/task-store';
import { MemoryTaskStore } from '@toolwire/core';

const OWNER = 'issuer|alice';
const stores: MemoryTaskStore[] = [];
const make = (options?: ConstructorParameters<typeof MemoryTaskStore>[0]) => {
  const store = new MemoryTaskStore(options);
  stores.push(store);
  return store;
};

afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

describe('createTaskId', () => {
  it('makes 22 base64url characters carrying 128 random bits, all distinct over 10,000 ids', () => {
    expect(TASK_ID_BYTES * 8).toBeGreaterThanOrEqual(128);
    const ids = Array.from({ length: 10_000 }, createTaskId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 100)) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
      expect(isTaskId(id)).toBe(true);
    }
    // every position varies (no fixed prefix, counter or timestamp)
    for (let i = 0; i < 21; i++) expect(new Set(ids.map((id) => id[i])).size).toBeGreaterThan(32);
  });

  it('takes its bits from crypto.getRandomValues', () => {
    const spy = jest.spyOn(globalThis.crypto, 'getRandomValues');
    createTaskId();
    expect(spy).toHaveBeenCalledWith(expect.any(Uint8Array));
    expect((spy.mock.calls[0][0] as Uint8Array).length).toBe(16);
    spy.mockRestore();
  });

  it('recognises only ids of its shape', () => {
    expect(isTaskId('short')).toBe(false);
    expect(isTaskId('A'.repeat(23))).toBe(false);
    expect(isTaskId('AAAAAAAAAAAAAAAAAAAAA=')).toBe(false);
    expect(isTaskId(42)).toBe(false);
  });
});

describe('MemoryTaskStore bound (maxTasks)', () => {
  it('refuses a new task with a RangeError when every held task is live', async () => {
    const store = make({ maxTasks: 3 });
    for (let i = 0; i < 3; i++) await store.create({ owner: OWNER, ttlMs: null });
    await expect(store.create({ owner: OWNER, ttlMs: null })).rejects.toThrow(RangeError);
    expect(store.size).toBe(3);
  });

  it('makes room by dropping expired tasks first, then the oldest terminal one', async () => {
    const store = make({ maxTasks: 3 });
    const short = await store.create({ owner: OWNER, ttlMs: 30 });
    const first = await store.create({ owner: OWNER, ttlMs: null });
    const second = await store.create({ owner: OWNER, ttlMs: null });
    await store.complete(first.taskId, { content: [], isError: false });
    await store.complete(second.taskId, { content: [], isError: false });
    await new Promise((resolve) => setTimeout(resolve, 60));
    const third = await store.create({ owner: OWNER, ttlMs: null });
    expect(await store.get(short.taskId, OWNER)).toBeUndefined();
    expect((await store.get(first.taskId, OWNER))?.status).toBe('completed');
    await store.create({ owner: OWNER, ttlMs: null });
    expect(await store.get(first.taskId, OWNER)).toBeUndefined();
    expect((await store.get(second.taskId, OWNER))?.status).toBe('completed');
    expect((await store.get(third.taskId, OWNER))?.status).toBe('working');
    expect(store.size).toBe(3);
  });

  it('frees a place only within the owner that needs it: another owner\'s finished results stay until their time to live', async () => {
    const store = make({ maxTasks: 3 });
    const theirs = await store.create({ owner: 'issuer|bob', ttlMs: null });
    await store.complete(theirs.taskId, { content: [], isError: false });
    const mine = [await store.create({ owner: OWNER, ttlMs: null }), await store.create({ owner: OWNER, ttlMs: null })];
    await expect(store.create({ owner: OWNER, ttlMs: null })).rejects.toThrow(/full \(3 tasks, maxTasks, and none of this owner's is finished\)/);
    expect((await store.get(theirs.taskId, 'issuer|bob'))?.status).toBe('completed');
    await store.complete(mine[0].taskId, { content: [], isError: false });
    await store.create({ owner: OWNER, ttlMs: null });
    expect(await store.get(mine[0].taskId, OWNER)).toBeUndefined();
    expect((await store.get(theirs.taskId, 'issuer|bob'))?.status).toBe('completed');
  });
});

describe('task store options', () => {
  it('fills in the defaults: a 30 s lease, renewed every 10 s, swept every 15 s, 1,000 tasks per owner, results of 1 MiB', () => {
    const options = resolveTaskStoreOptions();
    expect(options).toMatchObject({ leaseMs: 30_000, heartbeatMs: 10_000, sweepIntervalMs: 15_000, maxTasksPerOwner: 1000, maxTaskResultBytes: 1_048_576 });
    expect(isTaskId(options.instanceId)).toBe(true);
  });

  it('refuses bad options with an error naming them', () => {
    expect(() => new MemoryTaskStore({ maxTasks: 0 })).toThrow(/maxTasks/);
    expect(() => new MemoryTaskStore({ maxTasksPerOwner: 1.5 })).toThrow(/maxTasksPerOwner: expected a positive integer \(tasks\)/);
    expect(() => new MemoryTaskStore({ maxTaskResultBytes: -1 })).toThrow(/maxTaskResultBytes: expected a positive integer \(bytes\)/);
    expect(() => new MemoryTaskStore({ leaseMs: 0 })).toThrow(/leaseMs/);
    expect(() => new MemoryTaskStore({ leaseMs: 100, heartbeatMs: 200 })).toThrow(/heartbeatMs/);
    expect(() => new MemoryTaskStore({ instanceId: 'has space' })).toThrow(/instanceId/);
    expect(() => new MemoryTaskStore({ onError: 'log' as unknown as () => void })).toThrow(/onError/);
  });

  it('reports a listener that throws to onError and still delivers to the other listeners', async () => {
    const errors: unknown[] = [];
    const store = make({ onError: (error) => errors.push(error) });
    const task = await store.create({ owner: OWNER, ttlMs: null });
    store.subscribe(() => {
      throw new Error('listener broke');
    });
    const delivered = new Promise((resolve) => store.subscribe(resolve));
    await store.cancel(task.taskId, OWNER);
    expect(await delivered).toEqual({ type: 'cancel', taskId: task.taskId });
    expect(errors).toEqual([new Error('listener broke')]);
  });
});

describe('MemoryTaskStore timers', () => {
  it('never keep a process alive: a script that makes a store and never closes it exits at once', () => {
    const root = join(__dirname, '..', '..', '..');
    // execFileSync's timeout fails the test if the process stays alive
    const out = execFileSync(process.execPath, ['-e', `const { MemoryTaskStore } = require('@toolwire/core');
      const store = new MemoryTaskStore({ leaseMs: 60000 });
      store.create({ owner: 'o', ttlMs: null }).then((t) => process.stdout.write(t.status));`], { cwd: root, encoding: 'utf8', timeout: 10_000 });
    expect(out).toBe('working');
  });
});
