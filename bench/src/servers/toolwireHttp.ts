/**
 * Server program: toolwire's framework-neutral `mcpHandler` as a plain `node:http` request
 * listener; with `TELEMETRY=1` its `telemetry` option is on (an SDK tracer with a dropping exporter),
 * with `TASKS=redis` its task store is a RedisTaskStore over a redis-server of its own, with
 * `RATE_LIMIT=memory|redis` a per-principal limit on tools/call is checked (benchGovernance.ts).
 */
import { createServer } from 'node:http';
import { mcpHandler } from '@toolwire/express';
import { toolwireService } from './toolwireDefinition';
import { listenOnLoopback, runServerProgram } from './serverIpc';
import { toolCountFromEnv } from '../fixture/toolSpecs';
import { telemetryFromEnv, telemetryOption } from '../fixture/telemetryOption';
import { taskStoreOptions } from './benchTaskStore';
import { rateLimitOptions } from './benchGovernance';

const { decl, defs } = toolwireService(toolCountFromEnv());
const telemetry = telemetryFromEnv() ? { telemetry: telemetryOption() } : {};

runServerProgram(async () => listenOnLoopback(createServer(mcpHandler(decl, defs, { ...telemetry, ...(await taskStoreOptions()), ...(await rateLimitOptions()) }))));
