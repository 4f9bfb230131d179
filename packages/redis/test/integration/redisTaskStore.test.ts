/**
 * What only the Redis store has: connecting (a clear rejection within connectTimeoutMs when
 * Redis is not there, no hang when it goes away), scripts surviving a `SCRIPT FLUSH` (EVALSHA
 * falls back to EVAL), key prefixes that keep deployments apart, keys that expire with the
 * task, the heartbeat delivering a cancel whose pub/sub message was missed, and `list` across
 * instances with an owner index that stays no larger than the tasks.
 */
import { createClient } from '@redis/client';
import type { TaskEvent } from '@toolwire/core/task-store';
import { RedisTaskStore } from '@toolwire/redis';
import { startRedis, RedisServer } from '../../../../test-support/redisServer';

jest.setTimeout(20_000);

const OWNER = 'https://issuer.example|alice';
let redis: RedisServer | undefined;
let raw: ReturnType<typeof createClient> | undefined;
const stores: RedisTaskStore[] = [];

beforeAll(async () => {
  redis = await startRedis();
  raw = createClient({ url: redis.url });
  await raw.connect();
});

afterAll(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
  await raw?.close();
  await redis?.stop();
});

async function connect(keyPrefix: string, options: object = {}): Promise<RedisTaskStore> {
  if (!redis) throw new Error('redis-server did not start (see beforeAll)');
  const store = await RedisTaskStore.connect({ url: redis.url, keyPrefix, onError: () => undefined, ...options });
  stores.push(store);
  return store;
}

