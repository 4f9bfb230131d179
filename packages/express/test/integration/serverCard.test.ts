/**
 * The server card (experimental `serverCard` option) over HTTP: at `<endpoint>/server-card` of
 * the Express router (relative to its mount), of `mcpHandler` and of `mcpFetchHandler` — the
 * same bytes and headers from each (the pipeline serves it): the draft's media type, CORS,
 * caching, a strong ETag and 304; fields equal to initialize's serverInfo and server/discover;
 * public (no Origin or token rules); off unless asked; a bad option is a TypeError at once.
 */
import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { ServerCardOptions } from '@toolwire/core';
import { mcpFetchHandler } from '@toolwire/fetch';
import { mcpTestClient } from '@toolwire/testing';
import { mcpHandler, mcpRouter } from '../../src';

const decl = new ToolDeclaration('toolwire-notes', '3.0.1', { title: 'Notes', websiteUrl: 'https://example.com/notes', instructions: 'Use the notes.' });
decl.addTool('find', 'Find notes');
const defs = new ServiceDefinition().registerProcedure('find', () => 'found');
const serverCard: ServerCardOptions = { name: 'io.example/notes', description: 'Notes, searchable', remotes: [{ url: 'https://mcp.example.com/api/tools' }] };
const verify = async () => undefined;
const auth = { resource: 'https://mcp.example.com/api/tools', authorizationServers: ['https://auth.example.com'], verify };

/** One GET (or other method) through a real node:http server on 127.0.0.1, port 0. */
async function fetchFrom(listener: Parameters<typeof createServer>[1], path: string, init: RequestInit = {}): Promise<Response> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, init);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

const router = express().use('/api/tools', mcpRouter(decl, defs, { serverCard }));
const handler = mcpHandler(decl, defs, { serverCard });
const fetchHandler = mcpFetchHandler(decl, defs, { serverCard });
const adapters: [string, (path: string, init?: RequestInit) => Promise<Response>][] = [
  ['the Express router (mounted at /api/tools)', (path, init) => fetchFrom(router, `/api/tools${path}`, init)],
  ['mcpHandler (node:http)', (path, init) => fetchFrom(handler, `/api/tools${path}`, init)],
  ['mcpFetchHandler', (path, init) => fetchHandler(new Request(`http://127.0.0.1/api/tools${path}`, init))],
];

describe.each(adapters)('the server card from %s', (_name, get) => {
  it('is served at <endpoint>/server-card with the media type, CORS, caching and a strong ETag', async () => {
    const res = await get('/server-card');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/mcp-server-card+json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET');
    expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type, If-None-Match');
    expect(res.headers.get('access-control-expose-headers')).toBe('ETag');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-z-]+"$/);
    expect(await res.json()).toMatchObject({ name: 'io.example/notes', version: '3.0.1', description: 'Notes, searchable', title: 'Notes' });
  });

  it('answers HEAD as GET (status and headers)', async () => {
    const head = await get('/server-card', { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), head.headers.get('etag')]).toEqual([200, 'application/mcp-server-card+json', (await get('/server-card')).headers.get('etag')]);
  });

  it('answers 304 without a body to If-None-Match naming its ETag, and 200 to another tag', async () => {
    const etag = (await get('/server-card')).headers.get('etag')!;
    const cached = await get('/server-card', { headers: { 'If-None-Match': etag } });
    expect([cached.status, cached.headers.get('etag'), cached.headers.get('access-control-allow-origin'), await cached.text()]).toEqual([304, etag, '*', '']);
    expect((await get('/server-card', { headers: { 'If-None-Match': '"stale"' } })).status).toBe(200);
  });

  it('answers the CORS preflight (204) and refuses other methods (405, Allow)', async () => {
    const preflight = await get('/server-card', { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'if-none-match' } });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin'), preflight.headers.get('access-control-allow-headers')]).toEqual([204, '*', 'Content-Type, If-None-Match']);
    const post = await get('/server-card', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
  });

  it('is public: a foreign Origin reads it (the endpoint itself refuses that Origin with 403)', async () => {
    expect((await get('/server-card', { headers: { Origin: 'https://elsewhere.example' } })).status).toBe(200);
    const refused = await get('', { method: 'POST', headers: { Origin: 'https://elsewhere.example', 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    expect(refused.status).toBe(403);
  });
});

describe('the server card and the endpoint agree', () => {
  it("the card's fields equal initialize's serverInfo and server/discover's (through the test client)", async () => {
    const card = (await request(router).get('/api/tools/server-card')).body;
    const client = mcpTestClient(router, { path: '/api/tools' });
    const { serverInfo } = await client.initialize();
    const discovered = await client.discover();
    expect({ name: serverInfo.name, version: card.version, title: card.title, websiteUrl: card.websiteUrl }).toEqual(serverInfo);
    expect(card._meta).toEqual(discovered._meta);
    expect(card.remotes).toEqual([{ type: 'streamable-http', url: 'https://mcp.example.com/api/tools', supportedProtocolVersions: ['2026-07-28', ...decl.supportedVersions] }]);
  });

  it('every adapter serves the same bytes and ETag', async () => {
    const answers = await Promise.all(adapters.map(async ([, get]) => {
      const res = await get('/server-card');
      return [res.headers.get('etag'), await res.text()];
    }));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  });

  it('needs no token on a protected endpoint (which answers 401 without one)', async () => {
    const protectedApp = express().use('/api/tools', mcpRouter(decl, defs, { serverCard, auth }));
    expect((await request(protectedApp).get('/api/tools/server-card')).status).toBe(200);
    expect((await request(protectedApp).post('/api/tools').set('Content-Type', 'application/json').send('{}')).status).toBe(401);
  });
});

describe('without the serverCard option', () => {
  it('there is no card: the router falls through (404), the handlers treat the path as the endpoint (405 for GET)', async () => {
    expect((await request(express().use('/mcp', mcpRouter(decl, defs))).get('/mcp/server-card')).status).toBe(404);
    expect((await mcpFetchHandler(decl, defs)(new Request('http://127.0.0.1/mcp/server-card'))).status).toBe(405);
  });

  it('a bad option is a TypeError when the endpoint is made, naming the option and the field', () => {
    expect(() => mcpRouter(decl, defs, { serverCard: { description: 'x' } })).toThrow(/@toolwire\/express: option serverCard\.name: required, because the declaration's name "toolwire-notes"/);
    expect(() => mcpHandler(decl, defs, { serverCard: { name: 'io.example/notes', description: '' } })).toThrow(/option serverCard\.description: expected a string of 1 to 100 characters/);
    expect(() => mcpFetchHandler(decl, defs, { serverCard: { name: 'notes', description: 'x' } })).toThrow(/@toolwire\/fetch: option serverCard\.name: expected a reverse-DNS registry name/);
  });
});
