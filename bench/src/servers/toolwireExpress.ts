/**
 * Server program: toolwire's `mcpRouter` mounted on an Express 5 app at `/mcp`; with
 * `TELEMETRY=1` its `telemetry` option is on (an SDK tracer with a dropping exporter), with
 * `TASKS=redis` its task store is a RedisTaskStore over a redis-server of its own.
 */
import express from 'express';
import { createServer } from 'node:http';
import { mcpRouter } from '@toolwire/express';
import { toolwireService } from './toolwireDefinition';
import { listenOnLoopback, runServerProgram } from './serverIpc';
import { toolCountFromEnv } from '../fixture/toolSpecs';
import { telemetryFromEnv, telemetryOption } from '../fixture/telemetryOption';
import { taskStoreOptions } from './benchTaskStore';

const { decl, defs } = toolwireService(toolCountFromEnv());
const telemetry = telemetryFromEnv() ? { telemetry: telemetryOption() } : {};

runServerProgram(async () => {
  const app = express();
  app.use('/mcp', mcpRouter(decl, defs, { ...telemetry, ...(await taskStoreOptions()) }));
  return listenOnLoopback(createServer(app));
});
