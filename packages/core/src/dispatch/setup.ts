/**
 * setup: the checks every transport's factory runs on what the user passed — the procedure
 * table, the declaration and the dispatcher options — so a swapped argument or a mistyped
 * option fails at once with a TypeError that says what was expected and what was given,
 * instead of answering every message with an error.
 */
import { nearestName } from './nearestName';
import { ServiceDefinition } from '../remoting/ServiceDefinition';
import { ToolDeclaration } from '../declaration/ToolDeclaration';
import type { ErrorHook } from './errorPolicy';
import type { MissingProcedures } from './missingProcedures';
import { isLimitValue, LIMIT_NAMES } from './limits';
import type { TaskStore } from '../tasks/TaskStore';
import type { TaskSettings } from './tasks/TaskRunner';
import { stateProblem } from '../governance/StateOptions';
import type { StateOptions } from '../governance/StateOptions';
import type { NotificationBus } from '../notifications/NotificationBus';
import type { OptionCheck } from './rules/RuleModule';
import { RULE_OPTION_CHECKS, RULE_OPTION_NAMES } from './rules/ruleSet';
import type { RuleOptions } from './rules/ruleSet';

/**
 * Options every transport accepts and passes to its dispatcher: these, and those of the rules
 * of the request chain (each rule's module states its own, in `dispatch/rules/`).
 */
export interface DispatcherOptions extends RuleOptions {
  /** Send the message of unexpected errors thrown by procedures (default false: "Internal error"). */
  exposeInternalErrors?: boolean;
  /**
   * Called with every unexpected error (not with faults a procedure reports on purpose).
   * Default: one line on stderr with the method, tool, request id and stack (never the arguments).
   */
  onError?: ErrorHook;
  /**
   * Deepest nesting of arrays and objects a message may have (default 64; `{}` is 1). A deeper
   * message is refused before it is parsed: `-32600`, `id: null` (HTTP 400).
   */
  maxDepth?: number;
  /** Most entries in one JSON-RPC batch (default 100); more → `-32600`, `id: null` (HTTP 400). */
  maxBatch?: number;
  /**
   * Most values a tools/call's `arguments` may hold, counted through every level: each member
   * and array element is one (default 10,000). More → `-32602` with the request's id.
   */
  maxArgumentElements?: number;
  /**
   * Longest string, value or key, anywhere in a tools/call's `arguments`, in UTF-16 code units
   * (default 4,194,304: as long as the HTTP body cap). Longer → `-32602` naming the argument.
   */
  maxStringLength?: number;
  /**
   * Longest `requestState` a 2026-07-28 call that asks the client may carry, in bytes of its
   * (ASCII) text (default 65,536: 64 KiB). When the answers so far would need a longer one, the
   * call is answered `-32602` naming this limit instead of a state the client could not send back;
   * a longer state sent in is refused `-32602` unread.
   */
  maxRequestStateBytes?: number;
  /**
   * Longest `uri` a `resources/read` may name, in UTF-16 code units (default 8,192: 8 KiB of
   * ASCII). A longer one is refused `-32602` naming this limit before any resource or template
   * is looked at, so a client cannot make the server match megabytes against every template.
   */
  maxUriLength?: number;
  /**
   * How long an asynchronous procedure may run, in ms (default 300,000: five minutes). Then its
   * `context.signal` aborts, the call is answered `isError: true` "Tool \"NAME\" timed out after N ms",
   * `onError` hears of it, and whatever the procedure settles with later is dropped. A
   * synchronous procedure cannot be interrupted. At most 2147483647 (what timers allow).
   */
  callTimeoutMs?: number;
  /**
   * Most tool calls running at once on this dispatcher (default 1,000): calls whose procedure went
   * asynchronous and has not settled. One more is refused at once with `-32000` ("Server busy")
   * — HTTP 503 with `Retry-After: 1` — never queued, so a flood of slow calls cannot grow memory
   * without bound. Synchronous procedures finish before anything else runs and never count.
   */
  maxConcurrentCalls?: number;
  /**
   * How long a task's procedure may run, in ms (default 900,000: 15 minutes; the task's ttl
   * when that is shorter) — its own limit instead of `callTimeoutMs`, and well inside the
   * default one-hour ttl, so the result can still be fetched. Then its `context.signal` aborts and
   * the task fails with `-32603` "Tool \"NAME\" timed out after N ms". Time spent waiting for the
   * client's input counts. At most 2147483647.
   */
  taskTimeoutMs?: number;
  /**
   * Most tasks of one principal whose procedure has not ended (`working` or `input_required`)
   * on this dispatcher (default 100). One more task-creating call is refused `-32000`, HTTP 503
   * with `Retry-After: 1`, naming this limit. (All principals together: `maxConcurrentCalls`.)
   */
  maxRunningTasksPerPrincipal?: number;
  /**
   * Most 2025-11-25 `tasks/result` requests waiting at once on this dispatcher (default 1,000);
   * each one re-reads its task from the store every poll interval while it waits. One more is
   * refused `-32000`, HTTP 503 with `Retry-After: 1`, naming this limit.
   */
  maxTaskResultWaits?: number;
  /** Most `tasks/result` requests of one principal waiting at once (default 100); refused like `maxTaskResultWaits`. */
  maxTaskResultWaitsPerPrincipal?: number;
  /**
   * Declared tools without a registered procedure: `'warn'` (default) writes one line on stderr
   * when the first message is handled, `'error'` throws a TypeError naming them when the
   * dispatcher (or transport) is made, `'ignore'` says nothing. Their calls answer -32603.
   */
  missingProcedures?: MissingProcedures;
  /**
   * The secret (at least 32 bytes: a string or bytes) the AES-256-GCM key that seals the
   * `requestState` of 2026-07-28 calls that ask the client for input is derived from (HKDF-SHA-256).
   * Default: a random key per process — a state is then only good on the process that issued it,
   * so behind a load balancer give every instance the same key.
   */
  requestStateKey?: string | Uint8Array;
  /**
   * Where `ctx.state` (per-principal state) lives and its bounds — `{ store?, maxValueBytes?,
   * maxEntries?, ttlMs?, allowConnection? }` (see {@link StateOptions}). Default: in memory, 64 KiB
   * values, 100 entries per principal, a day's ttl, for callers named by a token.
   */
  state?: StateOptions;
  /**
   * Where tasks live (tools declared with `setTaskSupport`): a {@link TaskStore} — pass a
   * `RedisTaskStore` (`@toolwire/redis`) so several instances share them. Default: a
   * `MemoryTaskStore` of this process, made when the first task is created.
   */
  taskStore?: TaskStore;
  /**
   * How long a task is kept after it was created, in ms (its `ttlMs`; default 3,600,000: one
   * hour); `Infinity` keeps it until the store evicts it. The procedure's own time limit is
   * `taskTimeoutMs` (or this ttl, when shorter).
   */
  taskTtlMs?: number;
  /** The polling interval suggested to clients of a task, in ms (its `pollIntervalMs`; default 1,000). */
  taskPollIntervalMs?: number;
  /**
   * Where the declaration's changes (`list_changed`, `resources/updated`) travel between
   * instances: a {@link NotificationBus} — pass a `RedisNotificationBus` (`@toolwire/redis`) so
   * a change seen by one instance reaches the listeners every instance holds. Default: an
   * in-process `MemoryNotificationBus` of this dispatcher.
   */
  notificationBus?: NotificationBus;
  /**
   * How long a notification stream (an HTTP `subscriptions/listen` or `GET` stream) may stay
   * idle before a keep-alive comment is written, in ms (default 15,000).
   */
  keepAliveMs?: number;
  /**
   * Most listeners held at once (default 10,000): `subscriptions/listen` streams, legacy `GET`
   * streams and stdio connections. One more is refused `-32000` "Server busy" naming this limit
   * (HTTP 503 with `Retry-After: 1`; a `GET` stream: 503).
   */
  maxSubscriptions?: number;
  /** Most listeners one principal holds at once (default 100); refused like `maxSubscriptions`. */
  maxSubscriptionsPerPrincipal?: number;
  /**
   * Most resource URIs (and task ids) one listener may subscribe to (default 1,000): a listen
   * asking for more is refused `-32602`; one more `resources/subscribe` on a connection is `-32602`.
   */
  maxResourceSubscriptions?: number;
}

