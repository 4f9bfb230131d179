/**
 * Server program: toolwire's framework-neutral `mcpHandler` as a plain `node:http` request
 * listener, with the options its environment names (`toolwireOptions.ts`: `TELEMETRY=1` the
 * telemetry option, `TASKS=redis` a Redis task store, `RATE_LIMIT=memory|redis` a per-principal
 * limit on tools/call).
 */
import { createServer } from 'node:http';
import { mcpHandler } from '@toolwire/express';
import { toolwireServiceFromEnv } from './toolwireDefinition';
import { toolwireOptionsFromEnv } from './toolwireOptions';
import { listenOnLoopback, runServerProgram } from './serverIpc';
import { toolCountFromEnv } from '../fixture/toolSpecs';

runServerProgram(async () => {
  const { decl, defs } = await toolwireServiceFromEnv(toolCountFromEnv());
  return listenOnLoopback(createServer(mcpHandler(decl, defs, await toolwireOptionsFromEnv())));
});
