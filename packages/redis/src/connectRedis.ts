/**
 * connectRedis: the one way this package's stores open node-redis connections — options checked
 * (a `TypeError` names a bad one), no offline queue (while Redis is unreachable a command fails
 * at once instead of waiting without bound), the first connection given up within
 * `connectTimeoutMs` with the last error, or at once for errors no retry mends (`connectFailure`),
 * the password never named. After the first connection, errors go to the store's `onError` and
 * node-redis reconnects with its back-off.
 */
import { ConnectionTimeoutError, createClient } from '@redis/client';
import type { RedisClientOptions, RedisClientType } from '@redis/client';
import { describeCause, failFastStrategy } from './connectFailure';
import type { RedisConnectionOptions } from './RedisConnectionOptions';
import { tlsSocketOptions } from './RedisTlsOptions';
import { redactRedisUrl } from './redactRedisUrl';

/**
 * Connects `1 + duplicates` clients to one Redis (a store that subscribes needs a second one).
 * @param owner - the store, for messages (`RedisTaskStore`).
 * @param onError - receives connection errors once connected.
 */
export async function connectRedis(owner: string, options: RedisConnectionOptions, onError: (error: unknown) => void, duplicates = 0): Promise<RedisClientType[]> {
  const { url = 'redis://127.0.0.1:6379', tls, clientOptions = {}, connectTimeoutMs = 10_000 } = options;
  if (typeof url !== 'string') throw new TypeError(`${owner} option url: expected a string, got ${typeof url}`);
  if (!Number.isSafeInteger(connectTimeoutMs) || connectTimeoutMs < 1) {
    throw new TypeError(`${owner} option connectTimeoutMs: expected a positive integer, got ${JSON.stringify(connectTimeoutMs)}`);
  }
  const secure = /^rediss:/i.test(url);
  if (tls !== undefined && !secure) throw new TypeError(`${owner} option tls: needs a rediss:// url, got ${JSON.stringify(url.split('//')[0] + '//…')}`);
  const tlsOptions = tls === undefined ? {} : tlsSocketOptions(tls);
  // until every connection is up, errors are the reason connect() will give, not reports
  let lastError: unknown;
  let connected = false;
  let fatal: { cause: Error; why: string } | undefined;
  const socket = clientOptions.socket ?? {};
  const reconnectStrategy = failFastStrategy(socket.reconnectStrategy, { secure, clientCertificate: tlsOptions.cert !== undefined || 'cert' in socket }, () => !connected, (cause, why) => (fatal ??= { cause, why }));
  const first = createClient({
    ...clientOptions,
    url,
    disableOfflineQueue: true,
    socket: { ...socket, ...tlsOptions, reconnectStrategy } as RedisClientOptions['socket'],
  }) as RedisClientType;
  const clients = [first, ...Array.from({ length: duplicates }, () => first.duplicate() as RedisClientType)];
  const routed = (error: unknown): void => {
    if (connected) onError(error);
    else lastError = error;
  };
  for (const client of clients) client.on('error', routed);
  const where = redactRedisUrl(url);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      (async () => {
        for (const client of clients) await client.connect();
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
    for (const client of clients) client.destroy();
    if (fatal) {
      // node-redis rejects its connect() with the error its strategy gave up on: `error` is fatal.cause
      throw new Error(`${owner}: could not connect to ${where}: ${fatal.why} (${describeCause(fatal.cause)})`, { cause: error });
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return clients;
}
