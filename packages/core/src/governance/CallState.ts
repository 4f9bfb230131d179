/**
 * CallState: `ctx.state` — a procedure's state that follows its caller (the principal) across
 * stateless requests and, with a shared store, across instances: get, set with a time to live,
 * delete, and handles. Every key lives under the caller's principal, so one principal never
 * reads another's. A handle (`createHandle()`) names a separate namespace within it, for tools
 * that hold several conversations; a handle presented by a principal that did not create it is
 * refused. A caller no token names gets a {@link StateUnavailableError} (unless the server
 * allows connections: stdio), values over `maxValueBytes` or one entry past `maxEntries` a
 * {@link StateLimitError} — both `isError` results the model can read.
 */
import { RemotingFault } from '../faults/RemotingFault';
import { brand } from '../brand';
import type { Principal } from '../auth/Principal';
import { MAX_STATE_KEY_LENGTH } from './StateOptions';
import type { ResolvedState } from './StateOptions';
import type { StateStore } from './StateStore';

/** Options of {@link CallState.set}. */
export interface StateSetOptions {
  /** How long the entry lives, in ms (default: the `state` option's `ttlMs`). */
  readonly ttlMs?: number;
}

/** Per-principal state, as a procedure sees it (`ctx.state`). */
export interface CallState {
  /**
   * The value stored under `key`, `undefined` when there is none (or it expired).
   * @example const cart = (await ctx.state.get<string[]>('cart')) ?? [];
   */
  get<T = unknown>(key: string): Promise<T | undefined>;
  /**
   * Stores a JSON-serializable value under `key` for `ttlMs`.
   * @throws StateLimitError (rejects) when the value is over `maxValueBytes` or the caller holds `maxEntries` entries.
   * @example await ctx.state.set('cart', [...cart, item], { ttlMs: 3_600_000 });
   */
  set(key: string, value: unknown, options?: StateSetOptions): Promise<void>;
  /** Removes `key`; resolves `true` when there was a value. */
  delete(key: string): Promise<boolean>;
  /**
   * A new handle: an id the tool returns to the model and takes back later; {@link handle} opens its namespace.
   * @example const id = await ctx.state.createHandle(); return { conversation: id };
   */
  createHandle(options?: StateSetOptions): Promise<string>;
  /**
   * The state of handle `id`, which this principal created.
   * @throws StateUnavailableError (rejects) for a handle this principal did not create (another's, an expired or a made-up one).
   */
  handle(id: string): Promise<CallState>;
}

/** `ctx.state` is not available to this caller: no token names it. */
export class StateUnavailableError extends RemotingFault {}
brand(StateUnavailableError, 'StateUnavailableError');

/** A `ctx.state` write over a bound (`maxValueBytes`, `maxEntries`). */
export class StateLimitError extends RemotingFault {}
brand(StateLimitError, 'StateLimitError');

const HANDLE_PATTERN = /^h_[0-9a-f]{32}$/;

/** The `ctx.state` of `principal`, under the resolved `state` option. */
export function callState(principal: Principal, options: ResolvedState): CallState {
  const allowed = principal.kind === 'token' || (principal.kind === 'connection' && options.allowConnection);
  if (!allowed) return new Unavailable(principal.kind === 'connection' ? 'this caller is known only by its connection (pass state: { allowConnection: true } to give it state)' : 'the caller is anonymous (the endpoint has no auth option)');
  return new PrincipalState(options.store(), principal.key, '', options);
}

/** State under one owner and a key prefix (`''`, or a handle's). */
class PrincipalState implements CallState {
  constructor(
    private readonly store: StateStore,
    private readonly owner: string,
    private readonly prefix: string,
    private readonly options: ResolvedState,
  ) {}

  async get<T>(key: string): Promise<T | undefined> {
    const json = await this.store.get(this.owner, this.keyOf(key));
    return json === undefined ? undefined : (JSON.parse(json) as T);
  }

  async set(key: string, value: unknown, options?: StateSetOptions): Promise<void> {
    const full = this.keyOf(key);
    let json: string | undefined;
    try {
      json = JSON.stringify(value);
    } catch (error) {
      throw new TypeError(`ctx.state.set: expected a JSON-serializable value (${(error as Error).message})`, { cause: error });
    }
    if (json === undefined) throw new TypeError(`ctx.state.set: expected a JSON-serializable value, got ${typeof value} (use delete to remove a key)`);
    const bytes = new TextEncoder().encode(json).length;
    if (bytes > this.options.maxValueBytes) throw new StateLimitError(`ctx.state: the value of ${JSON.stringify(key)} is ${bytes} bytes, more than maxValueBytes (${this.options.maxValueBytes})`);
    if (!(await this.store.set(this.owner, full, json, this.ttlOf(options), this.options.maxEntries))) {
      throw new StateLimitError(`ctx.state: this caller already holds maxEntries (${this.options.maxEntries}) entries; delete some first`);
    }
  }

  async delete(key: string): Promise<boolean> {
    return this.store.delete(this.owner, this.keyOf(key));
  }

  async createHandle(options?: StateSetOptions): Promise<string> {
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
    const id = `h_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
    if (!(await this.store.set(this.owner, `#${id}`, 'true', this.ttlOf(options), this.options.maxEntries))) {
      throw new StateLimitError(`ctx.state: this caller already holds maxEntries (${this.options.maxEntries}) entries; delete some first`);
    }
    return id;
  }

  async handle(id: string): Promise<CallState> {
    if (typeof id !== 'string' || !HANDLE_PATTERN.test(id) || (await this.store.get(this.owner, `#${id}`)) === undefined) {
      throw new StateUnavailableError(`ctx.state: unknown handle ${JSON.stringify(String(id).slice(0, 64))} (it expired, or another caller created it)`);
    }
    return new PrincipalState(this.store, this.owner, `${id}:`, this.options);
  }

  private keyOf(key: string): string {
    if (typeof key !== 'string' || key === '' || key.length > MAX_STATE_KEY_LENGTH) throw new TypeError(`ctx.state: expected a key of 1 to ${MAX_STATE_KEY_LENGTH} characters, got ${typeof key === 'string' ? `${key.length} characters` : typeof key}`);
    return `${this.prefix}k:${key}`;
  }

  private ttlOf(options: StateSetOptions | undefined): number {
    const ttl = options?.ttlMs ?? this.options.ttlMs;
    if (typeof ttl !== 'number' || !Number.isSafeInteger(ttl) || ttl < 1) throw new TypeError(`ctx.state: expected ttlMs to be a positive integer, got ${String(ttl)}`);
    return ttl;
  }
}

/** The state of a caller that may have none: every operation rejects, saying why. */
class Unavailable implements CallState {
  constructor(private readonly why: string) {}
  private refuse(): Promise<never> {
    return Promise.reject(new StateUnavailableError(`ctx.state is not available: ${this.why}`));
  }
  get<T>(): Promise<T | undefined> {
    return this.refuse();
  }
  set(): Promise<void> {
    return this.refuse();
  }
  delete(): Promise<boolean> {
    return this.refuse();
  }
  createHandle(): Promise<string> {
    return this.refuse();
  }
  handle(): Promise<CallState> {
    return this.refuse();
  }
}
