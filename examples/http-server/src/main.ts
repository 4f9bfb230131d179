#!/usr/bin/env node
/**
 * The HTTP example: the demo service on `http://127.0.0.1:${PORT:-3000}/mcp` (`npm start` at the
 * repository root). `PORT=0` picks a free port; the URL actually bound is logged to stderr as
 * `toolwire-demo listening on http://127.0.0.1:PORT/mcp`. SIGINT/SIGTERM close the server.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';

const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`toolwire-demo: PORT must be an integer from 0 to 65535, got ${JSON.stringify(process.env.PORT)}`);
  process.exit(1);
}

const app = createApp({
  onError: (error, info) => console.error(`toolwire-demo: ${info.tool ?? info.method ?? 'request'} failed:`, error),
});
// Slow clients cannot hold sockets open: a request's headers must arrive within 10 s and the
// whole request within 30 s (the response — a long call, an SSE stream — is not limited by
// these), and an idle keep-alive connection is closed after 5 s.
const server = createServer({ headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000 }, app);
server.listen(port, '127.0.0.1', () => {
  const { port: bound } = server.address() as AddressInfo;
  console.error(`toolwire-demo listening on http://127.0.0.1:${bound}/mcp`);
});
server.on('error', (error) => {
  console.error(`toolwire-demo: ${error.message}`);
  process.exit(1);
});

function shutdown(signal: string): void {
  console.error(`toolwire-demo: ${signal}, closing`);
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
