/**
 * Server program: toolwire's framework-neutral `mcpHandler` as a plain `node:http` request
 * listener; with `TELEMETRY=1` its `telemetry` option is on (an SDK tracer with a dropping exporter).
 */
import { createServer } from 'node:http';
import { mcpHandler } from '@toolwire/express';
import { toolwireService } from './toolwireDefinition';
import { listenOnLoopback, runServerProgram } from './serverIpc';
import { toolCountFromEnv } from '../fixture/toolSpecs';
import { telemetryFromEnv, telemetryOption } from '../fixture/telemetryOption';

const { decl, defs } = toolwireService(toolCountFromEnv());
const options = telemetryFromEnv() ? { telemetry: telemetryOption() } : undefined;

runServerProgram(() => listenOnLoopback(createServer(mcpHandler(decl, defs, options))));
