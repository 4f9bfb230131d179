#!/usr/bin/env bun
/**
 * The Hono example, served by the runtime running it: `bun dist/main.js` or
 * `deno run --allow-net=127.0.0.1 --allow-read --allow-env=PORT dist/main.js`. Listens on
 * `http://127.0.0.1:${PORT:-3000}/mcp` (`PORT=0` picks a free port) and prints the bound URL as
 * `toolwire-demo (hono) listening on http://127.0.0.1:PORT/mcp`. (On Node, mount the same app
 * with `@hono/node-server`, or use `examples/http-server`.)
 */
import { createApp } from './app';

/** The bits of Bun's and Deno's globals this file uses. */
interface Runtimes {
  Bun?: { serve(options: { hostname: string; port: number; fetch: (request: Request) => Response | Promise<Response> }): { port: number } };
  Deno?: {
    env: { get(name: string): string | undefined };
    serve(options: { hostname: string; port: number; onListen(address: { port: number }): void }, handler: (request: Request) => Response | Promise<Response>): unknown;
  };
}

const { Bun, Deno } = globalThis as Runtimes;
const port = Number((Deno ? Deno.env.get('PORT') : process.env.PORT) ?? 3000);
const app = createApp({
  onError: (error, info) => console.error(`toolwire-demo: ${info.tool ?? info.method ?? 'request'} failed:`, error),
});
const listening = (bound: number) => console.log(`toolwire-demo (hono) listening on http://127.0.0.1:${bound}/mcp`);

if (Bun) listening(Bun.serve({ hostname: '127.0.0.1', port, fetch: app.fetch }).port);
else if (Deno) Deno.serve({ hostname: '127.0.0.1', port, onListen: ({ port: bound }) => listening(bound) }, app.fetch);
else {
  console.error('toolwire-demo (hono): run me with bun or deno; on Node use examples/http-server or @hono/node-server');
  process.exit(2);
}
