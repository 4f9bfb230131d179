/**
 * RateLimitStore: where rate-limit counters live — the interface a store implements (in memory
 * for one process: `MemoryRateLimitStore`; in Redis for a fleet: `RedisRateLimitStore` of
 * `@toolwire/redis`). One call checks every limit that applies to a request at once and counts
 * the request against all of them only when all admit it, so a refused request costs no quota.
 * The algorithm is GCRA (the generic cell rate algorithm, a token bucket kept as one timestamp
 * per key): a limit of `max` per `windowMs` admits a burst of `max`, then one request every
 * `windowMs / max`.
 */

/** One limit to check: a counter key, its window and its quota. */
export interface RateLimitCheck {
  /** The counter's key (the limit, the principal and, per tool, the tool), unique per limit and caller. */
  readonly key: string;
  /** The window, in ms. */
  readonly windowMs: number;
  /** Most requests admitted in any window (the burst). */
  readonly max: number;
}

/** What a store answers for one request. */
export interface RateLimitDecision {
  /** Whether every limit admitted it (then it was counted against each). */
  readonly allowed: boolean;
  /** When refused: ms until the refusing limit admits one more; 0 when allowed. */
  readonly retryAfterMs: number;
  /** When refused: the index (in the checks given) of the limit that refused. */
  readonly refusedBy?: number;
}

/**
 * A store of rate-limit counters. `hit` is atomic per call: concurrent hits of the same keys
 * (from any instance sharing the store) never admit more than the quota together.
 */
export interface RateLimitStore {
  /** Checks `checks` (one or more) and counts the request against all of them when all admit it. */
  hit(checks: readonly RateLimitCheck[]): RateLimitDecision | Promise<RateLimitDecision>;
}

/** The GCRA step of one limit at `now` (ms) for a key whose theoretical arrival time is `tat` (ms; 0 for a new key): the next `tat`, or the wait. */
export function gcra(tat: number, now: number, windowMs: number, max: number): { next: number; waitMs: number } {
  const next = Math.max(tat, now) + windowMs / max;
  const over = next - now - windowMs;
  // windowMs / max is rarely exact: a microsecond of rounding is no reason to refuse
  return { next, waitMs: over > 1e-3 ? Math.ceil(over) : 0 };
}
