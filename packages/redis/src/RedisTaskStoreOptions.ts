/**
 * RedisTaskStoreOptions: what a RedisTaskStore is told — where Redis is, the key prefix its
 * keys and channels share, how many expired leases one sweep handles, how many tasks it holds — besides the options
 * every task store has (instance id, lease, heartbeat, sweep interval, onError), and the TLS
 * options of a `rediss://` Redis.
 */
import type { RedisClientOptions } from '@redis/client';
import type { TaskStoreOptions } from '@toolwire/core';
import type { RedisTlsOptions } from './RedisTlsOptions';

/** Options of `RedisTaskStore.connect()`. */
export interface RedisTaskStoreOptions extends TaskStoreOptions {
  /** The Redis URL (`redis://[[user]:password@]host[:port][/db]`, `rediss://` for TLS); default `redis://127.0.0.1:6379`. */
  readonly url?: string;
  /**
   * TLS to a `rediss://` URL: the CA (PEM) that signed the server's certificate, a client
   * certificate and key, the host name to verify. Checked by `connect()` (a `TypeError` names a
   * bad field); an untrusted or misnamed certificate makes `connect()` reject at once, naming the cause.
   */
  readonly tls?: RedisTlsOptions;
  /** Further node-redis client options (socket, credentials); `url` and `tls` win over theirs. */
  readonly clientOptions?: Omit<RedisClientOptions, 'url'>;
  /** The prefix of every key and channel; default `toolwire:tasks:`. Instances that share tasks use the same one. */
  readonly keyPrefix?: string;
  /**
   * How long `connect()` waits for Redis before it rejects, in ms; default 10,000. Errors that
   * no retry mends (TLS certificates, a TLS client on a plain-text port or the reverse) reject sooner.
   */
  readonly connectTimeoutMs?: number;
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
