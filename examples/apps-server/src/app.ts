/**
 * app: the notes board's Express application — the MCP endpoint at `/mcp`. Kept apart from
 * main.ts so tests can serve it on an ephemeral port.
 */
import express from 'express';
import type { Express } from 'express';
import { mcpRouter, mcpErrorHandler } from '@toolwire/express';
import type { McpHttpOptions } from '@toolwire/express';
import { createAppsService } from './service';

/** Creates the app: POST `/mcp` is the MCP endpoint of a new board; options go to `mcpRouter`. */
export function createApp(options?: McpHttpOptions): Express {
  const { decl, defs } = createAppsService();
  const app = express();
  app.disable('x-powered-by');
  app.use('/mcp', mcpRouter(decl, defs, options), mcpErrorHandler());
  return app;
}
