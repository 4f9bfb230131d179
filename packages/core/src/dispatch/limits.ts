/**
 * limits: the bounds the dispatcher puts on what a client may send — how deep a message nests,
 * how many entries a batch holds, how many values and how long strings its tool arguments (and
 * the answers to a tool's asks) carry, how long a multi round-trip `requestState` may grow, how
 * long a `resources/read` URI may be before any template is tried, how
 * long a tool (or a task's procedure) may run, and how much of the server one caller may hold at
 * once (calls, running tasks, `tasks/result` waits, listeners per principal). They are on by default, resolved once per dispatcher, and every
 * transport gets them because they are dispatcher options. These are the limits the engine's
 * parts keep; a limit only a rule reads is its module's (`rules/`), and `DEFAULT_LIMITS`
 * (`defaultLimits.ts`) holds both.
 */

/** The limits the engine's parts keep for one dispatcher; `Infinity` turns one off. */
export interface EngineLimits {
  /** Deepest nesting of arrays and objects in one message (`{}` is 1, `{"a":[]}` is 2). */
  readonly maxDepth: number;
  /** Most entries in one JSON-RPC batch. */
  readonly maxBatch: number;
  /** Most values in one tools/call's `arguments`, counted through every level (each member and element is one). */
  readonly maxArgumentElements: number;
  /** Longest string (value or key) anywhere in one tools/call's `arguments`, in UTF-16 code units. */
  readonly maxStringLength: number;
  /** Longest `requestState` (its text, ASCII) a 2026-07-28 call that asks the client may issue or accept, in bytes. */
  readonly maxRequestStateBytes: number;
  /** Longest `uri` a resources/read may name, in UTF-16 code units (checked before any template is tried). */
  readonly maxUriLength: number;
  /** Longest time an asynchronous procedure may take before its call is answered "timed out" and its signal aborted, in ms. */
  readonly callTimeoutMs: number;
  /**
   * Most tool calls one dispatcher runs at once (those that went asynchronous and have not
   * finished). One more is refused at once — -32000 with HTTP 503 and `Retry-After` — never queued.
   */
  readonly maxConcurrentCalls: number;
  /** Longest time a task's procedure may run (or its ttl, when shorter) before its task fails "timed out", in ms. */
  readonly taskTimeoutMs: number;
  /** Most tasks of one principal whose procedure has not ended (working or input_required) on this dispatcher. */
  readonly maxRunningTasksPerPrincipal: number;
  /** Most `tasks/result` requests waiting at once on this dispatcher. */
  readonly maxTaskResultWaits: number;
  /** Most `tasks/result` requests of one principal waiting at once on this dispatcher. */
  readonly maxTaskResultWaitsPerPrincipal: number;
  /** Most listeners (`subscriptions/listen` streams, stdio connections, `GET` streams) held at once on this dispatcher. */
  readonly maxSubscriptions: number;
  /** Most listeners one principal holds at once on this dispatcher. */
  readonly maxSubscriptionsPerPrincipal: number;
  /** Most resource URIs (and task ids) one listener may subscribe to. */
  readonly maxResourceSubscriptions: number;
}

/**
 * The defaults: depth 64, batches of 100, 10,000 argument values, strings of 4 Mi code units
 * (4,194,304, the HTTP body cap), request states of 64 KiB (65,536 bytes), resource URIs of
 * 8 Ki code units (8,192), calls of 5 minutes
 * (300,000 ms), 1,000 calls in flight at once, task procedures of 15
 * minutes (900,000 ms), 100 running tasks per principal, and 1,000 waiting `tasks/result`
 * requests, 100 per principal; 10,000 listeners (100 per principal), each subscribed to at most
 * 1,000 resources.
 */
export const ENGINE_LIMITS: EngineLimits = Object.freeze({
  maxDepth: 64,
  maxBatch: 100,
  maxArgumentElements: 10_000,
  maxStringLength: 4 * 1024 * 1024,
  maxRequestStateBytes: 64 * 1024,
  maxUriLength: 8 * 1024,
  callTimeoutMs: 5 * 60 * 1000,
  maxConcurrentCalls: 1000,
  taskTimeoutMs: 15 * 60 * 1000,
  maxRunningTasksPerPrincipal: 100,
  maxTaskResultWaits: 1000,
  maxTaskResultWaitsPerPrincipal: 100,
  maxSubscriptions: 10_000,
  maxSubscriptionsPerPrincipal: 100,
  maxResourceSubscriptions: 1000,
});

/** The names of the limit options, as {@link DispatcherOptions} spells them. */
export const LIMIT_NAMES = Object.freeze(Object.keys(ENGINE_LIMITS) as (keyof EngineLimits)[]);

/** The limits for `options`: each one given, else its default. */
export function resolveLimits(options: Partial<EngineLimits>): EngineLimits {
  const limits = { ...ENGINE_LIMITS };
  for (const name of LIMIT_NAMES) if (options[name] !== undefined) limits[name] = options[name];
  return Object.freeze(limits);
}

/** A limit option's value is acceptable: a positive integer, or `Infinity` for "no limit". */
export function isLimitValue(value: unknown): boolean {
  return value === Infinity || (typeof value === 'number' && Number.isSafeInteger(value) && value > 0);
}
