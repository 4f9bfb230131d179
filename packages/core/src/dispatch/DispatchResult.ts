/**
 * DispatchResult: the dispatcher's answer to one message, with the HTTP status core chose for
 * it from one table. Transports write the body and, where they have one, the status; they never
 * derive a status from a JSON-RPC code themselves.
 */

/**
 * The HTTP statuses core gives answers: 200 (a response), 202 (nothing to send), 400 (the message
 * was refused), 401 (no valid token), 403 (a tool the token lacks the scopes for), 404 (unknown
 * method on the modern path), 429 (a `rateLimit` limit refused it; with `Retry-After`), 503 (the
 * server is at its `maxConcurrentCalls`; with `Retry-After`).
 */
export type DispatchStatus = 200 | 202 | 400 | 401 | 403 | 404 | 429 | 503;

/** The dispatcher's answer to one message. */
export interface DispatchResult {
  /** The JSON-RPC response text; `''` when nothing is to be sent (notifications, responses). */
  readonly body: string;
  /**
   * The same response as `body` in pieces, present when part of it is a large cached payload
   * (tools/list of a big declaration) kept as UTF-8 bytes: a transport that writes bytes can
   * write these pieces in order instead of encoding `body` again for every response.
   */
  readonly parts?: readonly (string | Uint8Array)[];
  /** The HTTP status of this answer (see {@link DispatchStatus}); stdio ignores it. */
  readonly status: DispatchStatus;
  /**
   * Response headers core chose for this answer (a 403's `WWW-Authenticate` challenge); the
   * transport writes them beside its own framing headers. Absent for most answers.
   */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * What the answer says, typed — rules, telemetry and the task runner read this, never the
   * text: a JSON-RPC error's code and message, or the result a handler returned. Absent for
   * answers written whole (cached list payloads, batches): a success.
   */
  readonly outcome?: Outcome;
}

/** A JSON-RPC error answer, typed. */
export interface ErrorOutcome {
  readonly kind: 'error';
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/**
 * A result as a handler returns it, before it is written: the result object's JSON text without
 * its closing brace, and the members of its own `_meta` apart, so the era's writer (`eras.ts`)
 * writes `_meta` — with the serverInfo on 2026-07-28 — and the era's result fields, then closes
 * it: no code slices or re-parses the text.
 */
export interface ResultReply {
  readonly kind: 'result';
  readonly id: string | number;
  /** The result object's JSON text, up to (not including) its closing `}`; just `{` when it has no members of its own (the writer then writes the era's members without a leading comma). */
  readonly open: string;
  /**
   * The members of the result's own `_meta` as JSON text, without braces (never `''`): a
   * `withResultMeta` value's, the `subscriptions/listen` final result's subscription id. The
   * writer writes `"_meta":{…}` with them, on 2026-07-28 followed by the serverInfo (which wins a
   * clash of keys). Absent: the result has no `_meta` of its own.
   */
  readonly meta?: string;
  /** A tools/call result with `isError: true`. */
  readonly isError: boolean;
  /**
   * The result fields the 2026-07-28 era writes, each with the serverInfo `_meta`: `resultType`
   * `complete`, `input_required` (an interim result) or `task` (a CreateTaskResult), or
   * `cacheable` (a result a client may cache, as resources/read's: the list results' `ttlMs` and
   * `cacheScope`, then `resultType: "complete"`). The legacy eras write none of them.
   */
  readonly stamp: 'complete' | 'cacheable' | 'input_required' | 'task';
  /** A CreateTaskResult's task (a tools/call that became a task). */
  readonly taskId?: string;
}

/** What an answer says: an error, or a result. */
export type Outcome = ErrorOutcome | ResultReply;

/** A written answer, a typed result to write, or `undefined` for "send nothing". */
export type Answer = DispatchResult | ResultReply | undefined;

/** A handler's reply: an {@link Answer} or a Promise of one. The chain writes typed results. */
export type HandlerReply = Answer | Promise<Answer>;

/** What the rules of a chain see: a written answer, `undefined` for "send nothing", or a Promise of either. */
export type Reply = DispatchResult | undefined | Promise<DispatchResult | undefined>;

/** Why a message got the answer it got; the one table below maps each to its HTTP status. */
export type Disposition = 'response' | 'refused' | 'unauthorized' | 'forbidden' | 'unknownMethod' | 'limited' | 'busy';

const STATUS: Readonly<Record<Disposition | 'silence', DispatchStatus>> = Object.freeze({
  response: 200,
  silence: 202,
  refused: 400,
  unauthorized: 401,
  forbidden: 403,
  unknownMethod: 404,
  limited: 429,
  busy: 503,
});

/** The result of a message that gets no reply (notifications, responses): HTTP 202. */
export const SILENCE: DispatchResult = Object.freeze({ body: '', status: STATUS.silence });

/**
 * A response to send, with the status of its disposition (default: an ordinary response, 200).
 * @param parts - the same text in pieces, some pre-encoded bytes (see {@link DispatchResult.parts}).
 */
export function answer(body: string, disposition: Disposition = 'response', parts?: readonly (string | Uint8Array)[]): DispatchResult {
  const status = STATUS[disposition];
  return parts ? { body, parts, status } : { body, status };
}

/** A whole message refused (invalid JSON, not JSON-RPC, a forbidden batch, an unsupported version): HTTP 400. */
export function refused(body: DispatchResult): DispatchResult {
  return retag(body, 'refused');
}

/** `reply` (keeping its outcome) with the status of `disposition`. */
function retag(reply: DispatchResult, disposition: Disposition): DispatchResult {
  return { ...reply, status: STATUS[disposition] };
}

/**
 * A request the token does not authorize (a tool whose scopes it lacks): HTTP 403 with the
 * challenge `headers` (`WWW-Authenticate: Bearer error="insufficient_scope", …`).
 */
export function forbidden(body: DispatchResult, headers: Readonly<Record<string, string>>): DispatchResult {
  return { ...retag(body, 'forbidden'), headers };
}

/** The seconds a refused-as-busy client is asked to wait (`Retry-After`). */
const BUSY_RETRY_AFTER_SECONDS = '1';

/** A call refused because the server is at its `maxConcurrentCalls`: HTTP 503 with `Retry-After`. */
export function busy(body: DispatchResult): DispatchResult {
  return { ...retag(body, 'busy'), headers: { 'Retry-After': BUSY_RETRY_AFTER_SECONDS } };
}

/** A request a `rateLimit` limit refused: HTTP 429 with `Retry-After` (whole seconds, at least 1). */
export function limited(reply: DispatchResult, retryAfterSeconds: number): DispatchResult {
  return { ...retag(reply, 'limited'), headers: { 'Retry-After': String(retryAfterSeconds) } };
}
