/**
 * exchanges: the ways the test client can deliver one JSON-RPC message and read the answer —
 * straight into a core Dispatcher (no HTTP), through a supertest agent, to a Node request
 * listener such as an Express app (served on 127.0.0.1 port 0 for that one request, then closed),
 * to anything with a Web `fetch(request)` method (a Hono app, a `mcpFetchHandler` wrapper), or
 * as lines to a stdio server (a spawned process, or `serveStdio` on in-process streams).
 */
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Dispatcher } from '@toolwire/core';
import { describeArgument } from '@toolwire/core/transport';
import { StdioConnection } from './stdioConnection';
import type { StdioPeer, StdioTarget } from './stdioConnection';
import type { Exchanged } from './results';

/** Delivers a message (JSON text) with the given request headers. */
export type Exchange = (json: string, headers: Readonly<Record<string, string>>) => Promise<Exchanged>;

/** The slice of a supertest request (`request(app).post(path)`) the client uses. */
export interface SupertestRequestLike extends PromiseLike<{ status: number; text: string; headers?: Record<string, string> }> {
  set(field: string, value: string): this;
  send(body: string): this;
}

/** A supertest agent: `request(app)`, `request.agent(app)` or `request('http://…')`. */
export interface SupertestLike {
  post(url: string): SupertestRequestLike;
}

/** Anything with a Web-standard `fetch(request)` method, e.g. a Hono app. */
export interface FetchTarget {
  fetch(request: Request): Response | Promise<Response>;
}

/** What {@link mcpTestClient} can talk to. */
export type McpTestTarget = RequestListener | SupertestLike | FetchTarget | Dispatcher | StdioTarget;

/** How the client reaches its target: the exchange, and for stdio the connection (to close). */
export interface Delivery {
  readonly exchange: Exchange;
  /** The stdio connection, when the target is a stdio server. */
  readonly stdio?: StdioConnection;
}

/** The HTTP header carrying the protocol version; a Dispatcher reads it from the context instead. */
export const VERSION_HEADER = 'MCP-Protocol-Version';

/**
 * Picks the exchange for `target`.
 * @throws TypeError for a target of none of the supported kinds.
 */
export function exchangeFor(target: McpTestTarget, path: string, peer: StdioPeer): Delivery {
  if (target instanceof Dispatcher) return { exchange: dispatcherExchange(target) };
  if (typeof target === 'function') return { exchange: listenerExchange(target, path) };
  if (typeof target === 'object' && target !== null) {
    if (typeof (target as FetchTarget).fetch === 'function') return { exchange: fetchExchange(target as FetchTarget, path) };
    if (typeof (target as SupertestLike).post === 'function') return { exchange: supertestExchange(target as SupertestLike, path) };
    if (StdioConnection.isTarget(target)) {
      const stdio = new StdioConnection(target as Required<{ [K in keyof StdioTarget]: NonNullable<StdioTarget[K]> }>, peer);
      return { exchange: (json, headers) => stdio.send(json, headers[VERSION_HEADER]), stdio };
    }
  }
  throw new TypeError(
    `mcpTestClient: expected an Express app (or node:http listener), a supertest agent, a Dispatcher, an object with fetch(request) or a stdio server ({ stdin, stdout }), got ${describeArgument(target)}`,
  );
}

/** Like stdio, a Dispatcher target has no headers (the 2026-07-28 header checks do not apply); its notifications are collected. */
function dispatcherExchange(dispatcher: Dispatcher): Exchange {
  return async (json, headers) => {
    const notifications: string[] = [];
    const result = await dispatcher.dispatch(json, { protocolVersion: headers[VERSION_HEADER], notify: (message) => void notifications.push(message) });
    return { status: result.status, text: result.body, notifications };
  };
}

function supertestExchange(agent: SupertestLike, path: string): Exchange {
  return async (json, headers) => {
    let test = agent.post(path);
    for (const [name, value] of Object.entries(headers)) test = test.set(name, value);
    const res = await test.send(json);
    return { status: res.status, text: res.text ?? '', contentType: res.headers?.['content-type'] };
  };
}

function fetchExchange(target: FetchTarget, path: string): Exchange {
  return async (json, headers) => {
    const res = await target.fetch(new Request(new URL(path, 'http://localhost'), { method: 'POST', headers, body: json }));
    return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') ?? undefined };
  };
}

function listenerExchange(listener: RequestListener, path: string): Exchange {
  return async (json, headers) => {
    const server = createServer(listener);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    try {
      const { port } = server.address() as AddressInfo;
      return await post(port, path, json, headers);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  };
}

function post(port: number, path: string, json: string, headers: Readonly<Record<string, string>>): Promise<Exchanged> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, 'Content-Length': String(Buffer.byteLength(json)) }, agent: false }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), contentType: res.headers['content-type'] }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(json);
  });
}
