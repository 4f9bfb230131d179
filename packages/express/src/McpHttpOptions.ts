/**
 * McpHttpOptions: what `mcpHandler` and `mcpRouter` accept — core's `HttpOptions`, checked and
 * given their defaults once, when the handler is created, by core (so every HTTP transport
 * checks them alike).
 */
import { resolveHttpOptions as resolveOptions } from '@toolwire/core';
import type { HttpOptions, ResolvedHttpOptions } from '@toolwire/core';

/** Options of {@link mcpHandler} and {@link mcpRouter}: the dispatcher's plus the HTTP rules'. */
export type McpHttpOptions = HttpOptions;

export type { ResolvedHttpOptions };

export { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_SSE_BUFFER_BYTES } from '@toolwire/core';

/**
 * Checks the options once and applies the defaults.
 * @throws TypeError naming the option, what was expected and what was given.
 */
export function resolveHttpOptions(options: unknown): ResolvedHttpOptions {
  return resolveOptions('@toolwire/express', options);
}
