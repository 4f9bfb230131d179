/**
 * MemoryRateLimitStore: rate-limit counters in this process (the default store of the
 * `rateLimit` option) — GCRA, one number per key. Its memory is bounded: a key whose counter has
 * run back to empty is the same as no key, so idle keys are swept (each time the store has
 * doubled since the last sweep, and whenever it passes `maxKeys`), and past `maxKeys` the oldest keys go
 * (those callers then start with a full quota: the store errs towards admitting, never towards
 * growing).
 */
import { gcra } from './RateLimitStore';
import type { RateLimitCheck, RateLimitDecision, RateLimitStore } from './RateLimitStore';

/** Options of a {@link MemoryRateLimitStore}. */
export interface MemoryRateLimitStoreOptions {
  /** Most keys (callers × limits) held at once; default 100,000. */
  readonly maxKeys?: number;
  /** The clock, in ms (default `Date.now`): tests pass their own. */
  readonly now?: () => number;
}

const ALLOWED: RateLimitDecision = Object.freeze({ allowed: true, retryAfterMs: 0 });

/** The default bound of a {@link MemoryRateLimitStore}. */
export const DEFAULT_RATE_LIMIT_KEYS = 100_000;

/**
 * Rate-limit counters in memory, for one process.
 * @example
 * const store = new MemoryRateLimitStore({ maxKeys: 10_000 });
 * new Dispatcher(defs, decl, { rateLimit: { limits: [{ window: '1s', max: 5, per: 'principal' }], store } });
 */
export class MemoryRateLimitStore implements RateLimitStore {
  /** Each key's theoretical arrival time (ms), oldest key first. */
  private readonly tats = new Map<string, number>();
  private readonly maxKeys: number;
  private readonly now: () => number;
  /** The size after the last sweep: the next sweep comes when the map has grown by half again. */
  private swept = 0;

  /** @throws TypeError for a `maxKeys` that is not a positive integer or a `now` that is not a function. */
  constructor(options: MemoryRateLimitStoreOptions = {}) {
    const { maxKeys = DEFAULT_RATE_LIMIT_KEYS, now = Date.now } = options;
    if (!Number.isSafeInteger(maxKeys) || maxKeys < 1) throw new TypeError(`MemoryRateLimitStore option maxKeys: expected a positive integer, got ${String(maxKeys)}`);
    if (typeof now !== 'function') throw new TypeError(`MemoryRateLimitStore option now: expected a function, got ${typeof now}`);
    this.maxKeys = maxKeys;
    this.now = now;
  }

  /** How many keys are held (for tests and metrics). */
  get size(): number {
    return this.tats.size;
  }

  hit(checks: readonly RateLimitCheck[]): RateLimitDecision {
    const now = this.now();
    let nexts: number[] | undefined;
    for (let i = 0; i < checks.length; i++) {
      const { key, windowMs, max } = checks[i];
      const { next, waitMs } = gcra(this.tats.get(key) ?? 0, now, windowMs, max);
      if (waitMs > 0) return { allowed: false, retryAfterMs: waitMs, refusedBy: i };
      (nexts ??= []).push(next);
    }
    // an update keeps the key's place (a delete and re-insert on every hit costs a Map more than the check itself)
    for (let i = 0; i < checks.length; i++) this.tats.set(checks[i].key, nexts![i]);
    if (this.tats.size > this.maxKeys || this.tats.size > Math.max(this.swept * 2, 1024)) this.sweep(now);
    return ALLOWED;
  }

  /** Forgets keys whose counter is back to empty, then, when still over `maxKeys`, the oldest down to 90 % of it (so a full store does not sweep on every new key). */
  private sweep(now: number): void {
    for (const [key, tat] of this.tats) if (tat <= now) this.tats.delete(key);
    if (this.tats.size > this.maxKeys) {
      const keep = Math.floor(this.maxKeys * 0.9);
      for (const key of this.tats.keys()) {
        if (this.tats.size <= keep) break;
        this.tats.delete(key);
      }
    }
    this.swept = this.tats.size;
  }
}
