/**
 * storeConnection: how the single-connection stores (rate limits, state) check their own options —
 * a key prefix and an `onError` for connection errors after the first connection (default: one
 * line on stderr) — and open their connection through {@link connectRedis}.
 */
import type { RedisClientType } from '@redis/client';
import { connectRedis } from './connectRedis';
import type { RedisConnectionOptions } from './RedisConnectionOptions';

/** The options a single-connection store takes besides the connection's. */
export interface StoreConnectionOptions extends RedisConnectionOptions {
  /** The prefix of its keys. Instances that share the store's data use the same one. */
  readonly keyPrefix?: string;
  /** Receives connection errors after the first connection (default: one line on stderr). */
  readonly onError?: (error: unknown) => void;
}

/** Checks `options` and connects; resolves with the client and the key prefix in force. */
export async function connectStore(owner: string, options: StoreConnectionOptions, defaultPrefix: string): Promise<{ client: RedisClientType; prefix: string }> {
  const { keyPrefix = defaultPrefix, onError = (error: unknown) => console.error(`${owner}: ${error instanceof Error ? error.message : String(error)}`), ...connection } = options;
  if (typeof keyPrefix !== 'string') throw new TypeError(`${owner} option keyPrefix: expected a string, got ${typeof keyPrefix}`);
  if (typeof onError !== 'function') throw new TypeError(`${owner} option onError: expected a function, got ${typeof onError}`);
  const [client] = await connectRedis(owner, connection, onError);
  return { client, prefix: keyPrefix };
}
