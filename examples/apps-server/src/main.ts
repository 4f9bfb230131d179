#!/usr/bin/env node
/**
 * The apps example over HTTP: the notes board on `http://127.0.0.1:${PORT:-3002}/mcp`
 * (`npm start` in this folder). `PORT=0` picks a free port; the URL bound is logged to stderr as
 * `toolwire-notes-board listening on http://127.0.0.1:PORT/mcp`. SIGINT/SIGTERM close the server.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';

const port = Number(process.env.PORT ?? 3002);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`toolwire-notes-board: PORT must be an integer from 0 to 65535, got ${JSON.stringify(process.env.PORT)}`);
  process.exit(1);
}

const app = createApp({
  onError: (error, info) => console.error(`toolwire-notes-board: ${info.tool ?? info.method ?? 'request'} failed:`, error),
});
// Slow clients cannot hold sockets open (headers within 10 s, the request within 30 s, idle keep-alive 5 s).
const server = createServer({ headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000 }, app);
server.listen(port, '127.0.0.1', () => {
  const { port: bound } = server.address() as AddressInfo;
  console.error(`toolwire-notes-board listening on http://127.0.0.1:${bound}/mcp`);
});
server.on('error', (error) => {
  console.error(`toolwire-notes-board: ${error.message}`);
  process.exit(1);
});

function shutdown(signal: string): void {
  console.error(`toolwire-notes-board: ${signal}, closing`);
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
