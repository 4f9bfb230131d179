/**
 * @toolwire/express — serve toolwire tools over stateless Streamable HTTP: `mcpRouter` for
 * Express, `mcpHandler` for plain `node:http` (or any framework with Node req/res),
 * `mcpErrorHandler` to answer upstream body-parser errors in JSON, and
 * `protectedResourceMetadata` for an endpoint with the `auth` option. The only barrel.
 */
// The declarations use Node's types (streams, Buffer, NodeJS): the reference makes them load
// under TypeScript 7 too, whose default `types` is empty (install @types/node).
/// <reference types="node" preserve="true" />
export { mcpRouter } from './mcpRouter';
export { mcpHandler } from './mcpHandler';
export type { McpRequestHandler } from './mcpHandler';
export { mcpErrorHandler } from './mcpErrorHandler';
export { protectedResourceMetadata } from './protectedResourceMetadata';
export { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_SSE_BUFFER_BYTES } from './McpHttpOptions';
export type { McpHttpOptions } from './McpHttpOptions';
export type { AuthOptions, AuthInfo, TokenVerifier } from '@toolwire/core';
