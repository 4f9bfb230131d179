/**
 * connectRedis: the two connections a Redis-backed toolwire part holds — one for commands, one
 * for pub/sub — made from the shared connection options (`url`, `tls`, `clientOptions`,
 * `connectTimeoutMs`) the same way for the task store and the notification bus: no offline
 * queue (a call fails at once while Redis is unreachable), TLS checked first, errors that no
 * retry mends rejecting at once with their cause, everything else retried until the timeout.
 */
import { ConnectionTimeoutError, createClient } from '@redis/client';
import type { RedisClientOptions, RedisClientType } from '@redis/client';
import { describeCause, failFastStrategy } from './connectFailure';
import { tlsSocketOptions } from './RedisTlsOptions';
import type { RedisTlsOptions } from './RedisTlsOptions';
import { redactRedisUrl } from './redactRedisUrl';

/** How to reach Redis: shared by `RedisTaskStore` and `RedisNotificationBus`. */
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

/** The connected pair. */
export interface RedisConnections {
  readonly client: RedisClientType;
  readonly subscriber: RedisClientType;
}

/**
 * Connects both clients and runs `setup` (subscriptions) before resolving. Until then errors are
 * the reason a rejection gives; afterwards each goes to `onError`.
 * @param owner - who connects, for the messages (`RedisTaskStore`).
 */
export async function connectRedis(owner: string, options: RedisConnectionOptions, onError: (error: unknown) => void, setup: (connections: RedisConnections) => Promise<void>): Promise<RedisConnections> {
  const { url = 'redis://127.0.0.1:6379', tls, clientOptions = {}, connectTimeoutMs = 10_000 } = options;
  if (typeof url !== 'string') throw new TypeError(`${owner} option url: expected a string, got ${typeof url}`);
  if (!Number.isSafeInteger(connectTimeoutMs) || connectTimeoutMs < 1) {
    throw new TypeError(`${owner} option connectTimeoutMs: expected a positive integer, got ${JSON.stringify(connectTimeoutMs)}`);
  }
  const secure = /^rediss:/i.test(url);
  if (tls !== undefined && !secure) throw new TypeError(`${owner} option tls: needs a rediss:// url, got ${JSON.stringify(url.split('//')[0] + '//…')}`);
  const tlsOptions = tls === undefined ? {} : tlsSocketOptions(tls);
  let lastError: unknown;
  let connected = false;
  let fatal: { cause: Error; why: string } | undefined;
  const socket = clientOptions.socket ?? {};
  const reconnectStrategy = failFastStrategy(socket.reconnectStrategy, { secure, clientCertificate: tlsOptions.cert !== undefined || 'cert' in socket }, () => !connected, (cause, why) => (fatal ??= { cause, why }));
  // no offline queue: while Redis is unreachable a call fails at once instead of waiting without bound
  const client = createClient({
    ...clientOptions,
    url,
    disableOfflineQueue: true,
    socket: { ...socket, ...tlsOptions, reconnectStrategy } as RedisClientOptions['socket'],
  }) as RedisClientType;
  const subscriber = client.duplicate() as RedisClientType;
  const reported = (error: unknown): void => {
    if (connected) onError(error);
    else lastError = error;
  };
  client.on('error', reported);
  subscriber.on('error', reported);
  const where = redactRedisUrl(url);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      (async () => {
        await client.connect();
        await subscriber.connect();
        await setup({ client, subscriber });
      })(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const why = lastError instanceof Error ? `: ${lastError.message}` : '';
          // a plain-text Redis never answers a TLS handshake: the attempt only times out
          const hint = secure && (lastError === undefined || lastError instanceof ConnectionTimeoutError) ? ' (no TLS handshake completed: is it a plain-text port? then use redis://)' : '';
          reject(new Error(`${owner}: could not connect to ${where} within ${connectTimeoutMs} ms${why}${hint}`));
        }, connectTimeoutMs);
      }),
    ]);
    connected = true;
  } catch (error) {
    client.destroy();
    subscriber.destroy();
    if (fatal) {
      // node-redis rejects its connect() with the error its strategy gave up on: `error` is fatal.cause
      throw new Error(`${owner}: could not connect to ${where}: ${fatal.why} (${describeCause(fatal.cause)})`, { cause: error });
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { client, subscriber };
}
