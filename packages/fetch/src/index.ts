/**
 * @toolwire/fetch — serve toolwire tools over stateless Streamable HTTP from any runtime built
 * on the Fetch API: `mcpFetchHandler(decl, defs, options?)` returns `(request) => Promise<Response>`;
 * `protectedResourceMetadata(auth)` serves the RFC 9728 document of an endpoint with the `auth` option.
 * The only barrel.
 */
export { mcpFetchHandler } from './mcpFetchHandler';
export type { McpFetchHandler } from './mcpFetchHandler';
export type { McpFetchOptions } from './McpFetchOptions';
export { protectedResourceMetadata } from './protectedResourceMetadata';
export type { AuthOptions, AuthInfo, TokenVerifier } from '@toolwire/core';
export { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_SSE_BUFFER_BYTES } from '@toolwire/core/http';
