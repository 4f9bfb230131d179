/**
 * @toolwire/fetch — serve toolwire tools over stateless Streamable HTTP from any runtime built
 * on the Fetch API: `mcpFetchHandler(decl, defs, options?)` returns `(request) => Promise<Response>`.
 * The only barrel.
 */
export { mcpFetchHandler } from './mcpFetchHandler';
export type { McpFetchHandler } from './mcpFetchHandler';
export type { McpFetchOptions } from './McpFetchOptions';
export { DEFAULT_MAX_BODY_BYTES } from '@toolwire/core';
