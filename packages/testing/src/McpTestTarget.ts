/**
 * McpTestTarget: every kind of endpoint the test client talks to, as structural types — an
 * Express app or any `node:http` request listener, a `node:http` server, a supertest agent, a
 * Web fetch handler or an object with `fetch(request)` (Hono), an endpoint URL, a core
 * `Dispatcher`, or a stdio server — so this package imports neither Express nor supertest, and
 * a Fastify, fetch, Hono or stdio project tests without installing them.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dispatcher } from '@toolwire/core';
import type { StdioTarget } from './stdioConnection';

/** The slice of a supertest request (`request(app).post(path)`) the client uses. */
export interface SupertestRequestLike extends PromiseLike<{ status: number; text: string; headers?: Record<string, string> }> {
  set(field: string, value: string): this;
  send(body: string): this;
}

/** A supertest agent: `request(app)`, `request.agent(app)` or `request('http://…')`. */
export interface SupertestLike {
  post(url: string): SupertestRequestLike;
}

/** A Web fetch handler, `(request) => Promise<Response>`: `mcpFetchHandler(decl, defs)`, a Worker's or Bun's `fetch`. */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

/** Anything with a Web-standard `fetch(request)` method: a Hono app, `{ fetch: handler }`. */
export interface FetchTarget {
  fetch(request: Request): Response | Promise<Response>;
}

/** An Express app or a `node:http` listener: `(req, res)` — two parameters or more (Express's app takes `next` too). */
export type NodeListener = RequestListener | ((req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void);

/** The slice of a `node:http` (or `node:https`-less) server the client uses: listening or not. */
export interface HttpServerLike {
  readonly listening: boolean;
  address(): AddressInfo | string | null;
  listen(port: number, host: string, callback: () => void): unknown;
  close(callback: (error?: Error) => void): unknown;
  closeAllConnections?(): void;
  once(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * What {@link mcpTestClient} can talk to:
 * - an Express app or `node:http` listener (`(req, res)`), served on 127.0.0.1, port 0, per call;
 * - a `node:http` server (`http.createServer(…)`, a Fastify app's `server` after `ready()`): its
 *   address when it listens, else listened on 127.0.0.1, port 0, per call;
 * - a supertest agent;
 * - a fetch handler (a function of one parameter, `(request) => Promise<Response>`) or an object
 *   with `fetch(request)`;
 * - an endpoint URL (`'http://127.0.0.1:3000/mcp'` or a `URL`), reached with Node's `fetch`;
 * - a core `Dispatcher` (no HTTP);
 * - a stdio server (`{ stdin, stdout }`: a spawned `ChildProcess`, or `serveStdio`'s streams).
 */
export type McpTestTarget = NodeListener | HttpServerLike | SupertestLike | FetchHandler | FetchTarget | string | URL | Dispatcher | StdioTarget;

/** Whether `value` is a `node:http` server (it has `listen`, `address` and a `listening` flag). */
export function isHttpServer(value: object): value is HttpServerLike {
  const server = value as Partial<Record<'listen' | 'address' | 'close', unknown>> & { listening?: unknown };
  return typeof server.listen === 'function' && typeof server.address === 'function' && typeof server.close === 'function' && typeof server.listening === 'boolean';
}