/** The default time to live of a task: one hour. */
export const DEFAULT_TASK_TTL_MS = 3_600_000;

/** The default polling interval suggested to task clients: one second. */
export const DEFAULT_TASK_POLL_INTERVAL_MS = 1_000;

/** The task settings of checked options, defaults filled in. */
export function resolveTaskSettings(options: DispatcherOptions): TaskSettings {
  const ttl = options.taskTtlMs ?? DEFAULT_TASK_TTL_MS;
  return { store: options.taskStore, ttlMs: ttl === Infinity ? null : ttl, pollIntervalMs: options.taskPollIntervalMs ?? DEFAULT_TASK_POLL_INTERVAL_MS };
}

/** The methods a {@link TaskStore} must have. */
const TASK_STORE_METHODS = ['create', 'get', 'update', 'cancel', 'complete', 'fail', 'markCancelled', 'requireInput', 'setStatusMessage', 'subscribe'] as const;

function isTaskStore(value: unknown): value is TaskStore {
  return typeof value === 'object' && value !== null && TASK_STORE_METHODS.every((name) => typeof (value as Record<string, unknown>)[name] === 'function');
}

/** The longest delay a timer can take (2^31 - 1 ms); longer ones would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The check of a time limit: what a timer can take, or none. */
const TIMER_CHECK: OptionCheck = { expected: `a positive integer up to ${MAX_TIMER_MS}, or Infinity`, ok: (v) => isLimitValue(v) && (v === Infinity || (v as number) <= MAX_TIMER_MS) };

