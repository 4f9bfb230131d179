/**
 * RedisStateStore: per-principal state (`ctx.state`) in Redis, so what a caller stored through
 * one instance is read through any other. Each entry is one key with Redis's own expiry; each
 * principal has an index (a sorted set of its live entries by expiry) that the set script reads
 * and writes atomically with the entry, so instances together never let a principal hold more
 * than `maxEntries`. A get is one GET, a set or delete one script — one round trip each.
 *
 * @example
 * const store = await RedisStateStore.connect({ url: 'redis://127.0.0.1:6379' });
 * mcpHandler(decl, defs, { auth, state: { store } });
 */
import type { RedisClientType } from '@redis/client';
import type { StateStore } from '@toolwire/core';
import { connectStore } from './storeConnection';
import type { StoreConnectionOptions } from './storeConnection';
import { STATE_DELETE, STATE_SET } from './governanceScripts';

/** Options of {@link RedisStateStore.connect}. */
export interface RedisStateStoreOptions extends StoreConnectionOptions {
  /** The prefix of its keys; default `toolwire:state:`. Instances that share state use the same one. */
  readonly keyPrefix?: string;
}

/** The default key prefix of a {@link RedisStateStore}. */
export const DEFAULT_STATE_PREFIX = 'toolwire:state:';

/** Per-principal state in Redis; make one with {@link RedisStateStore.connect}. */
export class RedisStateStore implements StateStore {
  private constructor(
    private readonly client: RedisClientType,
    private readonly prefix: string,
  ) {}

  /** Connects to Redis; rejects as `RedisTaskStore.connect` does. */
  static async connect(options: RedisStateStoreOptions = {}): Promise<RedisStateStore> {
    const { client, prefix } = await connectStore('RedisStateStore', options, DEFAULT_STATE_PREFIX);
    return new RedisStateStore(client, prefix);
  }

  async get(owner: string, key: string): Promise<string | undefined> {
    return (await this.client.get(this.entryKey(owner, key))) ?? undefined;
  }

  async set(owner: string, key: string, json: string, ttlMs: number, maxEntries: number): Promise<boolean> {
    return (await STATE_SET.run<number>(this.client, [this.entryKey(owner, key), this.indexKey(owner)], [key, json, ttlMs, maxEntries])) === 1;
  }

  async delete(owner: string, key: string): Promise<boolean> {
    return (await STATE_DELETE.run<number>(this.client, [this.entryKey(owner, key), this.indexKey(owner)], [key])) === 1;
  }

  /** Closes the connection. */
  async close(): Promise<void> {
    await this.client.close();
  }

  // an owner is a principal's key, a JSON array: self-delimiting, so owner + key is never another owner's key
  private entryKey(owner: string, key: string): string {
    return `${this.prefix}e:${owner}${key}`;
  }

  private indexKey(owner: string): string {
    return `${this.prefix}i:${owner}`;
  }
}
