/**
 * The Fastify plugin runs the very pipeline `@toolwire/express` runs: the same requests sent to
 * mcpHandler (over a real loopback socket) and to mcpPlugin (through `fastify.inject`) get the
 * same status, the same headers core chose and the same body bytes — for refusals, for the
 * dispatcher's answers and for an SSE stream of progress notifications.
 */
import { once } from 'node:events';
import { createServer, request as httpRequest } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { mcpHandler } from '@toolwire/express';
import { mcpPlugin } from '../../src';
import { fastifyService, rpc } from '../helpers';

interface Case {
  name: string;
  method?: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
}

const json = (value: unknown) => JSON.stringify(value);
const BASE = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', host: 'localhost' };
const CASES: Case[] = [
  { name: 'tools/call add', body: json(rpc('tools/call', { name: 'add', arguments: { a: 2, b: 3 } })), headers: { 'mcp-protocol-version': '2025-11-25' } },
  { name: 'tools/list', body: json(rpc('tools/list')) },
  { name: 'a validation failure', body: json(rpc('tools/call', { name: 'add', arguments: { a: 'x', b: 3 } })) },
  { name: 'a notification (202)', body: json(rpc('notifications/initialized', undefined, null)) },
  { name: 'GET (405)', method: 'GET' },
  { name: 'DELETE (405)', method: 'DELETE' },
  { name: 'a foreign Origin (403)', headers: { origin: 'http://evil.example' }, body: json(rpc('ping')) },
  { name: 'a rebinding Host (403)', headers: { host: 'evil.example' }, body: json(rpc('ping')) },
  { name: 'text/plain (415)', headers: { 'content-type': 'text/plain' }, body: json(rpc('ping')) },
  { name: 'a body over the limit (413)', body: json(rpc('tools/call', { name: 'echo', arguments: { message: 'x'.repeat(300) } })) },
  { name: 'invalid JSON (400)', body: '{"jsonrpc"' },
  { name: 'an empty batch (400)', body: '[]' },
  { name: 'an unsupported version (400)', headers: { 'mcp-protocol-version': '1999-01-01' }, body: json(rpc('tools/list')) },
  { name: 'progress over SSE', body: json(rpc('tools/call', { name: 'count', arguments: { n: 3 }, _meta: { progressToken: 't' } })) },
];

/** What both must agree on: status, the headers core and Node's framing set, the body bytes. */
interface Seen {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
}

const COMPARED = ['allow', 'content-type', 'content-length', 'cache-control', 'x-accel-buffering', 'connection', 'www-authenticate', 'transfer-encoding'];
const pick = (headers: Record<string, unknown>): Record<string, string | undefined> => Object.fromEntries(COMPARED.map((h) => [h, headers[h] === undefined ? undefined : String(headers[h])]));

const options = { maxBodyBytes: 256 };
let server: Server;
let port: number;
let app: FastifyInstance;

beforeAll(async () => {
  const express = fastifyService();
  server = createServer(mcpHandler(express.decl, express.defs, options)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  const { decl, defs } = fastifyService();
  app = Fastify();
  await app.register(mcpPlugin, { decl, defs, path: '/mcp', ...options });
  await app.ready();
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await Promise.all([once(server, 'close'), app.close()]);
});

function viaNode(c: Case): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/mcp', method: c.method ?? 'POST', headers: { ...BASE, ...c.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: pick(res.headers), body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(c.body);
  });
}

async function viaFastify(c: Case): Promise<Seen> {
  const res = await app.inject({ method: c.method ?? 'POST', url: '/mcp', headers: { ...BASE, ...c.headers }, payload: c.body });
  return { status: res.statusCode, headers: pick(res.headers), body: res.body };
}

describe('mcpPlugin answers what mcpHandler answers', () => {
  it.each(CASES)('$name: same status, headers and body bytes', async (c) => {
    const [node, fastify] = [await viaNode(c), await viaFastify(c)];
    expect(fastify).toEqual(node);
    expect(node.status).toBeGreaterThanOrEqual(200); // a real answer, not an empty match
  });

  it('streams progress as SSE events ending with the response', async () => {
    const seen = await viaFastify(CASES[CASES.length - 1]);
    expect(seen.headers['content-type']).toBe('text/event-stream');
    const events = seen.body.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)));
    expect(events.map((e) => e.params?.progress ?? e.result?.content?.[0]?.text)).toEqual([1, 2, 3, 'counted 3']);
  });

  it('only the endpoint path is served: another path is Fastify\'s 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/other', headers: BASE, payload: json(rpc('ping')) });
    expect(res.statusCode).toBe(404);
  });

  it('checks its options at registration, naming the plugin', async () => {
    const { decl, defs } = fastifyService();
    const bad = Fastify();
    bad.register(mcpPlugin, { decl, defs, maxBodyBytes: 0 });
    await expect(bad.ready()).rejects.toThrow(/@toolwire\/fastify: option maxBodyBytes: expected a positive integer, got 0/);
    await bad.close();
    const swapped = Fastify();
    swapped.register(mcpPlugin, { decl: defs as never, defs: decl as never });
    await expect(swapped.ready()).rejects.toThrow(/mcpPlugin: expected a ToolDeclaration/);
    await swapped.close();
  });
});
