/**
 * StateStore: where per-principal state (`ctx.state`) lives — the interface a store implements
 * (in memory for one process: `MemoryStateStore`; in Redis across instances: `RedisStateStore`
 * of `@toolwire/redis`). Entries are JSON texts under (owner, key), each with a time to live; a
 * store holds at most `maxEntries` live entries per owner and refuses one more (the count is
 * kept atomically, so instances sharing a store cannot together exceed it). Owners are principal
 * keys: the store never lists or crosses them.
 */

/** A store of per-principal entries. */
export interface StateStore {
  /** The JSON text under (owner, key), `undefined` when absent or expired. */
  get(owner: string, key: string): Promise<string | undefined> | string | undefined;
  /**
   * Stores `json` under (owner, key) for `ttlMs`. Returns `false` (and stores nothing) when the
   * owner already holds `maxEntries` other live entries.
   */
  set(owner: string, key: string, json: string, ttlMs: number, maxEntries: number): Promise<boolean> | boolean;
  /** Removes (owner, key); `true` when there was a live entry. */
  delete(owner: string, key: string): Promise<boolean> | boolean;
}
