/**
 * McpHttpOptions: what `mcpHandler` and `mcpRouter` accept, and the one place those options are
 * checked and given their defaults — at construction, never per request.
 */
import { checkDispatcherOptions, describeArgument as describe } from '@toolwire/core';
import type { DispatcherOptions } from '@toolwire/core';

/** Options of {@link mcpHandler} and {@link mcpRouter}: the dispatcher's plus the HTTP rules'. */
export interface McpHttpOptions extends DispatcherOptions {
  /**
   * Origins allowed besides the request's own (e.g. `https://app.example.com`). Default: none —
   * a request with a foreign `Origin` is refused with 403.
   */
  allowedOrigins?: string[];
  /**
   * Host names the `Host` header may carry (port ignored). Default: unset — on a loopback
   * address only `localhost`, `127.0.0.1` and `[::1]`; on other addresses any host.
   */
  allowedHosts?: string[];
  /** Largest body read from the stream, in bytes (default 4 MiB); larger → 413. */
  maxBodyBytes?: number;
  /** Require `Accept` to list both `application/json` and `text/event-stream` (default false) → 406. */
  strictAccept?: boolean;
}

/** The checked options, defaults applied. */
export interface ResolvedHttpOptions {
  readonly dispatcher: DispatcherOptions;
  readonly allowedOrigins: readonly string[] | undefined;
  readonly allowedHosts: readonly string[] | undefined;
  readonly maxBodyBytes: number;
  readonly strictAccept: boolean;
}

/** The default body limit: 4 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Checks the options once and applies the defaults.
 * @throws TypeError naming the option, what was expected and what was given.
 */
export function resolveHttpOptions(options: unknown): ResolvedHttpOptions {
  if (options === undefined) options = {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`@toolwire/express: expected an options object, got ${describe(options)}`);
  }
  const { allowedOrigins, allowedHosts, maxBodyBytes: maxBody, strictAccept, ...dispatcherOptions } = options as Record<string, unknown>;
  const o = { allowedOrigins, allowedHosts, maxBodyBytes: maxBody, strictAccept };
  // everything that is not an HTTP option goes to the dispatcher, which refuses unknown names
  const dispatcher = checkDispatcherOptions('@toolwire/express', dispatcherOptions);
  if (o.strictAccept !== undefined && typeof o.strictAccept !== 'boolean') throw optionError('strictAccept', 'a boolean', o.strictAccept);
  const maxBodyBytes = o.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (typeof maxBodyBytes !== 'number' || !Number.isSafeInteger(maxBodyBytes) || maxBodyBytes <= 0) {
    throw optionError('maxBodyBytes', 'a positive integer', o.maxBodyBytes);
  }
  return {
    dispatcher,
    allowedOrigins: stringList('allowedOrigins', o.allowedOrigins),
    allowedHosts: stringList('allowedHosts', o.allowedHosts),
    maxBodyBytes,
    strictAccept: o.strictAccept === true,
  };
}

function stringList(name: string, value: unknown): readonly string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw optionError(name, 'an array of non-empty strings', value);
  const bad = value.findIndex((v) => typeof v !== 'string' || v === '');
  if (bad >= 0) throw optionError(`${name}[${bad}]`, 'a non-empty string', value[bad]);
  return [...(value as string[])];
}

function optionError(name: string, expected: string, got: unknown): TypeError {
  return new TypeError(`@toolwire/express: option ${name}: expected ${expected}, got ${describe(got)}`);
}
