/** testApp: a real Express app with the MCP router at /mcp, for supertest. */
import express from 'express';
import type { Express } from 'express';
import { mcpRouter } from '../../src';
import type { McpHttpOptions } from '../../src';
import { testService } from './testService';

/** An Express app serving the test service at `/mcp` with the given options. */
export function testApp(options?: McpHttpOptions): Express {
  const { decl, defs } = testService();
  const app = express();
  app.use('/mcp', mcpRouter(decl, defs, options));
  return app;
}
