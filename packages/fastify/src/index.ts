/**
 * @toolwire/fastify — serve toolwire tools over stateless Streamable HTTP from Fastify 5:
 * `app.register(mcpPlugin, { decl, defs, path, ...options })`. The only barrel.
 */
export { mcpPlugin } from './mcpPlugin';
export type { McpPluginOptions } from './mcpPlugin';
export { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_SSE_BUFFER_BYTES } from '@toolwire/core/http';
export type { AuthOptions, AuthInfo, HttpOptions } from '@toolwire/core';