/** The checks of the options the dispatcher reads itself (the rules' are their modules'). */
const OWN_CHECKS: Readonly<Record<string, OptionCheck>> = {
  exposeInternalErrors: { expected: 'a boolean', ok: (v) => typeof v === 'boolean' },
  onError: { expected: 'a function', ok: (v) => typeof v === 'function' },
  missingProcedures: { expected: '"warn", "error" or "ignore"', ok: (v) => v === 'warn' || v === 'error' || v === 'ignore' },
  requestStateKey: { expected: 'a string or Uint8Array of at least 32 bytes', ok: (v) => (typeof v === 'string' && new TextEncoder().encode(v).length >= 32) || (v instanceof Uint8Array && v.length >= 32) },
  state: { problem: stateProblem },
  taskStore: { expected: `a TaskStore (an object with ${TASK_STORE_METHODS.join(', ')})`, ok: isTaskStore },
  taskTtlMs: { expected: 'a positive integer or Infinity', ok: isLimitValue },
  taskPollIntervalMs: { expected: 'a positive integer', ok: (v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0 },
  notificationBus: { expected: 'a NotificationBus (an object with publish, subscribe, close)', ok: isNotificationBus },
  keepAliveMs: { expected: `a positive integer up to ${MAX_TIMER_MS}`, ok: (v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0 && v <= MAX_TIMER_MS },
  ...Object.fromEntries(LIMIT_NAMES.map((name) => [name, { expected: 'a positive integer or Infinity', ok: isLimitValue }])),
  callTimeoutMs: TIMER_CHECK,
  taskTimeoutMs: TIMER_CHECK,
};

/** The check of every dispatcher option, by name. */
const CHECKS: Readonly<Record<string, OptionCheck>> = { ...OWN_CHECKS, ...RULE_OPTION_CHECKS };

/** The names of {@link DispatcherOptions}, for transports that split their own options off. */
export const DISPATCHER_OPTION_NAMES: readonly string[] = Object.freeze([...Object.keys(OWN_CHECKS), ...RULE_OPTION_NAMES]);

function isNotificationBus(value: unknown): value is NotificationBus {
  return typeof value === 'object' && value !== null && ['publish', 'subscribe', 'close'].every((name) => typeof (value as Record<string, unknown>)[name] === 'function');
}

/**
 * Checks the arguments of a dispatcher (and of every transport that makes one).
 * @param owner - who is asking, for the message (`serveStdio`, `new Service`, …).
 * @param order - the argument order `owner` takes, to name a swap.
 * @throws TypeError naming the argument, what was expected and what was given.
 */
export function checkDispatcherArguments(
  owner: string,
  defs: unknown,
  decl: unknown,
  options: unknown,
  order: 'defs, decl' | 'decl, defs' = 'defs, decl',
): DispatcherOptions {
  const swapped = defs instanceof ToolDeclaration && decl instanceof ServiceDefinition;
  const hint = swapped ? ` — the arguments look swapped: ${owner} takes (${order})` : '';
  const defsProblem = defs instanceof ServiceDefinition ? undefined : `a ServiceDefinition as the ${order === 'defs, decl' ? 'first' : 'second'} argument, got ${describeArgument(defs)}`;
  const declProblem = decl instanceof ToolDeclaration ? undefined : `a ToolDeclaration as the ${order === 'defs, decl' ? 'second' : 'first'} argument, got ${describeArgument(decl)}`;
  const problem = order === 'defs, decl' ? (defsProblem ?? declProblem) : (declProblem ?? defsProblem);
  if (problem) throw new TypeError(`${owner}: expected ${problem}${hint}`);
  return CHECKED.has(options as object) ? (options as DispatcherOptions) : checkDispatcherOptions(owner, options);
}

/** Options objects {@link checkDispatcherOptions} already passed, so a factory's later steps do not check them again. */
const CHECKED = new WeakSet<object>();

/**
 * Checks dispatcher options: known names only (a misspelt option is an error naming the nearest
 * known one and listing them all, not silently ignored), each of the right type.
 * @param transportNames - the options the transport took off before (`allowedHosts`, …), listed too.
 */
export function checkDispatcherOptions(owner: string, options: unknown, transportNames: readonly string[] = []): DispatcherOptions {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`${owner}: expected an options object, got ${describeArgument(options)}`);
  }
  for (const [name, value] of Object.entries(options)) {
    const check = Object.prototype.hasOwnProperty.call(CHECKS, name) ? CHECKS[name] : undefined;
    if (!check) {
      const known = [...transportNames, ...DISPATCHER_OPTION_NAMES];
      const near = nearestName(name, known);
      throw new TypeError(`${owner}: unknown option "${name}"${near ? ` (did you mean "${near}"?)` : ''}; known options: ${known.join(', ')}`);
    }
    if (value === undefined) continue;
    const problem = 'problem' in check ? check.problem(value) : check.ok(value) ? undefined : `${check.expected}, got ${describeArgument(value)}`;
    if (problem) throw new TypeError(`${owner}: option ${name}: expected ${problem}`);
  }
  CHECKED.add(options);
  return options as DispatcherOptions;
}

/** A short description of a value for setup errors: its class name when it has one. */
export function describeArgument(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof ToolDeclaration) return 'a ToolDeclaration';
  if (value instanceof ServiceDefinition) return 'a ServiceDefinition';
  if (typeof value === 'function') return 'a function';
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== 'Object' ? `a ${name}` : typeof value;
}
