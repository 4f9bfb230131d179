/**
 * What only the Redis store has: connecting (a clear rejection within connectTimeoutMs when
 * Redis is not there, no hang when it goes away), scripts surviving a `SCRIPT FLUSH` (EVALSHA
 * falls back to EVAL), key prefixes that keep deployments apart, keys that expire with the
 * task, and the heartbeat delivering a cancel whose pub/sub message was missed.
 */
import { createClient } from '@redis/client';
import type { TaskEvent } from '@toolwire/core';
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
    const started = Date.now();
    const attempt = RedisTaskStore.connect({ url: `redis://user:secret@127.0.0.1:${closed.port}`, connectTimeoutMs: 500, onError: () => undefined });
    await expect(attempt).rejects.toThrow(new RegExp(`could not connect to redis://127\\.0\\.0\\.1:${closed.port} within 500 ms`));
    await expect(attempt).rejects.not.toThrow(/secret/);
    expect(Date.now() - started).toBeLessThan(5_000);
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

  it('delivers a cancel with the next heartbeat when its pub/sub message was missed', async () => {
    const store = await connect('missed:', { leaseMs: 600, heartbeatMs: 100 });
    const task = await store.create({ owner: OWNER, ttlMs: 60_000 });
    const cancel = new Promise<TaskEvent>((resolve) => store.subscribe(resolve));
    // the flag a cancel sets, without its message (as if the subscriber connection had dropped it)
    await raw!.hSet(`missed:t:${task.taskId}`, 'x', '1');
    expect(await cancel).toEqual({ type: 'cancel', taskId: task.taskId });
  });
});
