/**
 * One set of HTTP rules: the same requests sent to `@toolwire/express`'s mcpHandler (over a real
 * loopback socket) and to mcpFetchHandler get the same status, the same Allow header and the same
 * body bytes — for every refusal and for the dispatcher's answers.
 */
import { once } from 'node:events';
import { createServer, request as httpRequest } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mcpHandler } from '@toolwire/express';
import { mcpFetchHandler } from '@toolwire/fetch';
import { fetchService, rpc } from '../helpers';

interface Case {
  name: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

const json = (value: unknown) => JSON.stringify(value);
const CASES: Case[] = [
  { name: 'tools/call add', body: json(rpc('tools/call', { name: 'add', arguments: { a: 2, b: 3 } })), headers: { 'mcp-protocol-version': '2025-11-25' } },
  { name: 'a validation failure (2025-03-26: -32602)', body: json(rpc('tools/call', { name: 'add', arguments: { a: 'x', b: 3 } })) },
  { name: 'a notification', body: json(rpc('notifications/initialized', undefined, null)) },
  { name: 'GET', method: 'GET' },
  { name: 'a foreign Origin', headers: { origin: 'http://evil.example' }, body: json(rpc('ping')) },
  { name: 'a rebinding Host', headers: { host: 'evil.example' }, body: json(rpc('ping')) },
  { name: 'text/plain', headers: { 'content-type': 'text/plain' }, body: json(rpc('ping')) },
  { name: 'a body over the limit', body: json(rpc('tools/call', { name: 'echo', arguments: { message: 'x'.repeat(300) } })) },
  { name: 'invalid JSON', body: '{"jsonrpc"' },
  { name: 'an empty batch', body: '[]' },
  { name: 'an unsupported version', headers: { 'mcp-protocol-version': '1999-01-01' }, body: json(rpc('tools/list')) },
  { name: 'an unknown method', body: json(rpc('no/such')) },
];

interface Seen {
  status: number;
  allow: string | null;
  type: string | null;
  body: string;
}

const options = { maxBodyBytes: 256, strictAccept: false };
const { decl, defs } = fetchService();
const viaFetch = mcpFetchHandler(decl, defs, options);
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer(mcpHandler(decl, defs, options)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

function expressSees(c: Case): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', host: `localhost:${port}`, ...c.headers };
    const req = httpRequest({ host: '127.0.0.1', port, path: '/mcp', method: c.method ?? 'POST', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow ?? null, type: res.headers['content-type'] ?? null, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(c.body);
  });
}

async function fetchSees(c: Case): Promise<Seen> {
  const headers = { 'content-type': 'application/json', host: `localhost:${port}`, ...c.headers };
  const res = await viaFetch(new Request(`http://localhost:${port}/mcp`, { method: c.method ?? 'POST', headers, body: c.body }));
  return { status: res.status, allow: res.headers.get('allow'), type: res.headers.get('content-type'), body: await res.text() };
}

it.each(CASES)('$name: the same status, headers and bytes from Express and fetch', async (c) => {
  const [viaExpress, viaWeb] = await Promise.all([expressSees(c), fetchSees(c)]);
  expect(viaWeb).toEqual(viaExpress);
});

it('covers every status the rules and the dispatcher give', async () => {
  const statuses = new Set((await Promise.all(CASES.map(fetchSees))).map((s) => s.status));
  expect([...statuses].sort()).toEqual([200, 202, 400, 403, 405, 413, 415]);
});
