/**
 * RateLimitOptions: the `rateLimit` option — limits keyed by who is calling (per principal, per
 * principal and tool, or for the whole server), the store their counters live in, what happens
 * when that store fails, and how many proxies stand in front of an open HTTP endpoint — and
 * their one check, which compiles them once for the rule (`dispatch/rules/rateLimit.ts`).
 */
import { durationMs } from './duration';
import { METHOD } from '../protocol/methodNames';
import type { Duration } from './duration';
import { MemoryRateLimitStore } from './MemoryRateLimitStore';
import { problemOf } from './problemOf';
import type { RateLimitStore } from './RateLimitStore';

/** Whose requests one limit counts together. */
export type RateLimitScope = 'principal' | 'principal+tool' | 'global';

/** One limit: at most `max` requests per `window`, counted per `per`. */
export interface RateLimit {
  /** The window: `'1s'`, `'1m'`, `'1h'`, … or ms. */
  readonly window: Duration;
  /** Most requests in any window (also the largest burst). A positive integer. */
  readonly max: number;
  /**
   * Whose requests count together: each principal's (`principal`: a token's issuer and subject —
   * or client id —, a stdio connection, or on an open HTTP endpoint the client's address), each
   * principal's per tool (`principal+tool`), or everyone's (`global`).
   */
  readonly per: RateLimitScope;
  /** The methods it counts (`['tools/call']`); default every request method. */
  readonly methods?: readonly string[];
  /** Only tools/call (and prompts/get) of these names; default every one. Implies `methods: ['tools/call', 'prompts/get']` when `methods` is absent. */
  readonly tools?: readonly string[];
}

/** The `rateLimit` option of a dispatcher (and of every transport). */
export interface RateLimitOptions {
  /** The limits; a request is admitted when every limit that counts it admits it. */
  readonly limits: readonly RateLimit[];
  /** Where the counters live: default a {@link MemoryRateLimitStore} of this process; a `RedisRateLimitStore` (`@toolwire/redis`) shares them across instances. */
  readonly store?: RateLimitStore;
  /**
   * When the store fails (Redis unreachable): `'open'` (default) admits the request, `'closed'`
   * refuses it (-32000, HTTP 503 with `Retry-After: 1`). Either way the failure goes to the error
   * policy (`onError`, else stderr) — once when the store starts failing, not once per request.
   */
  readonly onStoreError?: 'open' | 'closed';
  /**
   * On an open HTTP endpoint (no `auth`), callers are told apart by their address. Behind
   * proxies, the number of them (default 0: the socket's address is the client's): the client's
   * address is then the entry that many from the right of `X-Forwarded-For`. Set it only when
   * every request comes through exactly those proxies — otherwise a client chooses its own key.
   */
  readonly trustProxy?: number;
}

/** One limit compiled. */
export interface CompiledLimit {
  readonly index: number;
  readonly windowMs: number;
  readonly max: number;
  readonly per: RateLimitScope;
  /** The window as given, for messages. */
  readonly window: string;
  readonly methods: ReadonlySet<string> | undefined;
  readonly tools: ReadonlySet<string> | undefined;
}

/** The checked `rateLimit` option. */
export interface ResolvedRateLimit {
  readonly limits: readonly CompiledLimit[];
  readonly store: RateLimitStore;
  readonly failOpen: boolean;
  readonly trustProxy: number;
}

/** The methods a limit with `tools` (and no `methods`) counts. */
const CALL_METHODS: ReadonlySet<string> = new Set([METHOD.toolsCall, METHOD.promptsGet]);

/** Why `value` is not a `rateLimit` option, or `undefined` when it is one. */
export function rateLimitProblem(value: unknown): string | undefined {
  return problemOf(resolveRateLimit, value);
}

/**
 * Checks and compiles the `rateLimit` option.
 * @throws TypeError naming the field, what was expected and what was given.
 */
export function resolveRateLimit(value: unknown): ResolvedRateLimit {
  if (typeof value !== 'object' || value === null) throw new TypeError(`an object { limits, store?, onStoreError?, trustProxy? }, got ${value === null ? 'null' : typeof value}`);
  const { limits, store, onStoreError = 'open', trustProxy = 0, ...rest } = value as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw new TypeError(`no field "${unknown}" (known: limits, store, onStoreError, trustProxy)`);
  if (!Array.isArray(limits) || limits.length === 0) throw new TypeError(`limits: a non-empty array, got ${describe(limits)}`);
  if (store !== undefined && (typeof store !== 'object' || store === null || typeof (store as RateLimitStore).hit !== 'function')) throw new TypeError(`store: a RateLimitStore (an object with hit()), got ${describe(store)}`);
  if (onStoreError !== 'open' && onStoreError !== 'closed') throw new TypeError(`onStoreError: "open" or "closed", got ${describe(onStoreError)}`);
  if (typeof trustProxy !== 'number' || !Number.isSafeInteger(trustProxy) || trustProxy < 0) throw new TypeError(`trustProxy: a non-negative integer, got ${describe(trustProxy)}`);
  return Object.freeze({
    limits: Object.freeze(limits.map((limit: unknown, index) => compile(limit, index))),
    store: (store as RateLimitStore | undefined) ?? new MemoryRateLimitStore(),
    failOpen: onStoreError === 'open',
    trustProxy,
  });
}

function compile(limit: unknown, index: number): CompiledLimit {
  const at = `limits[${index}]`;
  if (typeof limit !== 'object' || limit === null) throw new TypeError(`${at}: an object { window, max, per, methods?, tools? }, got ${describe(limit)}`);
  const { window, max, per, methods, tools } = limit as Record<string, unknown>;
  const windowMs = durationMs(window);
  if (windowMs === undefined) throw new TypeError(`${at}.window: a duration such as "1s", "10m", "1h" (or ms), got ${describe(window)}`);
  if (typeof max !== 'number' || !Number.isSafeInteger(max) || max < 1) throw new TypeError(`${at}.max: a positive integer, got ${describe(max)}`);
  if (per !== 'principal' && per !== 'principal+tool' && per !== 'global') throw new TypeError(`${at}.per: "principal", "principal+tool" or "global", got ${describe(per)}`);
  const names = (field: string, list: unknown): ReadonlySet<string> | undefined => {
    if (list === undefined) return undefined;
    if (!Array.isArray(list) || list.length === 0 || list.some((name) => typeof name !== 'string' || name === '')) throw new TypeError(`${at}.${field}: a non-empty array of names, got ${describe(list)}`);
    return new Set(list as string[]);
  };
  const toolSet = names('tools', tools);
  return Object.freeze({ index, windowMs, max, per, window: String(window), methods: names('methods', methods) ?? (toolSet && CALL_METHODS), tools: toolSet });
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' && value !== null ? 'an object' : String(value);
}
