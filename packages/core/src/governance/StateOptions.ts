/**
 * StateOptions: the `state` option — where `ctx.state` lives, how large its values and how many
 * per principal, how long they live by default, and whether a caller known only by its
 * connection (stdio's one user) gets state — checked once when the dispatcher is made.
 */
import { MemoryStateStore } from './MemoryStateStore';
import { problemOf } from './problemOf';
import type { StateStore } from './StateStore';

/** The `state` option of a dispatcher (and of every transport). */
export interface StateOptions {
  /** Where state lives: default a {@link MemoryStateStore} of this process; a `RedisStateStore` (`@toolwire/redis`) shares it across instances. */
  readonly store?: StateStore;
  /** Largest value (its JSON text, UTF-8 bytes); default 65,536. */
  readonly maxValueBytes?: number;
  /** Most entries per principal (handles and their entries included); default 100. */
  readonly maxEntries?: number;
  /** How long an entry lives unless `set` says otherwise, in ms; default 86,400,000 (a day). */
  readonly ttlMs?: number;
  /**
   * Whether a caller without a token but with a connection of its own — stdio's one user — gets
   * state (keyed by that connection, so it lasts as long as the process). Default false: only
   * callers named by a verified token have state; others get a clear error.
   */
  readonly allowConnection?: boolean;
}

/** The checked `state` option. */
export interface ResolvedState {
  /** Made on first use when not given. */
  readonly store: () => StateStore;
  readonly maxValueBytes: number;
  readonly maxEntries: number;
  readonly ttlMs: number;
  readonly allowConnection: boolean;
}

/** The longest a key may be, in UTF-16 code units. */
export const MAX_STATE_KEY_LENGTH = 256;

/**
 * Checks the `state` option (absent: the defaults).
 * @throws TypeError naming the field, what was expected and what was given.
 */
export function resolveState(value: unknown): ResolvedState {
  if (value !== undefined && (typeof value !== 'object' || value === null)) throw new TypeError(`an object { store?, maxValueBytes?, maxEntries?, ttlMs?, allowConnection? }, got ${value === null ? 'null' : typeof value}`);
  const { store, maxValueBytes = 65_536, maxEntries = 100, ttlMs = 86_400_000, allowConnection = false, ...rest } = (value ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw new TypeError(`no field "${unknown}" (known: store, maxValueBytes, maxEntries, ttlMs, allowConnection)`);
  const isStore = (v: unknown): v is StateStore => typeof v === 'object' && v !== null && ['get', 'set', 'delete'].every((m) => typeof (v as Record<string, unknown>)[m] === 'function');
  if (store !== undefined && !isStore(store)) throw new TypeError('store: a StateStore (an object with get, set and delete)');
  for (const [name, n] of [['maxValueBytes', maxValueBytes], ['maxEntries', maxEntries], ['ttlMs', ttlMs]] as const) {
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) throw new TypeError(`${name}: a positive integer, got ${String(n)}`);
  }
  if (typeof allowConnection !== 'boolean') throw new TypeError(`allowConnection: a boolean, got ${typeof allowConnection}`);
  let made: StateStore | undefined = store as StateStore | undefined;
  return Object.freeze({
    store: () => (made ??= new MemoryStateStore()),
    maxValueBytes: maxValueBytes as number,
    maxEntries: maxEntries as number,
    ttlMs: ttlMs as number,
    allowConnection,
  });
}

/** Why `value` is not a `state` option, or `undefined`. */
export function stateProblem(value: unknown): string | undefined {
  return problemOf(resolveState, value);
}
