/**
 * app: the demo tools in a Hono app — `mcpFetchHandler` mounted at `/mcp` (every method reaches
 * it, so GET gets its 405), beside an ordinary route. Kept apart from main.ts so tests can call
 * it with `app.request()` and no server.
 */
import { Hono } from 'hono';
import { mcpFetchHandler } from '@toolwire/fetch';
import type { McpFetchOptions } from '@toolwire/fetch';
import { createDemoService } from '@toolwire/example-demo-tools';

/** Creates the Hono app: `/mcp` is the MCP endpoint (options go to `mcpFetchHandler`), `/` says so. */
export function createApp(options?: McpFetchOptions): Hono {
  const { decl, defs } = createDemoService();
  const handle = mcpFetchHandler(decl, defs, options);
  const app = new Hono();
  app.get('/', (c) => c.text('toolwire-demo on Hono: POST MCP requests to /mcp\n'));
  app.all('/mcp', (c) => handle(c.req.raw)); // before any middleware that would read the body
  return app;
}
