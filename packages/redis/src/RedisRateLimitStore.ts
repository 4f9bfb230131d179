/**
 * RedisRateLimitStore: the counters of the `rateLimit` option in Redis, so every instance behind
 * one Redis admits the configured quota in total, not once per instance. Each request is one
 * round trip: one Lua script checks all of its limits with GCRA on Redis's clock and counts it
 * against all of them only when all admit it. A counter is one key that expires when it has run
 * back to empty. While Redis is unreachable `hit` rejects at once (no offline queue), and the
 * rule admits or refuses as its `onStoreError` says.
 *
 * @example
 * const store = await RedisRateLimitStore.connect({ url: 'redis://127.0.0.1:6379' });
 * mcpHandler(decl, defs, { rateLimit: { limits: [{ window: '1m', max: 60, per: 'principal' }], store } });
 */
import type { RedisClientType } from '@redis/client';
import type { RateLimitCheck, RateLimitDecision, RateLimitStore } from '@toolwire/core';
import { connectStore } from './storeConnection';
import type { StoreConnectionOptions } from './storeConnection';
import { RATE_HIT } from './governanceScripts';

/** Options of {@link RedisRateLimitStore.connect}. */
export interface RedisRateLimitStoreOptions extends StoreConnectionOptions {
  /** The prefix of its keys; default `toolwire:rl:`. Instances that share quotas use the same one. */
  readonly keyPrefix?: string;
}

/** The default key prefix of a {@link RedisRateLimitStore}. */
export const DEFAULT_RATE_LIMIT_PREFIX = 'toolwire:rl:';

const ALLOWED: RateLimitDecision = Object.freeze({ allowed: true, retryAfterMs: 0 });

/** Rate-limit counters in Redis; make one with {@link RedisRateLimitStore.connect}. */
export class RedisRateLimitStore implements RateLimitStore {
  private constructor(
    private readonly client: RedisClientType,
    private readonly prefix: string,
  ) {}

  /**
   * Connects to Redis. Rejects as `RedisTaskStore.connect` does: within `connectTimeoutMs`, or at
   * once for errors no retry mends; a `TypeError` names a bad option.
   */
  static async connect(options: RedisRateLimitStoreOptions = {}): Promise<RedisRateLimitStore> {
    const { client, prefix } = await connectStore('RedisRateLimitStore', options, DEFAULT_RATE_LIMIT_PREFIX);
    return new RedisRateLimitStore(client, prefix);
  }

  async hit(checks: readonly RateLimitCheck[]): Promise<RateLimitDecision> {
    const keys = checks.map((check) => `${this.prefix}${check.key}`);
    const args = checks.flatMap((check) => [check.windowMs * 1000, Math.floor((check.windowMs * 1000) / check.max)]);
    const [allowed, waitMs, index] = await RATE_HIT.run<[number, number, number]>(this.client, keys, args);
    return allowed === 1 ? ALLOWED : { allowed: false, retryAfterMs: waitMs, refusedBy: index };
  }

  /** Closes the connection. */
  async close(): Promise<void> {
    await this.client.close();
  }
}

