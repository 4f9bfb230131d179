/**
 * @toolwire/express — serve toolwire tools over stateless Streamable HTTP: `mcpRouter` for
 * Express, `mcpHandler` for plain `node:http` (or any framework with Node req/res), and
 * `mcpErrorHandler` to answer upstream body-parser errors in JSON. The only barrel.
 */
export { mcpRouter } from './mcpRouter';
export { mcpHandler } from './mcpHandler';
export type { McpRequestHandler } from './mcpHandler';
export { mcpErrorHandler } from './mcpErrorHandler';
export { DEFAULT_MAX_BODY_BYTES } from './McpHttpOptions';
export type { McpHttpOptions } from './McpHttpOptions';
