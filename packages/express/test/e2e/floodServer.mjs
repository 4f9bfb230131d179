/**
 * The slow-client e2e server: tools that send notifications until they are cancelled, served on
 * 127.0.0.1 with a free port by `mcpHandler` on node:http, `mcpRouter` in Express, or
 * `mcpFetchHandler` behind a minimal node:http bridge that streams the Response body with
 * backpressure (argv[2] names which; argv[3] may give the path of the Express module to use). `stats` reports the process's RSS and what the floods did.
 * Prints `PORT <n>` on stdout once listening; imports the built packages (dist).
 */
/* global Request */
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';
import { mcpHandler, mcpRouter } from '@toolwire/express';
import { mcpFetchHandler } from '@toolwire/fetch';

const PAD = 'x'.repeat(1000);
const stats = { progressSent: 0, logsSent: 0, running: 0, aborted: 0, cutOff: 0, reasons: [] };

/** Calls `send` 50 times per turn of the event loop until the call's signal aborts. */
async function flood(ctx, send) {
  stats.running++;
  try {
    while (!ctx.signal.aborted) {
      for (let i = 0; i < 50; i++) send();
      await new Promise((resolve) => setImmediate(resolve));
    }
    stats.aborted++;
    const reason = String(ctx.signal.reason?.message ?? ctx.signal.reason);
    if (/fell more than \d+ bytes behind/.test(reason)) stats.cutOff++;
    if (stats.reasons.length < 10) stats.reasons.push(reason);
    throw ctx.signal.reason;
  } finally {
    stats.running--;
  }
}

const decl = new ToolDeclaration('toolwire-flood-e2e', '1.0.0', { logging: true });
decl.addTool('flood', 'Sends progress (with a 1000-character message) until cancelled');
decl.addTool('logflood', 'Sends info log messages of 1000 characters until cancelled');
decl.addTool('stats', 'The server process: RSS in bytes and what the floods did');
decl.addTool('add', 'Add two integers').addParam('a', integerType(), 'First').addParam('b', integerType(), 'Second');

const defs = new ServiceDefinition()
  .registerProcedure('flood', (ctx) => {
    let n = 0;
    return flood(ctx, () => {
      stats.progressSent++;
      ctx.progress(++n, undefined, PAD);
    });
  })
  .registerProcedure('logflood', (ctx) =>
    flood(ctx, () => {
      stats.logsSent++;
      ctx.log('info', PAD);
    }),
  )
  .registerProcedure('stats', () => JSON.stringify({ rss: process.memoryUsage.rss(), padLength: PAD.length, ...stats }))
  .registerProcedure('add', (a, b) => a + b);

const mode = process.argv[2];
let server;
if (mode === 'mcpHandler') {
  const handle = mcpHandler(decl, defs);
  server = createServer((req, res) => handle(req, res));
} else if (mode === 'mcpRouter') {
  // argv[3]: the Express to mount the router in (the test's, so the express-4 project runs Express 4)
  const { default: express } = await import(process.argv[3] ? pathToFileURL(process.argv[3]).href : 'express');
  if (process.argv[3]) stats.express = JSON.parse(readFileSync(join(dirname(process.argv[3]), 'package.json'), 'utf8')).version;
  const app = express();
  app.use('/mcp', mcpRouter(decl, defs));
  server = createServer(app);
} else if (mode === 'mcpFetchHandler') {
  const handle = mcpFetchHandler(decl, defs);
  server = createServer(async (req, res) => {
    const controller = new AbortController();
    res.once('close', () => res.writableFinished || controller.abort());
    const request = new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => [name, v]) : value === undefined ? [] : [[name, value]])),
      body: req.method === 'POST' ? Readable.toWeb(req) : undefined,
      duplex: 'half',
      signal: controller.signal,
    });
    const response = await handle(request);
    res.writeHead(response.status, [...response.headers].flat());
    if (response.body === null) return void res.end();
    // the Response body is read only as fast as the socket takes it
    await pipeline(Readable.fromWeb(response.body), res).catch(() => res.destroy());
  });
} else {
  console.error(`usage: floodServer.mjs mcpHandler|mcpRouter|mcpFetchHandler (got ${mode})`);
  process.exit(2);
}
server.listen(0, '127.0.0.1', () => console.log(`PORT ${server.address().port}`));
