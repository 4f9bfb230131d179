/**
 * MemoryStateStore: per-principal state in this process (the default store of `ctx.state`).
 * Expired entries go when read, and when their owner stores more; past `maxOwners` owners or
 * `maxBytes` of values in all, the owners used least recently go first (so one caller cannot
 * make the store grow without bound, and never evicts an entry of the owner storing).
 */
import type { StateStore } from './StateStore';

/** Options of a {@link MemoryStateStore}. */
export interface MemoryStateStoreOptions {
  /** Most principals with state at once; default 10,000. */
  readonly maxOwners?: number;
  /** Most bytes of values (UTF-16 code units × 2) in all; default 64 MiB. */
  readonly maxBytes?: number;
  /** The clock, in ms (default `Date.now`): tests pass their own. */
  readonly now?: () => number;
}

interface Entry {
  readonly json: string;
  readonly expires: number;
}

/**
 * Per-principal state in memory, for one process.
 * @example new Dispatcher(defs, decl, { state: { store: new MemoryStateStore({ maxOwners: 1000 }) } })
 */
export class MemoryStateStore implements StateStore {
  /** Entries by owner, owners least recently used first. */
  private readonly owners = new Map<string, Map<string, Entry>>();
  private bytes = 0;
  private readonly maxOwners: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  /** @throws TypeError for a bound that is not a positive integer or a `now` that is not a function. */
  constructor(options: MemoryStateStoreOptions = {}) {
    const { maxOwners = 10_000, maxBytes = 64 * 1024 * 1024, now = Date.now } = options;
    for (const [name, value] of [['maxOwners', maxOwners], ['maxBytes', maxBytes]] as const) {
      if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`MemoryStateStore option ${name}: expected a positive integer, got ${String(value)}`);
    }
    if (typeof now !== 'function') throw new TypeError(`MemoryStateStore option now: expected a function, got ${typeof now}`);
    this.maxOwners = maxOwners;
    this.maxBytes = maxBytes;
    this.now = now;
  }

  get(owner: string, key: string): string | undefined {
    const entries = this.owners.get(owner);
    const entry = entries?.get(key);
    if (!entries || !entry) return undefined;
    if (entry.expires <= this.now()) {
      this.remove(owner, entries, key, entry);
      return undefined;
    }
    this.touch(owner, entries);
    return entry.json;
  }

  set(owner: string, key: string, json: string, ttlMs: number, maxEntries: number): boolean {
    const now = this.now();
    let entries = this.owners.get(owner);
    if (!entries) entries = new Map();
    const old = entries.get(key);
    if (!old && entries.size >= maxEntries) {
      for (const [k, entry] of entries) if (entry.expires <= now) this.remove(owner, entries, k, entry);
      if (entries.size >= maxEntries) return false;
    }
    if (old) this.bytes -= old.json.length * 2;
    entries.set(key, { json, expires: now + ttlMs });
    this.bytes += json.length * 2;
    this.touch(owner, entries);
    this.evict(owner);
    return true;
  }

  delete(owner: string, key: string): boolean {
    const entries = this.owners.get(owner);
    const entry = entries?.get(key);
    if (!entries || !entry) return false;
    this.remove(owner, entries, key, entry);
    return entry.expires > this.now();
  }

  private remove(owner: string, entries: Map<string, Entry>, key: string, entry: Entry): void {
    entries.delete(key);
    this.bytes -= entry.json.length * 2;
    if (entries.size === 0) this.owners.delete(owner);
  }

  /** Marks `owner` used now (the end of the least-recently-used order). */
  private touch(owner: string, entries: Map<string, Entry>): void {
    this.owners.delete(owner);
    this.owners.set(owner, entries);
  }

  /** Drops the least recently used owners (never `keep`) while over a bound. */
  private evict(keep: string): void {
    for (const [owner, entries] of this.owners) {
      if (this.owners.size <= this.maxOwners && this.bytes <= this.maxBytes) return;
      if (owner === keep) continue;
      for (const entry of entries.values()) this.bytes -= entry.json.length * 2;
      this.owners.delete(owner);
    }
  }
}
