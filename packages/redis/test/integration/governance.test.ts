/**
 * The governance stores against a real redis-server: two instances (dispatchers, each with its
 * own connections) behind one Redis admit a rate-limit quota in total, not twice; two principals
 * share neither a quota nor state; state remembered through one instance is recalled through the
 * other; entry bounds hold across instances; a Redis restart mid-run fails open (or closed) and
 * is reported once, then limits hold again once Redis is back.
 */
import { RedisRateLimitStore, RedisStateStore } from '@toolwire/redis';
import type { DispatcherOptions } from '@toolwire/core';
import { startRedis, RedisServer } from '../../../../test-support/redisServer';
import { as, call, service, text } from '../../../../test-support/governanceService';

jest.setTimeout(30_000);

let redis: RedisServer | undefined;
let prefixes = 0;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  redis = await startRedis();
});

afterAll(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await redis?.stop();
});

/** `count` instances behind the Redis, sharing a fresh key prefix, each with its own store connections. */
async function fleet(count: number, options: (stores: { rateLimit: RedisRateLimitStore; state: RedisStateStore }) => DispatcherOptions, onError: (error: unknown) => void = () => undefined) {
  const prefix = `gov${++prefixes}:`;
  return Promise.all(
    Array.from({ length: count }, async () => {
      const rateLimit = await RedisRateLimitStore.connect({ url: redis!.url, keyPrefix: `${prefix}rl:`, onError });
      const state = await RedisStateStore.connect({ url: redis!.url, keyPrefix: `${prefix}state:`, onError });
      closers.push(() => rateLimit.close(), () => state.close());
      return service(options({ rateLimit, state }));
    }),
  );
}

describe('RedisRateLimitStore', () => {
  it('two instances admit the quota in total, and another principal has its own', async () => {
    const [a, b] = await fleet(2, ({ rateLimit }) => ({ rateLimit: { limits: [{ window: '1h', max: 3, per: 'principal' }], store: rateLimit } }));
    const outcomes: Array<number | undefined> = [];
    for (let i = 0; i < 8; i++) outcomes.push((await call((i % 2 ? b : a).dispatcher, 'ping_tool', {}, as('alice'))).result.status);
    expect(outcomes).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect((a.runs.get('ping_tool') ?? 0) + (b.runs.get('ping_tool') ?? 0)).toBe(3);
    const refused = await call(b.dispatcher, 'ping_tool', {}, as('alice'));
    expect(Number(refused.result.headers?.['Retry-After'])).toBeGreaterThanOrEqual(1199); // one more every 20 minutes
    expect(refused.reply.error?.data).toEqual({ retryAfterSeconds: Number(refused.result.headers?.['Retry-After']) });
    expect((await call(b.dispatcher, 'ping_tool', {}, as('bob'))).result.status).toBe(200);
  });

  it('admits the quota in total under concurrent calls from both instances', async () => {
    const [a, b] = await fleet(2, ({ rateLimit }) => ({ rateLimit: { limits: [{ window: '1h', max: 10, per: 'global' }], store: rateLimit } }));
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => call((i % 2 ? b : a).dispatcher, 'ping_tool', {}, as(`user${i}`))));
    expect(results.filter((r) => r.result.status === 200)).toHaveLength(10);
  });

  it('fails open while Redis is down (reported once), and counts again once it is back', async () => {
    const down = await startRedis();
    const reports: unknown[] = [];
    const store = await RedisRateLimitStore.connect({ url: down.url, onError: () => undefined });
    closers.push(() => store.close().catch(() => undefined));
    const { dispatcher } = service({ onError: (error) => reports.push(error), rateLimit: { limits: [{ window: '1h', max: 1, per: 'principal' }], store } });
    expect((await call(dispatcher, 'ping_tool', {}, as('alice'))).result.status).toBe(200);
    expect((await call(dispatcher, 'ping_tool', {}, as('alice'))).result.status).toBe(429);
    await down.stop();
    expect((await call(dispatcher, 'ping_tool', {}, as('alice'))).result.status).toBe(200); // open: admitted
    expect((await call(dispatcher, 'ping_tool', {}, as('alice'))).result.status).toBe(200);
    expect(reports.map(String)).toEqual([expect.stringMatching(/rateLimit: the store failed; requests are admitted/)]);
    const back = await startRedis({ port: down.port }); // persistence is off: the counters start empty
    closers.push(() => back.stop());
    await until(async () => (await call(dispatcher, 'ping_tool', {}, as('carol'))).result.status === 200 && (await call(dispatcher, 'ping_tool', {}, as('carol'))).result.status === 429);
  });

  it("fails closed with onStoreError: 'closed' while Redis is down", async () => {
    const down = await startRedis();
    const store = await RedisRateLimitStore.connect({ url: down.url, onError: () => undefined });
    closers.push(() => store.close().catch(() => undefined));
    const { dispatcher, runs } = service({ rateLimit: { limits: [{ window: '1h', max: 5, per: 'principal' }], store, onStoreError: 'closed' } });
    await down.stop();
    expect((await call(dispatcher, 'ping_tool', {}, as('alice'))).result.status).toBe(503);
    expect(runs.get('ping_tool')).toBeUndefined();
  });
});

describe('RedisStateStore', () => {
  it('state remembered through one instance is recalled through the other, and never by another principal', async () => {
    const [a, b] = await fleet(2, ({ state }) => ({ state: { store: state } }));
    expect(text((await call(a.dispatcher, 'remember', { key: 'colour', value: 'teal' }, as('alice'))).reply)).toBe('ok');
    expect(text((await call(b.dispatcher, 'recall', { key: 'colour' }, as('alice'))).reply)).toBe('teal');
    expect(text((await call(b.dispatcher, 'recall', { key: 'colour' }, as('bob'))).reply)).toBe('(nothing)');
  });

  it('holds maxEntries per principal across instances, counting a replaced key once', async () => {
    const [a, b] = await fleet(2, ({ state }) => ({ state: { store: state, maxEntries: 2 } }));
    await call(a.dispatcher, 'remember', { key: 'one', value: '1' }, as('alice'));
    await call(b.dispatcher, 'remember', { key: 'two', value: '2' }, as('alice'));
    expect(text((await call(a.dispatcher, 'remember', { key: 'one', value: 'again' }, as('alice'))).reply)).toBe('ok');
    expect(text((await call(b.dispatcher, 'remember', { key: 'three', value: '3' }, as('alice'))).reply)).toMatch(/already holds maxEntries \(2\)/);
    expect(text((await call(b.dispatcher, 'remember', { key: 'three', value: '3' }, as('bob'))).reply)).toBe('ok');
  });

  it('expires entries on Redis\'s clock and frees their place in the bound', async () => {
    const [a] = await fleet(1, ({ state }) => ({ state: { store: state, maxEntries: 1, ttlMs: 50 } }));
    await call(a.dispatcher, 'remember', { key: 'short', value: 'lived' }, as('alice'));
    await until(async () => text((await call(a.dispatcher, 'recall', { key: 'short' }, as('alice'))).reply) === '(nothing)');
    expect(text((await call(a.dispatcher, 'remember', { key: 'next', value: 'fits' }, as('alice'))).reply)).toBe('ok');
  });
});

/** Polls `done` until it holds (Redis's reconnect and expiry happen elsewhere: there is no event here to await). */
async function until(done: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`condition not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
