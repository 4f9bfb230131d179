/**
 * Notification streams over Express: the legacy GET stream (notificationStream) refuses a client
 * that does not take SSE (406) and a 2026-07-28 client (405, pointing at subscriptions/listen),
 * and past maxSubscriptions is 503 with Retry-After; an idle stream gets keep-alive comments; with
 * `auth`, a listen is only acknowledged (and told) the resources its token may read; and a
 * listener that stops reading is cut off at maxSseBufferBytes and let go (its place is free again).
 */
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { MemoryNotificationBus, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { AuthInfo } from '@toolwire/core';
import { mcpTestClient } from '@toolwire/testing';
import { mcpRouter } from '../../src';
import type { McpHttpOptions } from '../../src';

const RESOURCE = 'https://mcp.example.com/mcp';
const TOKENS: Record<string, AuthInfo> = {
  reader: { subject: 'alice', scopes: ['notes'], audience: RESOURCE },
  guest: { subject: 'bob', scopes: [], audience: RESOURCE },
};

function serve(options: McpHttpOptions = {}) {
  const decl = new ToolDeclaration('streams', '1.0.0');
  decl.addTool('noop');
  decl.addResource('test://open', 'open').setContents('open');
  decl.addResource('test://secret', 'secret').setContents('secret').setScopes(['notes']);
  const defs = new ServiceDefinition().registerProcedure('noop', () => 'ok');
  const bus = new MemoryNotificationBus();
  const app = express().use('/mcp', mcpRouter(decl, defs, { notificationBus: bus, notificationStream: true, ...options }));
  return { app, bus, decl };
}

const servers: Server[] = [];
afterAll(() => servers.forEach((s) => (s.closeAllConnections(), s.close())));

function listening(app: express.Express): Promise<number> {
  const server = createServer(app);
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** Opens a GET stream and resolves with its response, not reading its body unless told to. */
function openGet(port: number, headers: Record<string, string> = { Accept: 'text/event-stream' }): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/mcp', method: 'GET', headers, agent: false }, resolve);
    req.on('error', reject);
    req.end();
  });
}

describe('the legacy GET stream', () => {
  it('refuses a client that does not accept text/event-stream with 406', async () => {
    const res = await request(serve().app).get('/mcp').set('Accept', 'application/json');
    expect(res.status).toBe(406);
    expect(res.body.error.message).toBe('Not Acceptable: a GET notification stream needs Accept: text/event-stream');
  });

  it('sends a 2026-07-28 client to subscriptions/listen with 405', async () => {
    const res = await request(serve().app).get('/mcp').set('Accept', 'text/event-stream').set('MCP-Protocol-Version', '2026-07-28');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it('is refused 503 with Retry-After past maxSubscriptions, and admitted again once a stream closes', async () => {
    const port = await listening(serve({ maxSubscriptions: 1 }).app);
    const first = await openGet(port);
    expect(first.statusCode).toBe(200);
    const second = await openGet(port);
    expect(second.statusCode).toBe(503);
    expect(second.headers['retry-after']).toBe('1');
    second.resume();
    const closed = new Promise((resolve) => first.once('close', resolve));
    first.destroy();
    await closed;
    // the server learns of the close on its own socket: try until the place is free
    let third = await openGet(port);
    while (third.statusCode === 503) {
      third.resume();
      await new Promise((resolve) => setImmediate(resolve));
      third = await openGet(port);
    }
    expect(third.statusCode).toBe(200);
    third.destroy();
  });

  it('writes keep-alive comments on an idle stream', async () => {
    const port = await listening(serve({ keepAliveMs: 20 }).app);
    const res = await openGet(port);
    res.setEncoding('utf8');
    let text = '';
    await new Promise<void>((resolve) =>
      res.on('data', (chunk: string) => {
        text += chunk;
        if (text.split(': keep-alive\n\n').length > 2) resolve(); // the opening comment, then one written while idle
      }),
    );
    expect(text).not.toContain('data:');
    res.destroy();
  });
});

describe('subscriptions/listen with auth', () => {
  it('acknowledges (and tells) only the resources the token may read', async () => {
    const auth = { resource: RESOURCE, authorizationServers: ['https://auth.example.com'], verify: async (token: string) => TOKENS[token] };
    const { app, decl } = serve({ auth });
    const port = await listening(app);
    const url = `http://127.0.0.1:${port}/mcp`;
    const uris = ['test://open', 'test://secret'];
    const guest = await mcpTestClient(url, { era: 'modern', headers: { Authorization: 'Bearer guest' } }).listen({ resourceSubscriptions: uris });
    const reader = await mcpTestClient(url, { era: 'modern', headers: { Authorization: 'Bearer reader' } }).listen({ resourceSubscriptions: uris });
    expect(guest.acknowledged).toEqual({ resourceSubscriptions: ['test://open'] });
    expect(reader.acknowledged).toEqual({ resourceSubscriptions: uris });
    decl.resourceUpdated('test://secret');
    decl.resourceUpdated('test://open');
    expect((await reader.next()).value?.params.uri).toBe('test://secret');
    expect((await guest.next()).value?.params.uri).toBe('test://open'); // the secret one was never sent to it
    guest.close();
    reader.close();
  });
});

describe('a listener that stops reading', () => {
  it('is cut off at maxSseBufferBytes and let go: its place is free again', async () => {
    const { app, bus } = serve({ maxSubscriptions: 1, maxSseBufferBytes: 4096 });
    const port = await listening(app);
    const url = `http://127.0.0.1:${port}/mcp`;
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const body = JSON.stringify({ jsonrpc: '2.0', id: 'stuck', method: 'subscriptions/listen', params: { _meta: meta, notifications: { resourceSubscriptions: ['test://open'] } } });
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'subscriptions/listen' };
    const stuck = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers, agent: false }, resolve);
      req.on('error', reject);
      req.end(body);
    });
    expect(stuck.statusCode).toBe(200);
    stuck.pause(); // never reads: the socket's buffers fill, then the server's queue
    const client = mcpTestClient(url, { era: 'modern' });
    const refused = await client.listen({ toolsListChanged: true }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 503 });
    // flood until the stuck listener is cut off and its place is free (bounded: 200 rounds of 500 updates, ~20 MB)
    let admitted: Awaited<ReturnType<typeof client.listen>> | undefined;
    for (let round = 0; round < 200 && !admitted; round++) {
      for (let i = 0; i < 500; i++) void bus.publish({ type: 'resourceUpdated', uri: 'test://open' });
      await bus.publish({ type: 'resourceUpdated', uri: 'test://open' });
      admitted = await client.listen({ toolsListChanged: true }).catch(() => undefined);
    }
    expect(admitted).toBeDefined();
    admitted?.close();
    stuck.destroy();
  });
});

