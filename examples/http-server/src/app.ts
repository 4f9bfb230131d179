/**
 * app: the demo's Express application — the demo service mounted at `/mcp`. Kept apart from
 * main.ts so tests can serve it with supertest or on an ephemeral port.
 */
import express from 'express';
import type { Express } from 'express';
import { mcpRouter, mcpErrorHandler } from '@toolwire/express';
import type { McpHttpOptions } from '@toolwire/express';
import { createDemoService } from '@toolwire/example-demo-tools';

/** Creates the demo app: POST `/mcp` is the MCP endpoint; options go to `mcpRouter`. */
export function createApp(options?: McpHttpOptions): Express {
  const { decl, defs } = createDemoService();
  const app = express();
  app.disable('x-powered-by');
  app.use('/mcp', mcpRouter(decl, defs, options), mcpErrorHandler());
  return app;
}
