/**
 * McpHttpOptions: what `mcpHandler` and `mcpRouter` accept — core's `HttpOptions`, checked and
 * given their defaults once, when the handler is created, by core (so every HTTP transport
 * checks them alike).
 */
import { resolveHttpOptions as resolveOptions } from '@toolwire/core/http';
import type { ResolvedHttpOptions } from '@toolwire/core/http';
import type { HttpOptions } from '@toolwire/core';

/** Options of {@link mcpHandler} and {@link mcpRouter}: the dispatcher's plus the HTTP rules'. */
export type McpHttpOptions = HttpOptions;

export { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_SSE_BUFFER_BYTES } from '@toolwire/core/http';

/**
 * Checks the options once and applies the defaults, as `mcpHandler` does (core's `resolveHttpOptions` under this package's name).
 * @throws TypeError naming the option, what was expected and what was given.
 */
export function resolveHttpOptions(options: unknown): ResolvedHttpOptions {
  return resolveOptions('@toolwire/express', options);
}
