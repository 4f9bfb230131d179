#!/usr/bin/env node
/**
 * The stdio example: the demo tools served over stdin/stdout until stdin ends. Register it in
 * an MCP host as `node <path>/examples/stdio-server/dist/main.js`.
 */
import { serveStdio } from '@toolwire/stdio';
import { createDemoService } from '@toolwire/example-demo-tools';
import { withLogTool } from './logTool';

const { defs, decl } = withLogTool(createDemoService());

serveStdio(defs, decl, {
  onError: (error, info) => process.stderr.write(`toolwire-demo: ${info.tool ?? info.method ?? 'request'} failed: ${String(error)}\n`),
}).catch((error: unknown) => {
  process.stderr.write(`toolwire-demo: ${String(error)}\n`);
  process.exitCode = 1;
});