describe('RedisTaskStore', () => {
  it('rejects connect within connectTimeoutMs, naming the address without its password, when nothing listens there', async () => {
    const closed = await startRedis();
    await closed.stop();
    const attempt = RedisTaskStore.connect({ url: `redis://user:secret@127.0.0.1:${closed.port}`, connectTimeoutMs: 500, onError: () => undefined });
    await expect(attempt).rejects.toThrow(new RegExp(`could not connect to redis://127\\.0\\.0\\.1:${closed.port} within 500 ms`));
    await expect(attempt).rejects.not.toThrow(/secret/);
  });

  it('names the address without any part of a password holding "@", ":" and "%40"', async () => {
    const closed = await startRedis();
    await closed.stop();
    const attempt = RedisTaskStore.connect({ url: `redis://user:p@ss:w%40rd@127.0.0.1:${closed.port}`, connectTimeoutMs: 300, onError: () => undefined });
    await expect(attempt).rejects.toThrow(new RegExp(`could not connect to redis://127\\.0\\.0\\.1:${closed.port} within 300 ms`));
    await expect(attempt).rejects.not.toThrow(/user|ss|w%40rd|w@rd/);
  });

  it('rejects connect at once, naming the cause and not the password, when Redis refuses the credentials or wants a password', async () => {
    const guarded = await startRedis({ requirePass: 's3cret-pass' });
    try {
      const attempt = async (url: string) => {
        const started = Date.now();
        const outcome = await RedisTaskStore.connect({ url, onError: () => undefined }).then(
          async (store) => {
            await store.close();
            return 'connected';
          },
          (error: Error) => error.message,
        );
        return { outcome, ms: Date.now() - started };
      };
      const wrong = await attempt(`redis://:not-the-pass@127.0.0.1:${guarded.port}`);
      expect(wrong.outcome).toMatch(/refused the user name or password.*WRONGPASS/);
      expect(wrong.outcome).not.toMatch(/not-the-pass/);
      const none = await attempt(guarded.url);
      expect(none.outcome).toMatch(/requires a password.*NOAUTH/);
      // at once, not after connectTimeoutMs (10 s): no retry changes Redis's answer
      expect(Math.max(wrong.ms, none.ms)).toBeLessThan(3_000);
      expect((await attempt(`redis://:s3cret-pass@127.0.0.1:${guarded.port}`)).outcome).toBe('connected');
    } finally {
      await guarded.stop();
    }
  });

  it('refuses bad options with a TypeError', async () => {
    await expect(RedisTaskStore.connect({ sweepBatch: 0 })).rejects.toThrow(/sweepBatch/);
    await expect(RedisTaskStore.connect({ leaseMs: -1 })).rejects.toThrow(/leaseMs/);
    await expect(RedisTaskStore.connect({ leaseMs: 1000, heartbeatMs: 1000 })).rejects.toThrow(/heartbeatMs/);
  });

  it('fails a call at once, instead of hanging, when Redis goes away', async () => {
    const doomed = await startRedis();
    const store = await RedisTaskStore.connect({ url: doomed.url, onError: () => undefined });
    const task = await store.create({ owner: OWNER, ttlMs: 60_000 });
    await doomed.stop();
    await expect(store.get(task.taskId, OWNER)).rejects.toThrow();
    await store.close();
  });

  it('keeps working after SCRIPT FLUSH (a restarted Redis): EVALSHA falls back to EVAL', async () => {
    const store = await connect('flush:');
    const task = await store.create({ owner: OWNER, ttlMs: 60_000 });
    await raw!.sendCommand(['SCRIPT', 'FLUSH']);
    expect(await store.complete(task.taskId, { content: [], isError: false })).toBe(true);
    expect((await store.get(task.taskId, OWNER))?.status).toBe('completed');
  });

  it('keeps deployments with different key prefixes apart', async () => {
    const one = await connect('one:');
    const two = await connect('two:');
    const task = await one.create({ owner: OWNER, ttlMs: 60_000 });
    expect(await two.get(task.taskId, OWNER)).toBeUndefined();
    expect(await two.complete(task.taskId, { content: [], isError: false })).toBe(false);
    expect((await one.get(task.taskId, OWNER))?.status).toBe('working');
  });

  it('stores a task as one hash that expires with the task\'s time to live, and none for ttlMs null', async () => {
    const store = await connect('ttl:');
    const timed = await store.create({ owner: OWNER, ttlMs: 60_000 });
    const forever = await store.create({ owner: OWNER, ttlMs: null });
    const ttl = await raw!.pTTL(`ttl:t:${timed.taskId}`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await raw!.pTTL(`ttl:t:${forever.taskId}`)).toBe(-1);
  });

  it('lists every instance\'s tasks in the order they were created, through any instance sharing the prefix', async () => {
    const a = await connect('listShared:');
    const b = await connect('listShared:');
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await (i % 2 ? b : a).create({ owner: OWNER, ttlMs: 60_000 })).taskId);
    for (const store of [a, b]) {
      const first = await store.list(OWNER, 4);
      const rest = await (store === a ? b : a).list(OWNER, 4, first.next);
      expect([...first.tasks, ...rest.tasks].map((task) => task.taskId)).toEqual(ids);
      expect(rest.next).toBeUndefined();
    }
  });

  it('keeps an owner\'s list index no larger than its tasks: expired ids leave it, and it expires with the longest-lived task', async () => {
    const store = await connect('listIndex:');
    for (let i = 0; i < 5; i++) await store.create({ owner: OWNER, ttlMs: 150 });
    const index = `listIndex:o:${OWNER}`;
    expect(await raw!.zCard(index)).toBe(5);
    expect(await raw!.pTTL(index)).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await raw!.exists(index)).toBe(0);
    // expired ids behind a live one leave when a list passes them
    const live = await store.create({ owner: OWNER, ttlMs: 60_000 });
    for (let i = 0; i < 4; i++) await store.create({ owner: OWNER, ttlMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await store.list(OWNER, 10)).tasks.map((task) => task.taskId)).toEqual([live.taskId]);
    expect(await raw!.zCard(index)).toBe(1);
    expect(await raw!.pTTL(index)).toBeGreaterThan(50_000);
    await store.create({ owner: OWNER, ttlMs: null });
    expect(await raw!.pTTL(index)).toBe(-1);
  });

  it('ends a list page early after looking at 1,000 expired ids, with a next that continues past them', async () => {
    // maxTasksPerOwner above 1,100: create would otherwise clean the owner's index of the dead ids first
    const store = await connect('listScan:', { maxTasksPerOwner: 2000 });
    // 1,100 ids of tasks that are gone, then one live task
    const gone = Array.from({ length: 1_100 }, (_, i) => ({ score: i + 1, value: `AAAAAAAAAAAAAAAAAAA${String(i).padStart(3, '0')}` }));
    await raw!.zAdd(`listScan:o:${OWNER}`, gone);
    await raw!.set('listScan:seq', 1_100);
    const live = await store.create({ owner: OWNER, ttlMs: 60_000 });
    const first = await store.list(OWNER, 10);
    expect(first.tasks).toEqual([]);
    expect(first.next).toBe('1002');
    const second = await store.list(OWNER, 10, first.next);
    expect(second.tasks.map((task) => task.taskId)).toEqual([live.taskId]);
    expect(second.next).toBeUndefined();
    expect(await raw!.zCard(`listScan:o:${OWNER}`)).toBe(1);
  });

  it('makes room past a page of its owner\'s index: dead ids dropped on the way, the oldest finished task found on the next page', async () => {
    const store = await connect('roomScan:', { maxTasks: 150 });
    const tasks = [];
    for (let i = 0; i < 150; i++) tasks.push(await store.create({ owner: OWNER, ttlMs: 60_000 }));
    // 30 ids of tasks that are gone, older than all of them: the first page holds them and 70 live tasks
    await raw!.zAdd(`roomScan:o:${OWNER}`, Array.from({ length: 30 }, (_, i) => ({ score: i / 100, value: `AAAAAAAAAAAAAAAAAAAA${String(i).padStart(2, '0')}` })));
    await store.complete(tasks[79].taskId, { content: [], isError: false });
    const next = await store.create({ owner: OWNER, ttlMs: 60_000 });
    expect(await store.get(tasks[79].taskId, OWNER)).toBeUndefined();
    expect((await store.get(next.taskId, OWNER))?.status).toBe('working');
    expect(await raw!.zCard(`roomScan:o:${OWNER}`)).toBe(150);
    await expect(store.create({ owner: OWNER, ttlMs: 60_000 })).rejects.toThrow(/full \(150 tasks, maxTasks/);
  });

  it('delivers a cancel with the next heartbeat when its pub/sub message was missed', async () => {
    const store = await connect('missed:', { leaseMs: 600, heartbeatMs: 100 });
    const task = await store.create({ owner: OWNER, ttlMs: 60_000 });
    const cancel = new Promise<TaskEvent>((resolve) => store.subscribe(resolve));
    // the flag a cancel sets, without its message (as if the subscriber connection had dropped it)
    await raw!.hSet(`missed:t:${task.taskId}`, 'x', '1');
    expect(await cancel).toEqual({ type: 'cancel', taskId: task.taskId });
  });
});
