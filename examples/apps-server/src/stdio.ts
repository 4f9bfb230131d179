#!/usr/bin/env node
/**
 * The apps example over stdio: the notes board served on stdin/stdout until stdin ends. Register
 * it in an MCP host as `node <path>/examples/apps-server/dist/stdio.js`. Logs go to stderr.
 */
import { serveStdio } from '@toolwire/stdio';
import { createAppsService } from './service';

const { defs, decl } = createAppsService();

serveStdio(defs, decl, {
  onError: (error, info) => process.stderr.write(`toolwire-notes-board: ${info.tool ?? info.method ?? 'request'} failed: ${String(error)}\n`),
}).catch((error: unknown) => {
  process.stderr.write(`toolwire-notes-board: ${String(error)}\n`);
  process.exitCode = 1;
});
