/**
 * Server program: toolwire's `mcpRouter` mounted on an Express 5 app at `/mcp`; with
 * `TELEMETRY=1` its `telemetry` option is on (an SDK tracer with a dropping exporter).
 */
import express from 'express';
import { createServer } from 'node:http';
import { mcpRouter } from '@toolwire/express';
import { toolwireService } from './toolwireDefinition';
import { listenOnLoopback, runServerProgram } from './serverIpc';
import { toolCountFromEnv } from '../fixture/toolSpecs';
import { telemetryFromEnv, telemetryOption } from '../fixture/telemetryOption';

const { decl, defs } = toolwireService(toolCountFromEnv());
const options = telemetryFromEnv() ? { telemetry: telemetryOption() } : undefined;
const app = express();
app.use('/mcp', mcpRouter(decl, defs, options));

runServerProgram(() => listenOnLoopback(createServer(app)));
