/**
 * The rate limit of a bench server process started with `RATE_LIMIT=…` (the rate-limit
 * workloads): one limit per principal on tools/call, high enough never to refuse the bench's
 * load (so the workload measures the check, not refusals) — `memory` in this process's store,
 * `redis` in a RedisRateLimitStore over a redis-server of its own (one Lua round trip per call).
 */
import type { DispatcherOptions } from '@toolwire/core';
import { startRedis } from './benchTaskStore';

/** The dispatcher options of the rate limit `RATE_LIMIT=…` names: none without it. */
export async function rateLimitOptions(env: NodeJS.ProcessEnv = process.env): Promise<Pick<DispatcherOptions, 'rateLimit'>> {
  const kind = env.RATE_LIMIT;
  if (kind === undefined || kind === '') return {};
  if (kind !== 'memory' && kind !== 'redis') throw new RangeError(`RATE_LIMIT must be memory or redis, got ${JSON.stringify(kind)}`);
  // @toolwire/redis loaded only for the Redis store: the memory variant's RSS holds no Redis client
  const store = kind === 'redis' ? await (await import('@toolwire/redis')).RedisRateLimitStore.connect({ url: await startRedis() }) : undefined;
  return { rateLimit: { limits: [{ window: '1s', max: 1_000_000_000, per: 'principal', methods: ['tools/call'] }], ...(store && { store }) } };
}
