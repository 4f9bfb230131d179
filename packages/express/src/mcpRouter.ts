/**
 * mcpRouter: the Express face of {@link mcpHandler} — a Router whose root path is the MCP
 * endpoint, so it can be mounted anywhere (`app.use('/mcp', mcpRouter(decl, defs))`) beside other
 * routes and behind other middleware. Sub-paths are not the endpoint and fall through (404), but
 * for `/server-card` with the (experimental) `serverCard` option.
 */
import type { Router } from 'express';
import { expressRouter } from './expressRouter';
import type { ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import { nodeHandler } from './mcpHandler';
import type { McpHttpOptions } from './McpHttpOptions';

const OWNER = Object.freeze({ name: '@toolwire/express', factory: 'mcpRouter' });

/**
 * Returns an Express Router serving `decl`'s tools, implemented by `defs`, at the path it is
 * mounted on. Every method reaches it (non-POST → 405 with `Allow: POST`).
 * @throws TypeError when `decl`, `defs` or an option has the wrong type (naming `mcpRouter`, and the swap when the two are swapped).
 * @example
 * const app = express();
 * app.use('/mcp', mcpRouter(decl, defs, { allowedOrigins: ['https://app.example.com'] }));
 * app.listen(3000, '127.0.0.1');
 */
export function mcpRouter(decl: ToolDeclaration, defs: ServiceDefinition, options?: McpHttpOptions): Router {
  const router = expressRouter();
  const handle = nodeHandler(OWNER, decl, defs, options);
  router.all('/', handle);
  // the server card (experimental `serverCard` option): relative to where the router is mounted
  if (typeof options === 'object' && options !== null && options.serverCard !== undefined) router.all('/server-card', handle);
  return router;
}
