/**
 * RedisConnectionOptions: where a toolwire Redis store connects and how — the URL, TLS, further
 * node-redis options, how long to wait — shared by every store of this package (tasks, rate
 * limits, state), checked once by {@link connectRedis}.
 */
import type { RedisClientOptions } from '@redis/client';
import type { RedisTlsOptions } from './RedisTlsOptions';

/** How a store reaches Redis. */
export interface RedisConnectionOptions {
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
  /**
   * How long `connect()` waits for Redis before it rejects, in ms; default 10,000. Errors that
   * no retry mends (TLS certificates, a TLS client on a plain-text port or the reverse) reject sooner.
   */
  readonly connectTimeoutMs?: number;
}
