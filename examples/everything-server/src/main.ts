#!/usr/bin/env node
/**
 * The everything server. `--port N` (default `$PORT` or 3001; 0 picks a free port) serves
 * `http://127.0.0.1:N/mcp` and logs the bound URL to stderr; `--stdio` serves standard I/O;
 * `--page-size N` pages tools/list N tools at a time; `--call-timeout-ms N` answers a call still
 * running after N ms with `isError: true` "timed out after N ms" and aborts its signal.
 */
import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mcpErrorHandler, mcpRouter } from '@toolwire/express';
import { serveStdio } from '@toolwire/stdio';
import { createEverythingService } from './everything';

function fail(message: string): never {
  console.error(`toolwire-everything: ${message}`);
  console.error('usage: toolwire-everything [--port N | --stdio] [--page-size N] [--call-timeout-ms N]');
  process.exit(2);
}

function parseArgs(argv: string[]): { stdio: boolean; port: number; pageSize?: number; callTimeoutMs?: number } {
  let stdio = false;
  let port = Number(process.env.PORT ?? 3001);
  let pageSize: number | undefined;
  let callTimeoutMs: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--stdio') stdio = true;
    else if (argv[i] === '--port') port = Number(argv[++i]);
    else if (argv[i] === '--page-size') pageSize = Number(argv[++i]);
    else if (argv[i] === '--call-timeout-ms') callTimeoutMs = Number(argv[++i]);
    else fail(`unknown argument ${JSON.stringify(argv[i])}`);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail('the port must be an integer from 0 to 65535');
  if (pageSize !== undefined && (!Number.isInteger(pageSize) || pageSize < 1)) fail('the page size must be a positive integer');
  if (callTimeoutMs !== undefined && (!Number.isInteger(callTimeoutMs) || callTimeoutMs < 1 || callTimeoutMs > 2 ** 31 - 1)) {
    fail('the call timeout must be a positive integer number of ms (at most 2147483647)');
  }
  return { stdio, port, pageSize, callTimeoutMs };
}

const { stdio, port, pageSize, callTimeoutMs } = parseArgs(process.argv.slice(2));
const { decl, defs } = createEverythingService({ pageSize });
const onError = (error: unknown, info: { tool?: string; method?: string }) =>
  console.error(`toolwire-everything: ${info.tool ?? info.method ?? 'request'} failed:`, error);

if (stdio) {
  serveStdio(defs, decl, { onError, callTimeoutMs }).catch((error: unknown) => fail(String(error)));
} else {
  const app = express();
  app.use('/mcp', mcpRouter(decl, defs, { onError, callTimeoutMs }), mcpErrorHandler());
  const server = createServer(app);
  server.listen(port, '127.0.0.1', () => {
    console.error(`toolwire-everything listening on http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  });
  server.on('error', (error) => fail(error.message));
  const close = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
}
