/**
 * Server program: tmcp 1.20 over HTTP as its transport's README serves it on Node — one
 * `HttpTransport(server, { path: '/mcp' })`, and `transport.respond(request)` inside
 * `createRequestListener` of `@remix-run/node-fetch-server` on `node:http`. tmcp answers every
 * POST with a short request-scoped SSE stream; legacy (2025-era) clients get a session from
 * initialize, 2026-07-28 requests are served without one.
 */
import { createServer } from 'node:http';
import { HttpTransport } from '@tmcp/transport-http';
import { createRequestListener } from '@remix-run/node-fetch-server';
import { tmcpServer } from './tmcpDefinition';
import { listenOnLoopback, runServerProgram } from './serverIpc';
import { toolCountFromEnv } from '../fixture/toolSpecs';

const transport = new HttpTransport(tmcpServer(toolCountFromEnv()), { path: '/mcp' });
const listener = createRequestListener(async (request) => (await transport.respond(request)) ?? new Response(null, { status: 404 }));

runServerProgram(() => listenOnLoopback(createServer(listener)));
