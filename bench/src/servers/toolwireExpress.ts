/**
 * Server program: toolwire's `mcpRouter` mounted on an Express 5 app at `/mcp`, with the options
 * its environment names (`toolwireOptions.ts`: `TELEMETRY=1`, `TASKS=redis`, `RATE_LIMIT=…`).
 */
import express from 'express';
import { createServer } from 'node:http';
import { mcpRouter } from '@toolwire/express';
import { toolwireServiceFromEnv } from './toolwireDefinition';
import { toolwireOptionsFromEnv } from './toolwireOptions';
import { listenOnLoopback, runServerProgram } from './serverIpc';
import { toolCountFromEnv } from '../fixture/toolSpecs';

runServerProgram(async () => {
  const { decl, defs } = await toolwireServiceFromEnv(toolCountFromEnv());
  const app = express();
  app.use('/mcp', mcpRouter(decl, defs, await toolwireOptionsFromEnv()));
  return listenOnLoopback(createServer(app));
});
