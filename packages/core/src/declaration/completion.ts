/**
 * completion: what a completion function is (`prompt.setCompletion`,
 * `resourceTemplate.setCompletion`) — it gets the value typed so far and the other arguments,
 * and returns candidate values — and how its answer becomes the `completion` of a
 * `completion/complete` result: at most {@link MAX_COMPLETION_VALUES} values, `hasMore` set when
 * more were cut.
 */
import { describe } from '../schema/Property';
import type { Era } from '../protocol/profile';
import type { AuthInfo } from '../auth/AuthInfo';
import type { Principal } from '../auth/Principal';

/** At most this many values go into one `completion/complete` result (the MCP limit). */
export const MAX_COMPLETION_VALUES = 100;

/**
 * Who asks, and how — the members every procedure's context has: a completion function's, a read
 * procedure's (`ReadContext` adds its URI) and a tool's or prompt's (`CallContext` adds the rest).
 */
export interface CompletionContext {
  /** The JSON-RPC id of the request. */
  readonly requestId: string | number;
  /** The protocol version in force for this request. */
  readonly protocolVersion: string;
  /** The protocol era of this request: `legacy` (negotiated by `initialize`) or `modern` (2026-07-28, named per request). */
  readonly era: Era;
  /** Aborted when the client goes away (HTTP) or the connection ends. */
  readonly signal: AbortSignal;
  /** The transport's request object (Express: the `req`), when the transport has one. */
  readonly request?: unknown;
  /**
   * The verified access token's facts (subject, client id, scopes, expiry, claims) when the
   * endpoint is a protected resource (HTTP `auth` option); never the raw token. `undefined` on
   * stdio and on open endpoints.
   */
  readonly auth?: AuthInfo;
  /**
   * Who is calling, as everything keyed by caller sees it (the owner of a call's tasks, the
   * binding of its `requestState`): the token's issuer, subject and client id with `auth`; the
   * connection on stdio; `{ kind: 'anonymous' }` on an open HTTP endpoint.
   */
  readonly principal: Principal;
  /**
   * The capabilities the client declared, as far as this request can know them: on 2026-07-28
   * the request's own `_meta["io.modelcontextprotocol/clientCapabilities"]` (every transport); on
   * a legacy stdio connection the `capabilities` of its `initialize`; over stateless legacy HTTP
   * nothing carries them, so `{}` (unknown). Never `undefined`.
   */
  readonly clientCapabilities: Readonly<Record<string, unknown>>;
}

/** The second argument of a completion function. */
export interface CompletionRequest {
  /** The other arguments (or template variables) already filled in (`context.arguments`; `{}` when none). */
  readonly arguments: Readonly<Record<string, string>>;
  /** Who asks, and how. */
  readonly ctx: CompletionContext;
}

/** What a completion function returns: the candidate values, or them with a total and whether there are more. */
export type CompletionResult = readonly string[] | { values: readonly string[]; total?: number; hasMore?: boolean };

/** A completion function: the value typed so far, then the {@link CompletionRequest}. */
export type CompletionFn = (value: string, request: CompletionRequest) => CompletionResult | Promise<CompletionResult>;

/** The `completion` member of a `completion/complete` result. */
export interface Completion {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

/** `fn` when it is a function. @throws TypeError otherwise. */
export function checkCompletionFn(what: string, fn: unknown): CompletionFn {
  if (typeof fn !== 'function') throw new TypeError(`${what}: expected a function, got ${describe(fn)}`);
  return fn as CompletionFn;
}

/**
 * The wire `completion` of what a function returned: values beyond the first 100 are cut and
 * `hasMore` set. @throws TypeError for a result of the wrong shape (the server's bug).
 */
export function toCompletion(result: unknown): Completion {
  const object = Array.isArray(result) ? { values: result as unknown[] } : result;
  if (typeof object !== 'object' || object === null) throw new TypeError(`completion function returned ${describe(result)}, expected an array of strings or { values, total?, hasMore? }`);
  const { values, total, hasMore } = object as { values?: unknown; total?: unknown; hasMore?: unknown };
  if (!Array.isArray(values) || !values.every((v) => typeof v === 'string')) throw new TypeError('completion function returned values that are not an array of strings');
  if (total !== undefined && (!Number.isSafeInteger(total) || (total as number) < 0)) throw new TypeError(`completion function returned total ${String(total)}, expected an integer >= 0`);
  if (hasMore !== undefined && typeof hasMore !== 'boolean') throw new TypeError(`completion function returned hasMore as ${describe(hasMore)}, expected a boolean`);
  const cut = values.length > MAX_COMPLETION_VALUES;
  const completion: Completion = { values: cut ? (values.slice(0, MAX_COMPLETION_VALUES) as string[]) : [...(values as string[])] };
  if (total !== undefined) completion.total = total as number;
  else if (cut) completion.total = values.length;
  if (cut || hasMore !== undefined) completion.hasMore = cut || (hasMore as boolean);
  return completion;
}
