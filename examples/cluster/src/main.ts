#!/usr/bin/env node
/**
 * The cluster example: `WORKERS` (default: the number of cores) processes, each serving the
 * stateless router at `http://127.0.0.1:${PORT:-3000}/mcp` on the same port through
 * `node:cluster`. Nothing is shared between workers — no sessions, no sticky routing — so any
 * worker (or machine behind any load balancer) answers any request. The primary logs
 * `toolwire-cluster listening on URL (N workers)` to stderr once every worker listens
 * (`PORT=0` picks a free port, the same for all), restarts a worker that dies, and stops them
 * all on SIGINT/SIGTERM.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { mcpErrorHandler, mcpRouter } from '@toolwire/express';
import { createClusterService } from './service';

const port = Number(process.env.PORT ?? 3000);
const workers = Number(process.env.WORKERS ?? availableParallelism());
if (!Number.isInteger(port) || port < 0 || port > 65535 || !Number.isInteger(workers) || workers < 1) {
  console.error('toolwire-cluster: PORT must be an integer from 0 to 65535 and WORKERS a positive integer');
  process.exit(1);
}

if (cluster.isPrimary) {
  let listening = 0;
  let stopping = false;
  cluster.on('listening', (_worker, address) => {
    if (++listening === workers) console.error(`toolwire-cluster listening on http://127.0.0.1:${address.port}/mcp (${workers} workers)`);
  });
  cluster.on('exit', (worker, code) => {
    if (stopping) return;
    console.error(`toolwire-cluster: worker ${worker.id} exited (${code}), starting another`);
    cluster.fork();
  });
  for (let i = 0; i < workers; i++) cluster.fork();
  const stop = (): void => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    cluster.disconnect(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} else {
  const { decl, defs } = createClusterService();
  const app = express();
  app.use('/mcp', mcpRouter(decl, defs), mcpErrorHandler());
  // Slow clients cannot hold sockets open: a request's headers must arrive within 10 s and the
  // whole request within 30 s (the response — a long call, an SSE stream — is not limited by
  // these), and an idle keep-alive connection is closed after 5 s.
  const server = createServer({ headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000 }, app);
  server.listen(port, '127.0.0.1', () => void (server.address() as AddressInfo));
  process.once('SIGTERM', () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
