/**
 * httpExchanges: the test client's HTTP deliveries — through a supertest agent, to a Web fetch
 * handler (called in-process with a `Request`), to an endpoint URL (Node's `fetch`), and to a
 * `node:http` listener or server (served on 127.0.0.1, port 0, for that one request and closed
 * again, unless the server already listens). None of them needs Express or supertest installed.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Exchange, Exchanged } from './Exchange';
import type { FetchHandler, HttpServerLike, NodeListener, SupertestLike } from './McpTestTarget';

/** Through a supertest agent (`request(app)`): supertest serves and reads the answer. */
export function supertestExchange(agent: SupertestLike, path: string): Exchange {
  return async (json, headers) => {
    let test = agent.post(path);
    for (const [name, value] of Object.entries(headers)) test = test.set(name, value);
    const res = await test.send(json);
    return { status: res.status, text: res.text ?? '', contentType: res.headers?.['content-type'] };
  };
}

/** A `Request` to `base` + `path`, handed to `handle` (a fetch handler in-process, or Node's `fetch` itself for a URL). */
export function fetchExchange(handle: FetchHandler, path: string | URL, base = 'http://localhost'): Exchange {
  const url = new URL(path, base);
  return async (json, headers) => {
    const res = await handle(new Request(url, { method: 'POST', headers, body: json }));
    return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') ?? undefined };
  };
}

/** An Express app or `node:http` listener, served for each request on its own server. */
export function listenerExchange(listener: NodeListener, path: string): Exchange {
  return serverExchange(createServer(listener as Parameters<typeof createServer>[0]), path);
}

/** A `node:http` server: at its address when it listens, else listened on 127.0.0.1, port 0, for each request and closed again. */
export function serverExchange(server: HttpServerLike, path: string): Exchange {
  return async (json, headers) => {
    if (server.listening) return post(server.address(), path, json, headers);
    await listen(server);
    try {
      return await post(server.address(), path, json, headers);
    } finally {
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  };
}

/** Listens on 127.0.0.1, port 0 (a server the client serves for the time of a request or stream). */
export function listen(server: HttpServerLike): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Where to connect for a server's `address()`: its pipe, or its port (on 127.0.0.1 when it listens on every interface). */
export function endpointOf(address: ReturnType<HttpServerLike['address']>): { socketPath: string } | { host: string; port: number } {
  if (typeof address === 'string') return { socketPath: address };
  if (address === null) throw new Error('mcpTestClient: the server listens, but has no address');
  const wildcard = address.address === '::' || address.address === '0.0.0.0'; // every interface: the IPv4 loopback is one
  return { host: wildcard ? '127.0.0.1' : address.address, port: address.port };
}

function post(address: ReturnType<HttpServerLike['address']>, path: string, json: string, headers: Readonly<Record<string, string>>): Promise<Exchanged> {
  return new Promise((resolve, reject) => {
    const options = { ...endpointOf(address), path, method: 'POST', headers: { ...headers, 'Content-Length': String(Buffer.byteLength(json)) }, agent: false };
    const req = httpRequest(options, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), contentType: res.headers['content-type'] }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(json);
  });
}
