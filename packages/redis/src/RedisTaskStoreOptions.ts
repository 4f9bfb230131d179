/**
 * RedisTaskStoreOptions: what a RedisTaskStore is told — where Redis is, the key prefix its
 * keys and channels share, how many expired leases one sweep handles, how many tasks it holds — besides the options
 * every task store has (instance id, lease, heartbeat, sweep interval, onError), and the TLS
 * options of a `rediss://` Redis.
 */
import type { TaskStoreOptions } from '@toolwire/core';
import type { RedisConnectionOptions } from './connectRedis';

/** Options of `RedisTaskStore.connect()`. */
export interface RedisTaskStoreOptions extends TaskStoreOptions, RedisConnectionOptions {
  /** The prefix of every key and channel; default `toolwire:tasks:`. Instances that share tasks use the same one. */
  readonly keyPrefix?: string;
  /** Most expired leases one sweep fails; default 1,000. */
  readonly sweepBatch?: number;
  /**
   * Most tasks the store holds at once, of every owner and every instance sharing the key
   * prefix; default 100,000. When full, the oldest finished task of the owner creating one goes
   * (never another owner's); when there is none, `create` rejects with a `RangeError`.
   */
  readonly maxTasks?: number;
}

/** The default bound of a RedisTaskStore (every instance's tasks together). */
export const DEFAULT_REDIS_MAX_TASKS = 100_000;

/** The default key prefix. */
export const DEFAULT_KEY_PREFIX = 'toolwire:tasks:';
